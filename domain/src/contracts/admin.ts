/**
 * The admin context's contract (docs/architecture.md, "One contract"): stats, users, the ledger's
 * health, a bet's dispute trail, and operations. The dispute desk, appeals and payout reviews are
 * the bets' and the wallet's (their contracts). Response objects are strict.
 */
import { z } from 'zod';
import { ADMIN_NOTES_LENGTH_MAX } from '../bets/rules.js';
import { RESTRICTION_REASON_LENGTH_MAX } from '../accounts/restrictions.js';
import { CASEBOOK_CODES } from '../bets/casebook.js';
import { betView, evidenceFile } from './bets.js';
import { id, isoTime, moneyString, uuid } from './common.js';
import { user } from './accounts.js';
import { attentionWithdrawal, posting, saferPlayForAdmin, transaction } from './wallet.js';

// ---- GET /api/admin/stats, POST /api/admin/test-email -----------------------------------------

export const adminStats = z.strictObject({ totalUsers: z.number(), recentSignups: z.number(), totalBets: z.number(), activeBets: z.number(), weeklyGrowth: z.number(), disputedBets: z.number() });
export type AdminStats = z.infer<typeof adminStats>;

export const EMAIL_REQUIRED = 'Email address is required';
export const EMAIL_INVALID = 'Invalid email address';
export const EMAIL_LENGTH_MAX = 254;
export const testEmailBody = z.object({ email: z.string({ error: EMAIL_REQUIRED }).trim().min(1, EMAIL_REQUIRED).max(EMAIL_LENGTH_MAX, EMAIL_INVALID).pipe(z.email(EMAIL_INVALID)) });
export type TestEmailBody = z.input<typeof testEmailBody>;
export const testEmailResponse = z.strictObject({ sent: z.boolean(), transport: z.string(), id });
export type TestEmailResponse = z.infer<typeof testEmailResponse>;

/** POST /api/admin/crypto/withdrawals/:id/reject: the KYC review refused, the withdrawal cancelled. */
export const rejectWithdrawalParams = z.object({ id: z.string().min(1).max(100) });
export const rejectedWithdrawal = z.strictObject({ id, status: z.string(), kycStatus: z.string() });
export type RejectedWithdrawal = z.infer<typeof rejectedWithdrawal>;

// ---- GET /api/admin/ledger/health, GET /api/admin/operations, POST /api/admin/audit/runs ------

export const auditRun = z.strictObject({ ranAt: isoTime, passed: z.boolean(), events: z.number(), streams: z.number(), failureCount: z.number(), failures: z.array(z.string()) });
export type AuditRun = z.infer<typeof auditRun>;
export const ledgerHealth = z.strictObject({
  trialBalance: z.strictObject({ balanced: z.boolean(), currencies: z.array(z.strictObject({ currency: z.string(), total: moneyString })) }),
  eventStoreHead: z.string().nullable(),
  projections: z.strictObject({ running: z.boolean(), lastError: z.string().optional(), projectors: z.array(z.strictObject({ name: z.string(), checkpoint: z.string(), lag: z.number() })) }),
  audit: z.strictObject({ last: auditRun.nullable(), lastPassedAt: isoTime.nullable() }),
});
export type LedgerHealth = z.infer<typeof ledgerHealth>;

const lag = z.strictObject({ name: z.string(), checkpoint: z.string().nullable(), lag: z.number() });
export const operations = z.strictObject({
  generatedAt: isoTime,
  withdrawals: z.strictObject({ needsAttention: z.array(attentionWithdrawal), retrying: z.array(attentionWithdrawal), sentWithoutOutcome: z.array(attentionWithdrawal) }),
  projections: z.strictObject({ running: z.boolean(), lastError: z.string().nullable(), projectors: z.array(lag) }),
  reactors: z.array(lag),
  sagas: z.array(z.strictObject({ holdKind: z.string(), holdId: z.string(), userId: id, total: moneyString, currency: z.string(), lockedAt: isoTime, minutesOpen: z.number() })),
  audit: z.strictObject({ running: z.boolean(), last: auditRun.nullable(), lastPassedAt: isoTime.nullable(), intervalMinutes: z.number() }),
});
export type Operations = z.infer<typeof operations>;
export const chartsQuery = (daysMax: number, daysDefault: number) => z.object({ days: z.coerce.number().int().min(1).max(daysMax).default(daysDefault) });
export const charts = z.strictObject({
  days: z.number(),
  currency: z.string(),
  money: z.array(z.strictObject({ day: z.string(), staked: moneyString, fees: moneyString, activePlayers: z.number() })),
  disputes: z.array(z.strictObject({ day: z.string(), opened: z.number(), resolved: z.number(), meanHoursToResolve: z.number().nullable() })),
  openDisputes: z.array(z.strictObject({ betId: id, openedAt: isoTime, hours: z.number() })),
  payoutTimes: z.array(z.strictObject({ day: z.string(), paid: z.number(), medianMinutes: z.number().nullable(), p95Minutes: z.number().nullable() })),
});
export type Charts = z.infer<typeof charts>;
export const auditRunStarted = z.strictObject({ started: z.boolean(), running: z.boolean() });
export type AuditRunStarted = z.infer<typeof auditRunStarted>;

