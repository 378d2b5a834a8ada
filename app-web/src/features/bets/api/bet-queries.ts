import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Bet, PublicChallenge } from '../../../types/api';
import { userQueries } from '../../auth/api/user-queries';

/** The lists of GET /api/bets (issue 5: `status` filter). */
export type BetListFilter = 'active' | 'pending' | 'created' | 'completed' | 'disputed';
export const MARKETPLACE_PAGE_SIZE = 20;

export interface PublicChallengeFilters {
  page: number;
  search?: string;
  currency?: string;
  gameType?: string;
  amountRange?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Bet reads, keyed by API path from general to specific (TkDodo). */
export const betQueries = {
  all: () => ['/api/bets'] as const,
  list: (filter?: BetListFilter) =>
    queryOptions({
      queryKey: [...betQueries.all(), 'list', filter ?? 'all'] as const,
      queryFn: () => apiRequest<Bet[]>('GET', `/api/bets${query({ status: filter })}`),
    }),
  detail: (betId: string) =>
    queryOptions({ queryKey: [...betQueries.all(), 'detail', betId] as const, queryFn: () => apiRequest<Bet>('GET', `/api/bets/${encodeURIComponent(betId)}`) }),
};

export const challengeQueries = {
  all: () => ['/api/challenges'] as const,
  publicList: (filters: PublicChallengeFilters) =>
    queryOptions({
      queryKey: [...challengeQueries.all(), 'public', filters] as const,
      queryFn: () =>
        apiRequest<{ challenges: PublicChallenge[]; totalPages: number }>(
          'GET',
          `/api/challenges/public${query({ page: filters.page, limit: MARKETPLACE_PAGE_SIZE, search: filters.search, currency: filters.currency, gameType: filters.gameType, amountRange: filters.amountRange })}`,
        ),
    }),
  invite: (inviteLinkId: string) =>
    queryOptions({
      queryKey: [...challengeQueries.all(), 'invite', inviteLinkId] as const,
      queryFn: () => apiRequest<{ bet: Bet } | Bet>('GET', `/api/challenges/${encodeURIComponent(inviteLinkId)}`),
      retry: false,
    }),
};

/** Anything that moves a stake changes the user's balance, the bet lists and the marketplace. */
function useInvalidateBets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [betQueries.all(), challengeQueries.all(), userQueries.all(), ['/api/transactions']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export interface CreateBetResponse {
  bet?: Bet;
  shareableLink?: string;
  id?: string;
}

export function useCreateBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (payload: Record<string, unknown>) => apiRequest<CreateBetResponse>('POST', '/api/bets', payload),
    onSuccess: () => invalidate(),
  });
}

export function useCancelBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (betId: string) => apiRequest('POST', `/api/bets/${encodeURIComponent(betId)}/cancel`),
    onSuccess: () => invalidate(),
  });
}

/** The invited opponent turns a direct challenge down; the challenger is refunded. */
export function useDeclineBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (betId: string) => apiRequest('POST', `/api/bets/${encodeURIComponent(betId)}/decline`),
    onSuccess: () => invalidate(),
  });
}

export function useAcceptInvite() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (inviteLinkId: string) => apiRequest<{ bet?: Bet; id?: string }>('POST', `/api/challenges/accept/${encodeURIComponent(inviteLinkId)}`, {}),
    onSuccess: () => invalidate(),
  });
}

export function useJoinChallenge() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (challengeId: string) => apiRequest<{ bet?: Bet; id?: string }>('POST', `/api/challenges/join/${encodeURIComponent(challengeId)}`),
    onSuccess: () => invalidate(),
  });
}

/** Multipart: `result` ('won' | 'lost') and up to 5 evidence files (issue 5). */
export function useReportResult() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: ({ betId, result, files }: { betId: string; result: 'won' | 'lost'; files: File[] }) => {
      const body = new FormData();
      body.append('result', result);
      for (const file of files) body.append('evidence', file, file.name);
      return apiRequest('POST', `/api/bets/${encodeURIComponent(betId)}/result`, body);
    },
    onSuccess: () => invalidate(),
  });
}

/** The bet inside an accept/join/invite response, whichever shape the server uses. */
export function betOf(response: { bet?: Bet } | Bet | undefined | null): Bet | undefined {
  if (!response) return undefined;
  return 'bet' in response && response.bet ? response.bet : 'gameType' in response ? (response as Bet) : undefined;
}
