import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PlayerProfile {
  id: string;
  username: string;
  psnUsername: string | null;
  activisionId: string | null;
  isPsnVerified: boolean;
  isActivisionVerified: boolean;
  rating: number;
  wins: number;
  losses: number;
  online: boolean;
  lastSeenAt: string | null;
}

export interface OpponentFilters {
  game?: 'fc25' | 'cod' | '';
  ratingMin?: string;
  ratingMax?: string;
  online?: boolean;
  search?: string;
  page: number;
}

export interface LeaderboardEntry {
  rank: number;
  id: string;
  username: string;
  rating: number;
  wins: number;
  losses: number;
  winRate: number;
  totalWinnings: string;
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '' && value !== false) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/opponents and GET /api/leaderboard (docs/api/players.md). */
export const playerQueries = {
  opponents: (f: OpponentFilters) =>
    queryOptions({
      queryKey: ['/api/opponents', f] as const,
      queryFn: () =>
        apiRequest<{ players: PlayerProfile[]; page: number; totalPages: number }>(
          'GET',
          `/api/opponents${query({ game: f.game, ratingMin: f.ratingMin, ratingMax: f.ratingMax, online: f.online, search: f.search?.trim(), page: f.page })}`,
        ),
    }),
  leaderboard: (game: 'fc25' | 'cod' | '', page: number) =>
    queryOptions({
      queryKey: ['/api/leaderboard', game, page] as const,
      queryFn: () => apiRequest<{ entries: LeaderboardEntry[]; me: LeaderboardEntry | null; currency: string; page: number; totalPages: number }>('GET', `/api/leaderboard${query({ game, page })}`),
    }),
};
