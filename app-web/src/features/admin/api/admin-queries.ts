import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getAuthToken } from '../../../lib/api-client';
import type { BetView as Bet, DisputedBet as DisputedBetView } from '@wager/domain/contracts/bets';
import type { AdminAction, AdminStats, AdminUser, AdminUserDetail, AdminUsersPage, BetTrail, ChainCheck, LedgerHealth, TrailEntry } from '@wager/domain/contracts/admin';
import type { AdminBankWithdrawal, CryptoWithdrawalForReview, ExclusionPeriod, LimitKind, SaferPlayForAdmin, SaferPlayHistoryEntry } from '@wager/domain/contracts/wallet';

/** The wallet contract's shapes the admin screens read. */
export type { ExclusionPeriod, SaferPlayHistoryEntry };
export type SaferLimitKind = LimitKind;
/** The player's safer play as the admin sees it (GET /api/admin/users/:id `saferPlay`): the same limits a player reads, and every change. */
export type AdminSaferPlay = SaferPlayForAdmin;
/** A crypto withdrawal waiting for a KYC review (GET /api/admin/crypto/withdrawals/kyc). */
export type KycWithdrawal = CryptoWithdrawalForReview;
/** A naira bank withdrawal in the admin review queue (GET /api/admin/withdrawals/bank). */
export type BankWithdrawalReview = AdminBankWithdrawal;

/** Spec section 9: the users table shows 10 rows; the stats are refreshed every 30 s. */
export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_STATS_REFRESH_MS = 30_000;

/** The admin contract's shapes (`@wager/domain/contracts/admin`). */
export type { AdminAction, AdminStats, AdminUser, AdminUserDetail, AdminUsersPage, BetTrail, ChainCheck, LedgerHealth, TrailEntry };
export type { EvidenceFileView as EvidenceFile } from '@wager/domain/contracts/bets';
/** A bet in the dispute desk or the appeals queue; the disputes queue adds when the dispute opened. */
export type DisputedBet = Bet & Partial<Pick<DisputedBetView, 'disputedAt'>>;

/** Every admin read under one root, so a live change or a mutation refreshes them together. */
export const adminQueries = {
  all: () => ['/api/admin'] as const,
  stats: () =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'stats'] as const,
      queryFn: () => apiRequest<AdminStats>('GET', '/api/admin/stats'),
      refetchInterval: ADMIN_STATS_REFRESH_MS,
    }),
  users: (page: number, search: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'users', { page, search }] as const,
      queryFn: () => {
        const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_USERS_PAGE_SIZE) });
        if (search.trim()) query.set('search', search.trim());
        return apiRequest<AdminUsersPage>('GET', `/api/admin/users?${query.toString()}`);
      },
      placeholderData: keepPreviousData,
    }),
  user: (id: string) => queryOptions({ queryKey: [...adminQueries.all(), 'users', id] as const, queryFn: () => apiRequest<AdminUserDetail>('GET', `/api/admin/users/${encodeURIComponent(id)}`) }),
  disputed: () => queryOptions({ queryKey: [...adminQueries.all(), 'bets', 'disputed'] as const, queryFn: () => apiRequest<DisputedBet[]>('GET', '/api/admin/bets/disputed') }),
  trail: (betId: string) =>
    queryOptions({ queryKey: [...adminQueries.all(), 'bets', betId, 'trail'] as const, queryFn: () => apiRequest<BetTrail>('GET', `/api/admin/bets/${encodeURIComponent(betId)}/trail`) }),
  kyc: () => queryOptions({ queryKey: [...adminQueries.all(), 'kyc'] as const, queryFn: () => apiRequest<KycWithdrawal[]>('GET', '/api/admin/crypto/withdrawals/kyc') }),
  bankWithdrawals: () =>
    queryOptions({ queryKey: [...adminQueries.all(), 'withdrawals', 'bank'] as const, queryFn: () => apiRequest<BankWithdrawalReview[]>('GET', '/api/admin/withdrawals/bank') }),
  appeals: (status: 'open' | 'decided') =>
    queryOptions({ queryKey: [...adminQueries.all(), 'appeals', status] as const, queryFn: () => apiRequest<DisputedBet[]>('GET', `/api/admin/appeals?status=${status}`) }),
  ledger: () => queryOptions({ queryKey: [...adminQueries.all(), 'ledger'] as const, queryFn: () => apiRequest<LedgerHealth>('GET', '/api/admin/ledger/health') }),
};

function useAdminMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: adminQueries.all() }) });
}

export function useUpdateUser() {
  return useAdminMutation((input: { id: string; isAgeVerified?: true; isModerator?: boolean; adminNotes?: string }) => {
    const { id, ...body } = input;
    return apiRequest<AdminUserDetail>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, body);
  });
}

export function useTestEmail() {
  return useMutation({ mutationFn: (email: string) => apiRequest<{ sent: boolean; transport: string }>('POST', '/api/admin/test-email', { email }) });
}

export function useResolveDispute() {
  return useAdminMutation((input: { betId: string; winnerId: string | null; adminNotes: string }) =>
    apiRequest<Bet>('PUT', `/api/admin/bets/${encodeURIComponent(input.betId)}/resolve`, { winnerId: input.winnerId, adminNotes: input.adminNotes }),
  );
}

/** A second admin's decision on an appeal: upheld, or overturned to a player (`winnerId`) or to a void (null). */
export function useDecideAppeal() {
  return useAdminMutation((input: { betId: string; outcome: 'upheld' | 'overturned'; winnerId: string | null; notes: string }) =>
    apiRequest<Bet>('POST', `/api/admin/appeals/${encodeURIComponent(input.betId)}/decide`, { outcome: input.outcome, ...(input.outcome === 'overturned' ? { winnerId: input.winnerId } : {}), notes: input.notes }),
  );
}

export function useKycDecision() {
  return useAdminMutation((input: { id: string; decision: 'approve' | 'reject' }) => apiRequest<KycWithdrawal>('POST', `/api/admin/crypto/withdrawals/${encodeURIComponent(input.id)}/${input.decision}`, {}));
}

/** Hold or release (each with the admin's reason), or the OTP Paystack asks for. */
export function useBankWithdrawalAction() {
  return useAdminMutation((input: { id: string; action: 'hold' | 'release'; reason: string } | { id: string; action: 'otp'; otp: string }) =>
    apiRequest<BankWithdrawalReview>('POST', `/api/admin/withdrawals/bank/${encodeURIComponent(input.id)}/${input.action}`, input.action === 'otp' ? { otp: input.otp } : { reason: input.reason }),
  );
}

/** A protected file (evidence, the printable trail) fetched with the session's bearer token, as a blob. */
export async function fetchProtectedBlob(url: string): Promise<Blob> {
  const token = getAuthToken();
  const response = await fetch(url, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return response.blob();
}
