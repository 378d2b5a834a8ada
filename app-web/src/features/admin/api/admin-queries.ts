import type { PayoutReviewReason } from '@wager/domain/wallet/payout-policy';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getAuthToken } from '../../../lib/api-client';
import type { CasebookLine } from '@wager/domain/bets/casebook';
import type { Bet, User } from '../../../types/api';

/** Spec section 9: the users table shows 10 rows; the stats are refreshed every 30 s. */
export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_STATS_REFRESH_MS = 30_000;

export interface AdminStats {
  totalUsers: number;
  recentSignups: number;
  totalBets: number;
  activeBets: number;
  weeklyGrowth: number;
  disputedBets: number;
}

export interface AdminUser extends User {
  adminNotes: string | null;
  isModerator?: boolean;
  /** Issue #29: a suspension / freeze in force. */
  isSuspended?: boolean;
  isFrozen?: boolean;
}

export interface AdminUsersPage {
  users: AdminUser[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export interface AdminAction {
  type: 'AgeVerified' | 'AdminNoteChanged' | 'ModeratorRoleSet' | 'AdminGranted' | 'AccountSuspended' | 'AccountSuspensionLifted' | 'AccountFrozen' | 'AccountUnfrozen';
  actor: string | null;
  adminId: string | null;
  adminUsername: string | null;
  at: string;
  note?: string;
  isModerator?: boolean;
  /** The reason of a suspension, a freeze or their lifting. */
  reason?: string;
}

export type SaferLimitKind = 'depositDaily' | 'depositWeekly' | 'depositMonthly' | 'stakeDaily';
export type ExclusionPeriod = '24h' | '7d' | '30d' | '6m' | '1y' | '5y';

export interface SaferPlayHistoryEntry {
  type: 'SpendingLimitChanged' | 'SelfExclusionStarted' | 'RealityCheckSet';
  actor: string | null;
  at: string;
  limit?: SaferLimitKind;
  value?: string | null;
  previous?: string | null;
  status?: 'applied' | 'pending';
  effectiveAt?: string;
  period?: ExclusionPeriod;
  kind?: 'cool_off' | 'self_exclusion';
  until?: string;
  intervalMinutes?: number | null;
}

/** The player's safer play as the admin sees it (GET /api/admin/users/:id `saferPlay`). */
export type AdminSaferPlay = Record<SaferLimitKind, { limit: string | null; pending: { limit: string | null; effectiveAt: string } | null; used: string; remaining: string | null }> & {
  currency: string;
  timeZone: string;
  exclusion: { kind: 'cool_off' | 'self_exclusion'; period: ExclusionPeriod; until: string } | null;
  selfExcludedUntil: string | null;
  coolOffUntil: string | null;
  realityCheckMinutes: number | null;
  history: SaferPlayHistoryEntry[];
};

export interface AdminUserDetail {
  user: AdminUser;
  verification: { isEmailVerified: boolean; isPhoneVerified: boolean; isPsnVerified: boolean; isAgeVerified: boolean };
  betsSummary: { total: number; byStatus: Record<string, number>; wins: number; losses: number; rating: number };
  adminActions: AdminAction[];
  saferPlay: AdminSaferPlay;
  /** Issue #29: the suspension and freeze in force. */
  restrictions?: { suspension: { reason: string; since: string } | null; freeze: { reason: string; since: string } | null };
}

export interface EvidenceFile {
  userId: string;
  sha256: string;
  contentType: string;
  sizeBytes: number;
  filename: string;
  url: string;
}

export interface DisputedBet extends Bet {
  resultEvidence: EvidenceFile[];
  adminNotes?: string | null;
  /** In the queue (GET /api/admin/bets/disputed): when the dispute opened. */
  disputedAt?: string;
}

export interface TrailEntry {
  kind: 'event' | 'posting' | 'chat' | 'evidence' | 'admin';
  source: string;
  type: string;
  eventId: string;
  streamId: string;
  streamRevision: number;
  position: string;
  actor: string | null;
  at: string;
  data: Record<string, unknown>;
  postings: { account: string; currency: string; amount: string }[];
  evidence?: EvidenceFile;
  message?: { senderId: string; type: string; content: string };
  /** What the entry means (rendered in the reader's language by renderCasebookLine). */
  summary?: CasebookLine;
  /** The same in English, as the server wrote it. */
  text?: string;
}

export interface ChainCheck {
  streamId: string;
  events: number;
  intact: boolean;
  breaks: number;
  brokenAt?: { streamRevision: number; eventId: string; type: string };
}

export interface BetTrail {
  bet: DisputedBet;
  entries: TrailEntry[];
  chains: ChainCheck[];
  intact: boolean;
  people: Record<string, string>;
  generatedAt: string;
}

export interface KycWithdrawal {
  id: string;
  userId: string;
  amount: string;
  currency: string;
  usdAmount?: string;
  network?: string;
  status: string;
  kycStatus: string;
  createdAt?: string;
  /** The payout rules that held it for review. */
  reviewReasons?: PayoutReviewReason[];
  [key: string]: unknown;
}

/** A naira bank withdrawal in the admin review queue (GET /api/admin/withdrawals/bank). */
export interface BankWithdrawalReview {
  id: string;
  userId: string;
  amount: string;
  currency: string;
  status: 'requested' | 'sent' | 'paid' | 'returned';
  reference: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  requiresKyc: boolean;
  waiting: 'review' | 'admin_hold' | 'new_account' | null;
  holdReason: string | null;
  awaitingOtp: boolean;
  requestedAt: string;
  /** The payout rules that held it for review (empty: none; it may still be on an admin hold or waiting for an OTP). */
  reviewReasons: PayoutReviewReason[];
  /** No person in the loop so far. */
  automatic: boolean;
}

export interface LedgerHealth {
  trialBalance: { balanced: boolean; currencies: { currency: string; total: string }[] };
  eventStoreHead: string | null;
  projections: { running: boolean; lastError?: string; projectors: { name: string; checkpoint: string; lag: number }[] };
  audit: { last: { ranAt: string; passed: boolean; events: number; streams: number; failureCount: number; failures: string[] } | null; lastPassedAt: string | null };
}

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
