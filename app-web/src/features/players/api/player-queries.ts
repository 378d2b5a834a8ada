import { queryOptions } from '@tanstack/react-query';
import type { GameType } from '@wager/domain/bets/rules';
import type { LeaderboardEntryView, LeaderboardView, OpponentsView, PlayerProfileView } from '@wager/domain/contracts/players';
import { apiRequest } from '../../../lib/api-client';

/** The players API's shapes are its contract's (`@wager/domain/contracts/players`); these names are the screens'. */
export type PlayerProfile = PlayerProfileView;
export type LeaderboardEntry = LeaderboardEntryView;

/** The Find Opponents form's state (sent as GET /api/opponents's querystring). */
export interface OpponentFilters {
  game?: GameType | '';
  ratingMin?: string;
  ratingMax?: string;
  online?: boolean;
  search?: string;
  page: number;
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
        apiRequest<OpponentsView>(
          'GET',
          `/api/opponents${query({ game: f.game, ratingMin: f.ratingMin, ratingMax: f.ratingMax, online: f.online, search: f.search?.trim(), page: f.page })}`,
        ),
    }),
  leaderboard: (game: GameType | '', page: number) =>
    queryOptions({
      queryKey: ['/api/leaderboard', game, page] as const,
      queryFn: () => apiRequest<LeaderboardView>('GET', `/api/leaderboard${query({ game, page })}`),
    }),
};
