import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The Operations tab refreshes this often (it also refetches after each action). */
export const OPERATIONS_REFRESH_MS = 15_000;
export const CHART_DAYS = 30;

export interface AttentionWithdrawal {
  id: string;
  userId: string;
  amount: string;
  currency: string;
  reference: string;
  status: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  requestedAt: string;
  sendAttempts: number;
  lastSendError: string | null;
  lastSendFailedAt: string | null;
  nextAttemptAt: string | null;
  attentionReason: string | null;
  attentionAt: string | null;
  returnReason: string | null;
}
export interface Lag {
  name: string;
  checkpoint: string | null;
  lag: number;
}
export interface AuditRun {
  ranAt: string;
  passed: boolean;
  events: number;
  streams: number;
  failureCount: number;
  failures: string[];
}
export interface Operations {
  generatedAt: string;
  withdrawals: { needsAttention: AttentionWithdrawal[]; retrying: AttentionWithdrawal[]; sentWithoutOutcome: AttentionWithdrawal[] };
  projections: { running: boolean; lastError: string | null; projectors: Lag[] };
  reactors: Lag[];
  sagas: { holdKind: string; holdId: string; userId: string; total: string; currency: string; lockedAt: string; minutesOpen: number }[];
  audit: { running: boolean; last: AuditRun | null; lastPassedAt: string | null; intervalMinutes: number };
}
export interface Charts {
  days: number;
  currency: string;
  money: { day: string; staked: string; fees: string; activePlayers: number }[];
  disputes: { day: string; opened: number; resolved: number; meanHoursToResolve: number | null }[];
  openDisputes: { betId: string; openedAt: string; hours: number }[];
  payoutTimes: { day: string; paid: number; medianMinutes: number | null; p95Minutes: number | null }[];
}

export const operationsQueries = {
  all: () => ['admin', 'operations'] as const,
  operations: () => queryOptions({ queryKey: [...operationsQueries.all(), 'status'], queryFn: () => apiRequest<Operations>('GET', '/api/admin/operations'), refetchInterval: OPERATIONS_REFRESH_MS }),
  charts: (days = CHART_DAYS) => queryOptions({ queryKey: ['admin', 'charts', days], queryFn: () => apiRequest<Charts>('GET', `/api/admin/charts?days=${days}`), staleTime: 60_000 }),
};

/** Retry or return a withdrawal waiting for a person, with the admin's reason. */
export function useWithdrawalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'retry' | 'return'; reason: string }) => apiRequest<AttentionWithdrawal>('POST', `/api/admin/withdrawals/bank/${encodeURIComponent(input.id)}/${input.action}`, { reason: input.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsQueries.all() }),
  });
}

export function useRunAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ started: boolean; running: boolean }>('POST', '/api/admin/audit/runs'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsQueries.all() }),
  });
}
