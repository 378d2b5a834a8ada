import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import type { ExclusionPeriod, LimitKind, SaferPlayLimits, SelfExclusion } from '@wager/domain/contracts/wallet';
import { userQueries } from '../../auth';

/** GET /api/user/limits (docs/api/safer-gambling.md), typed by the wallet contract. */
export { EXCLUSION_PERIODS, LIMIT_KINDS } from '@wager/domain/contracts/wallet';
export type { ExclusionPeriod, LimitKind, LimitState, SaferPlayLimits, SelfExclusion } from '@wager/domain/contracts/wallet';
export const REALITY_CHECK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

export const saferPlayQueries = {
  limits: () => queryOptions({ queryKey: ['/api/user/limits'], queryFn: getQueryFn<SaferPlayLimits>({ on401: 'throw' }) }),
};

export function useSaferPlayLimits(enabled = true) {
  return useQuery({ ...saferPlayQueries.limits(), enabled });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: saferPlayQueries.limits().queryKey }), queryClient.invalidateQueries({ queryKey: userQueries.all() })]);
}

export function useSetLimits() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (changes: Partial<Record<LimitKind, string | null>>) => apiRequest<SaferPlayLimits>('PUT', '/api/user/limits', changes), onSuccess: refresh });
}

export function useStartSelfExclusion() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (period: ExclusionPeriod) => apiRequest<SelfExclusion>('POST', '/api/user/self-exclusion', { period }), onSuccess: refresh });
}

export function useSetRealityCheck() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (intervalMinutes: number | null) => apiRequest<SaferPlayLimits>('PUT', '/api/user/reality-check', { intervalMinutes }), onSuccess: refresh });
}

/** When a period chosen now would end (for the confirmation): calendar months for the long ones, as the server counts. */
export function exclusionEndFrom(now: Date, period: ExclusionPeriod): Date {
  const hours: Partial<Record<ExclusionPeriod, number>> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };
  const h = hours[period];
  if (h) return new Date(now.getTime() + h * 3600_000);
  const months = period === '6m' ? 6 : period === '1y' ? 12 : 60;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}
