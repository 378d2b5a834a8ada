import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AuditRun, AuditRunStarted, Charts, Operations } from '@wager/domain/contracts/admin';
import type { AdminReasonBody, AttentionWithdrawal } from '@wager/domain/contracts/wallet';

/** The Operations tab refreshes this often (it also refetches after each action). */
export const OPERATIONS_REFRESH_MS = 15_000;
export const CHART_DAYS = 30;

/** The admin and wallet contracts' shapes the Operations tab reads. */
export type { AttentionWithdrawal, AuditRun, Charts, Operations };
export type Lag = Operations['reactors'][number];

export const operationsQueries = {
  all: () => ['admin', 'operations'] as const,
  operations: () => queryOptions({ queryKey: [...operationsQueries.all(), 'status'], queryFn: () => apiRequest<Operations>('GET', '/api/admin/operations'), refetchInterval: OPERATIONS_REFRESH_MS }),
  charts: (days = CHART_DAYS) => queryOptions({ queryKey: ['admin', 'charts', days], queryFn: () => apiRequest<Charts>('GET', `/api/admin/charts?days=${days}`), staleTime: 60_000 }),
};

/** Retry or return a withdrawal waiting for a person, with the admin's reason. */
export function useWithdrawalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'retry' | 'return' } & AdminReasonBody) => apiRequest<AttentionWithdrawal>('POST', `/api/admin/withdrawals/bank/${encodeURIComponent(input.id)}/${input.action}`, { reason: input.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsQueries.all() }),
  });
}

export function useRunAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AuditRunStarted>('POST', '/api/admin/audit/runs'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsQueries.all() }),
  });
}
