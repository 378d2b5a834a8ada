import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePoolBody, JoinPoolBody, PoolDetailView, PoolLedgerView, PoolListView, PoolParticipantView, PoolView } from '@wager/domain/contracts/pools';
import { apiRequest, type ProcessingAnswer } from '../../../lib/api-client';
import { userQueries } from '../../auth';

/** The pools API's shapes are its contract's (`@wager/domain/contracts/pools`); these names are the screens'. */
export type Pool = PoolView;
export type PoolParticipant = PoolParticipantView;
export type PoolDetail = PoolDetailView;
export type PoolLedger = PoolLedgerView;

/** Pool reads, keyed by API path from general to specific. */
export const poolQueries = {
  all: () => ['/api/fpl/pools'] as const,
  mine: () => queryOptions({ queryKey: [...poolQueries.all(), 'mine'] as const, queryFn: () => apiRequest<PoolListView>('GET', '/api/fpl/pools') }),
  public: () => queryOptions({ queryKey: [...poolQueries.all(), 'public'] as const, queryFn: () => apiRequest<PoolListView>('GET', '/api/fpl/pools/public') }),
  detail: (poolId: string) =>
    queryOptions({ queryKey: [...poolQueries.all(), 'detail', poolId] as const, queryFn: () => apiRequest<PoolDetail>('GET', `/api/fpl/pools/${encodeURIComponent(poolId)}`) }),
  byCode: (inviteCode: string) =>
    queryOptions({
      queryKey: [...poolQueries.all(), 'code', inviteCode] as const,
      queryFn: () => apiRequest<PoolDetail>('GET', `/api/fpl/pools/join-by-code/${encodeURIComponent(inviteCode)}`),
      retry: false,
    }),
};

export type { CreatePoolBody };

export type PoolCommandAnswer = PoolDetail | ProcessingAnswer;

/** Entering, cancelling and settling move money: the balance and the transactions change with the pools. */
function useInvalidatePools() {
  const queryClient = useQueryClient();
  return () => Promise.all([poolQueries.all(), userQueries.all(), ['/api/transactions']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreatePool() {
  const invalidate = useInvalidatePools();
  return useMutation({ mutationFn: (body: CreatePoolBody) => apiRequest<PoolCommandAnswer>('POST', '/api/fpl/pools', body), onSettled: invalidate });
}

/** Join by pool id (public pools) or by invite code (the link of a private one). */
export function useJoinPool() {
  const invalidate = useInvalidatePools();
  return useMutation({
    mutationFn: ({ poolId, inviteCode, fplTeamId }: { poolId?: string; inviteCode?: string } & JoinPoolBody) =>
      apiRequest<PoolCommandAnswer>('POST', inviteCode ? `/api/fpl/pools/join-by-code/${encodeURIComponent(inviteCode)}` : `/api/fpl/pools/${encodeURIComponent(poolId ?? '')}/join`, { fplTeamId } satisfies JoinPoolBody),
    onSettled: invalidate,
  });
}

export function useCancelPool() {
  const invalidate = useInvalidatePools();
  return useMutation({ mutationFn: (poolId: string) => apiRequest<PoolCommandAnswer>('POST', `/api/fpl/pools/${encodeURIComponent(poolId)}/cancel`), onSettled: invalidate });
}

/**
 * GET /api/fpl/pools/:poolId/ledger: the pool's proof of escrow (docs/api/pools.md), for its
 * participants, creator and admins. Under the pools' key, so every pool change refreshes it;
 * `poolLedgers()` is the prefix of them all (payouts and refunds land in wallet streams).
 */
export const poolLedgers = () => [...poolQueries.all(), 'ledger'] as const;
export const poolLedgerQuery = (poolId: string) =>
  queryOptions({ queryKey: [...poolLedgers(), poolId] as const, queryFn: () => apiRequest<PoolLedger>('GET', `/api/fpl/pools/${encodeURIComponent(poolId)}/ledger`) });