// ---- /api/admin/users, /api/admin/users/:id ----------------------------------------------------

export const ADMIN_USERS_PAGE_SIZE_DEFAULT = 10;
export const ADMIN_USERS_PAGE_SIZE_MAX = 50;
export const ADMIN_SEARCH_LENGTH_MAX = 100;
export const adminUsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(ADMIN_USERS_PAGE_SIZE_DEFAULT),
  search: z.string().max(ADMIN_SEARCH_LENGTH_MAX).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;
/** A user as the admin sees them: the user's own view and the admin's notes. */
export const adminUser = user.extend({ adminNotes: z.string().nullable(), isSuspended: z.boolean(), isFrozen: z.boolean() });
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersPage = z.strictObject({ users: z.array(adminUser), pagination: z.strictObject({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }) });
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

export const RESTRICTION_EVENT_TYPES = ['AccountSuspended', 'AccountSuspensionLifted', 'AccountFrozen', 'AccountUnfrozen'] as const;
export const ADMIN_ACTION_TYPES = ['AgeVerified', 'AdminNoteChanged', 'ModeratorRoleSet', 'AdminGranted', ...RESTRICTION_EVENT_TYPES] as const;
export const adminAction = z.strictObject({
  type: z.enum(ADMIN_ACTION_TYPES),
  actor: z.string().nullable(),
  adminId: id.nullable(),
  adminUsername: z.string().nullable(),
  at: isoTime,
  note: z.string().optional(),
  isModerator: z.boolean().optional(),
  /** The reason of a suspension, a freeze or their lifting. */
  reason: z.string().optional(),
});
export type AdminAction = z.infer<typeof adminAction>;
const restrictionInForce = z.strictObject({ reason: z.string(), since: isoTime }).nullable();
export const adminUserDetail = z.strictObject({
  user: adminUser,
  verification: z.strictObject({ isEmailVerified: z.boolean(), isPhoneVerified: z.boolean(), isPsnVerified: z.boolean(), isAgeVerified: z.boolean() }),
  betsSummary: z.strictObject({ total: z.number(), byStatus: z.record(z.string(), z.number()), wins: z.number(), losses: z.number(), rating: z.number() }),
  /** Every admin action on the user, oldest first; the notes' history is the AdminNoteChanged entries. */
  adminActions: z.array(adminAction),
  /** The player's safer play (issue 15): limits in force, pending raises, cool-off / self-exclusion, reality check, and their history. */
  saferPlay: saferPlayForAdmin,
  /** The suspension and the freeze in force, null when none. */
  restrictions: z.strictObject({ suspension: restrictionInForce, freeze: restrictionInForce }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
export const adminUserParams = z.object({ id: uuid });

// ---- the user record: /api/admin/users/:id/{transactions,bets,suspend,unsuspend,freeze,unfreeze}, /api/admin/users/names

export const ADMIN_RECORD_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_RECORD_PAGE_SIZE_MAX = 100;
export const adminRecordPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_RECORD_PAGE_SIZE_MAX).default(ADMIN_RECORD_PAGE_SIZE_DEFAULT),
});
const pagination = z.strictObject({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
/** A row of the user's transactions: the player's own list's shape (`description` English; `descriptionCode` and `descriptionParams` for the apps). */
export const adminTransaction = transaction;
export type AdminTransaction = z.infer<typeof adminTransaction>;
export const adminTransactionsPage = z.strictObject({ transactions: z.array(adminTransaction), pagination });
export type AdminTransactionsPage = z.infer<typeof adminTransactionsPage>;
export const adminBet = z.strictObject({
  id: z.string(),
  gameType: z.string(),
  amount: moneyString,
  currency: z.string(),
  status: z.string(),
  role: z.enum(['challenger', 'opponent']),
  opponent: z.strictObject({ id: z.string(), username: z.string() }).nullable(),
  createdAt: isoTime,
});
export type AdminBet = z.infer<typeof adminBet>;
export const adminBetsPage = z.strictObject({ bets: z.array(adminBet), pagination });
export type AdminBetsPage = z.infer<typeof adminBetsPage>;

/** At most this many ids in one names look-up (a screen's list). */
export const USER_NAMES_MAX = 100;
export const userNamesQuery = z.object({
  ids: z
    .string()
    .max(USER_NAMES_MAX * 37)
    .transform((v, ctx) => {
      const ids = [...new Set(v.split(',').filter(Boolean))];
      if (ids.length > USER_NAMES_MAX || ids.some((one) => !uuid.safeParse(one).success)) {
        ctx.addIssue({ code: 'custom', message: `ids must be up to ${USER_NAMES_MAX} user ids, comma-separated` });
        return z.NEVER;
      }
      return ids;
    }),
});
export const userNames = z.strictObject({ users: z.array(z.strictObject({ id: z.string(), username: z.string() })) });
export type UserNames = z.infer<typeof userNames>;

/** Suspend, freeze and their lifting take a reason (the decider names an empty or too long one). */
export const restrictionBody = z.object({ reason: z.string().max(RESTRICTION_REASON_LENGTH_MAX * 4).optional() }).strict();
export type RestrictionBody = z.infer<typeof restrictionBody>;
export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  nothingToChange: 'Nothing to change',
  ageCannotBeRevoked: 'Age verification cannot be withdrawn',
  notesTooLong: `Admin notes must be at most ${ADMIN_NOTES_LENGTH_MAX} characters`,
} as const;
export const adminUserChangeBody = z
  .object({
    isAgeVerified: z.boolean().optional(),
    isModerator: z.boolean().optional(),
    adminNotes: z.string().max(ADMIN_NOTES_LENGTH_MAX, ADMIN_MESSAGES.notesTooLong).optional(),
  })
  .strict();
export type AdminUserChangeBody = z.input<typeof adminUserChangeBody>;

// ---- GET /api/admin/bets/:betId/trail ----------------------------------------------------------

export const TRAIL_ENTRY_KINDS = ['event', 'posting', 'chat', 'evidence', 'admin'] as const;
export const trailEntry = z.strictObject({
  kind: z.enum(TRAIL_ENTRY_KINDS),
  source: z.string(),
  type: z.string(),
  eventId: id,
  streamId: z.string(),
  streamRevision: z.number(),
  position: z.string(),
  actor: z.string().nullable(),
  at: isoTime,
  data: z.record(z.string(), z.unknown()),
  postings: z.array(posting),
  evidence: evidenceFile.optional(),
  message: z.strictObject({ senderId: id, type: z.string(), content: z.string() }).optional(),
  summary: z.strictObject({ code: z.enum(CASEBOOK_CODES), params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])) }).optional(),
  text: z.string(),
});
export type TrailEntry = z.infer<typeof trailEntry>;
export const chainCheck = z.strictObject({
  streamId: z.string(),
  events: z.number(),
  intact: z.boolean(),
  breaks: z.number(),
  brokenAt: z.strictObject({ streamRevision: z.number(), eventId: id, type: z.string() }).optional(),
});
export type ChainCheck = z.infer<typeof chainCheck>;
export const betTrail = z.strictObject({ bet: betView, entries: z.array(trailEntry), chains: z.array(chainCheck), intact: z.boolean(), people: z.record(z.string(), z.string()), generatedAt: isoTime });
export type BetTrail = z.infer<typeof betTrail>;
export const TRAIL_FORMATS = ['json', 'html'] as const;
export const betTrailQuery = z.object({ format: z.enum(TRAIL_FORMATS).default('json') });
