import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isProcessing, uploadWithProgress, type ProcessingAnswer } from '../../../lib/api-client';
import type {
  AcceptResponse,
  BetListFilter,
  BetView,
  CreateBetInput,
  CreateBetResponse,
  FileAppealResponse,
  InviteResponse,
  PublicChallengesResponse,
} from '@wager/domain/contracts/bets';
import { userQueries } from '../../auth';

/** The lists of GET /api/bets (issue 5: `status` filter; `closed`: every bet of mine that is over). */
export type { BetListFilter };
/** A bet as the server answers it (the bets contract's `betView`). */
export type Bet = BetView;
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
  /** Every filtered list of the caller's bets (dashboard, My Matches tabs). */
  lists: () => [...betQueries.all(), 'list'] as const,
  list: (filter?: BetListFilter) =>
    queryOptions({
      queryKey: [...betQueries.lists(), filter ?? 'all'] as const,
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
        apiRequest<PublicChallengesResponse>(
          'GET',
          `/api/challenges/public${query({ page: filters.page, limit: MARKETPLACE_PAGE_SIZE, search: filters.search, currency: filters.currency, gameType: filters.gameType, amountRange: filters.amountRange })}`,
        ),
    }),
  invite: (inviteLinkId: string) =>
    queryOptions({
      queryKey: [...challengeQueries.all(), 'invite', inviteLinkId] as const,
      queryFn: () => apiRequest<InviteResponse>('GET', `/api/challenges/${encodeURIComponent(inviteLinkId)}`),
      retry: false,
    }),
};

/** True for the key of one invitation (`['/api/challenges', 'invite', id]`). */
export function isInviteKey(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === challengeQueries.all()[0] && queryKey[1] === 'invite';
}

/** Anything that moves a stake changes the user's balance, the bet lists and the marketplace. */
function useInvalidateBets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      ...[betQueries.all(), userQueries.all(), ['/api/transactions']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      // An invitation is single-use: once accepted its link answers 404, so it is not refetched.
      queryClient.invalidateQueries({ queryKey: challengeQueries.all(), predicate: (query) => !isInviteKey(query.queryKey) }),
    ]);
}

/**
 * Each bet command may answer 202 (`ProcessingAnswer`) when its events are stored but the read
 * models lag: `betId` (and, for a new challenge, `inviteLinkId` and `shareableLink`) are known,
 * the rest arrives through the live updates. The screens show "processing", not an error.
 */
export type BetCommandAnswer<T> = T | ProcessingAnswer;

export function useCreateBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (payload: CreateBetInput) => apiRequest<BetCommandAnswer<CreateBetResponse>>('POST', '/api/bets', payload),
    onSuccess: () => invalidate(),
  });
}

export function useCancelBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (betId: string) => apiRequest<BetCommandAnswer<Bet>>('POST', `/api/bets/${encodeURIComponent(betId)}/cancel`),
    onSuccess: () => invalidate(),
  });
}

/** The invited opponent turns a direct challenge down; the challenger is refunded. */
export function useDeclineBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (betId: string) => apiRequest<BetCommandAnswer<Bet>>('POST', `/api/bets/${encodeURIComponent(betId)}/decline`),
    onSuccess: () => invalidate(),
  });
}

export function useAcceptInvite() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (inviteLinkId: string) => apiRequest<BetCommandAnswer<AcceptResponse>>('POST', `/api/challenges/accept/${encodeURIComponent(inviteLinkId)}`, {}),
    onSuccess: () => invalidate(),
  });
}

export function useJoinChallenge() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (challengeId: string) => apiRequest<BetCommandAnswer<AcceptResponse>>('POST', `/api/challenges/join/${encodeURIComponent(challengeId)}`),
    onSuccess: () => invalidate(),
  });
}

/** Multipart: `result` ('won' | 'lost') and up to 5 evidence files (issue 5). */
export function useReportResult() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: ({ betId, result, files, onProgress }: { betId: string; result: 'won' | 'lost'; files: File[]; onProgress?: (fraction: number) => void }) => {
      const body = new FormData();
      body.append('result', result);
      for (const file of files) body.append('evidence', file, file.name);
      return uploadWithProgress<BetCommandAnswer<Bet>>(`/api/bets/${encodeURIComponent(betId)}/result`, body, onProgress);
    },
    onSuccess: () => invalidate(),
  });
}

/** The bet inside an accept/join/invite response, whichever shape the server uses (none in a 202). */
/** POST /api/bets/:betId/appeal: a player appeals the admin's resolution (docs/api/bets.md, "Appeals"). */
export function useFileAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { betId: string; reason: string }) => apiRequest<BetCommandAnswer<FileAppealResponse>>('POST', `/api/bets/${encodeURIComponent(input.betId)}/appeal`, { reason: input.reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: betQueries.all() }),
  });
}

export function betOf(response: { bet: Bet } | Bet | ProcessingAnswer | undefined | null): Bet | undefined {
  if (!response || isProcessing(response)) return undefined;
  return 'bet' in response ? response.bet : response;
}

/** The id of the bet a command answered about: from the bet, or from a 202's `betId`. */
export function betIdOf(response: { bet: Bet } | ProcessingAnswer | undefined | null): string | undefined {
  if (!response) return undefined;
  if (isProcessing(response)) return response.betId;
  return response.bet.id;
}
