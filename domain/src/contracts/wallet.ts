/**
 * The wallet context's contract (docs/architecture.md, "One contract"): deposits, withdrawals,
 * transactions, safer play, and the proof of escrow the bets and pools ledgers share.
 * Response objects are strict: an answer with a field not described here fails its request.
 */
import { z } from 'zod';
import { PAYOUT_REVIEW_REASONS } from '../wallet/payout-policy.js';
import { TRANSACTION_DESCRIPTION_CODES } from '../wallet/transaction-descriptions.js';
import { id, isoTime, moneyString } from './common.js';

// ---- Proof of escrow (GET /api/bets/:betId/ledger, GET /api/pools/:poolId/ledger) ----------

export const posting = z.strictObject({ account: z.string(), currency: z.string(), amount: moneyString });
export type PostingView = z.infer<typeof posting>;

/** The body both ledger endpoints share; each context adds its own id (betId, poolId). */
export const escrowProof = z.strictObject({
  currency: z.string(),
  escrowAccount: z.string(),
  escrowBalance: moneyString,
  /** The username of each player whose account a posting names (`user:<id>:…`), by user id: the panel says who, not an id. */
  names: z.record(z.string(), z.string()),
  movements: z.array(
    z.strictObject({ eventId: id, eventType: z.string(), streamId: z.string(), streamRevision: z.number().nullable(), recordedAt: isoTime, hash: z.string().nullable(), postings: z.array(posting) }),
  ),
  chain: z.strictObject({
    streamId: z.string(),
    headHash: z.string().nullable(),
    events: z.array(z.strictObject({ id, revision: z.number(), type: z.string(), data: z.unknown(), hash: z.string(), recordedAt: isoTime, redacted: z.boolean() })),
  }),
});
export type EscrowProof = z.infer<typeof escrowProof>;

// ---- Paystack card deposits: /api/paystack/* ------------------------------------------------

export const PAYSTACK_DEPOSIT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;
export type PaystackDepositStatus = (typeof PAYSTACK_DEPOSIT_STATUSES)[number];
export const PAYSTACK_REFERENCE_LENGTH_MAX = 100;

/** POST /api/paystack/deposits/initialize: the amount and email are checked by the wallet's rules (their messages). */
export const paystackInitializeBody = z.object({ amount: z.unknown().optional(), email: z.unknown().optional() });
export type PaystackInitializeInput = { amount: string | number; email?: string };
export const paystackInitializeResponse = z.strictObject({ status: z.boolean(), message: z.string(), data: z.strictObject({ authorization_url: z.string(), reference: z.string() }) });
export type PaystackInitializeResponse = z.infer<typeof paystackInitializeResponse>;

/** POST /api/paystack/deposits/verify. */
export const paystackVerifyBody = z.object({ reference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(PAYSTACK_REFERENCE_LENGTH_MAX) });
export const paystackVerifyResponse = z.strictObject({
  status: z.boolean(),
  message: z.string(),
  data: z.strictObject({ status: z.enum(PAYSTACK_DEPOSIT_STATUSES), reference: z.string(), amount: moneyString, currency: z.string(), gateway_response: z.string() }),
});
export type PaystackVerifyResponse = z.infer<typeof paystackVerifyResponse>;

/** POST /api/paystack/webhook and POST /api/crypto/webhook: the provider's event (signed; its data is read by the handler). */
export const providerWebhookBody = z.looseObject({ event: z.string(), data: z.record(z.string(), z.unknown()) });
export const webhookReceived = z.strictObject({ received: z.boolean() });

/** GET /api/paystack/deposits: the provider's names, snake_case, as the spec gives them. */
export const paystackDeposit = z.strictObject({
  id,
  reference: z.string(),
  amount: moneyString,
  currency: z.string(),
  status: z.enum(PAYSTACK_DEPOSIT_STATUSES),
  channel: z.string().nullable(),
  gateway_response: z.string().nullable(),
  authorization_url: z.string().nullable(),
  created_at: isoTime,
});
export type PaystackDeposit = z.infer<typeof paystackDeposit>;
export const paystackDeposits = z.array(paystackDeposit);

// ---- Crypto: /api/crypto/*, /api/admin/crypto/* ---------------------------------------------

export const cryptoCurrency = z.strictObject({ code: z.string(), name: z.string(), networks: z.array(z.string()), minAmount: z.string(), maxAmount: z.string(), usdRate: z.string() });
export type CryptoCurrencyOption = z.infer<typeof cryptoCurrency>;
export const cryptoCurrencies = z.array(cryptoCurrency);

export const CRYPTO_DEPOSIT_STATUSES = ['pending', 'confirming', 'confirmed', 'failed', 'expired'] as const;
/** POST /api/crypto/deposits/create: checked by the wallet's rules (their messages). */
export const cryptoDepositBody = z.object({ cryptocurrency: z.unknown().optional(), cryptoAmount: z.unknown().optional(), network: z.unknown().optional() });
export type CryptoDepositInput = { cryptocurrency: string; cryptoAmount: string | number; network: string };
export const cryptoDeposit = z.strictObject({
  id,
  status: z.enum(CRYPTO_DEPOSIT_STATUSES),
  address: z.string(),
  /** In the coin, as a decimal string. */
  amount: z.string(),
  currency: z.string(),
  network: z.string(),
  usdAmount: moneyString,
  confirmations: z.number(),
  txHash: z.string().nullable(),
  expiresAt: isoTime,
  createdAt: isoTime,
});
export type CryptoDeposit = z.infer<typeof cryptoDeposit>;
export const cryptoDeposits = z.array(cryptoDeposit);
export const CRYPTO_ID_LENGTH_MAX = 100;
export const cryptoIdParams = z.object({ id: z.string().max(CRYPTO_ID_LENGTH_MAX) });

export const CRYPTO_WITHDRAWAL_STATUSES = ['pending', 'processing', 'completed', 'cancelled'] as const;
export const KYC_STATUSES = ['not_required', 'pending', 'approved', 'rejected'] as const;
/** POST /api/crypto/withdrawals/create: checked by the wallet's rules (their messages). */
export const cryptoWithdrawalBody = z.object({ cryptocurrency: z.unknown().optional(), cryptoAmount: z.unknown().optional(), withdrawalAddress: z.unknown().optional(), network: z.unknown().optional() });
export type CryptoWithdrawalInput = { cryptocurrency: string; cryptoAmount: string | number; withdrawalAddress: string; network: string };
export const cryptoWithdrawal = z.strictObject({
  id,
  amount: z.string(),
  currency: z.string(),
  network: z.string(),
  withdrawalAddress: z.string(),
  usdAmount: moneyString,
  status: z.enum(CRYPTO_WITHDRAWAL_STATUSES),
  /** `rejected`: an admin refused the KYC review and the withdrawal was cancelled, its hold returned. */
  kycStatus: z.enum(KYC_STATUSES),
  requiresKyc: z.boolean(),
  txHash: z.string().nullable(),
  createdAt: isoTime,
});
export type CryptoWithdrawal = z.infer<typeof cryptoWithdrawal>;
export const cryptoWithdrawals = z.array(cryptoWithdrawal);
/** GET /api/admin/crypto/withdrawals/kyc: with the player and the payout rules that held it. */
export const cryptoWithdrawalForReview = cryptoWithdrawal.extend({ userId: id, reviewReasons: z.array(z.enum(PAYOUT_REVIEW_REASONS)) });
export type CryptoWithdrawalForReview = z.infer<typeof cryptoWithdrawalForReview>;
export const cryptoWithdrawalsForReview = z.array(cryptoWithdrawalForReview);

// ---- Bank payouts: /api/banks, /api/bank-accounts, /api/withdrawals/bank, /api/admin/withdrawals/bank ----

export const bank = z.strictObject({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bank>;
export const banks = z.array(bank);
/** POST /api/bank-accounts/resolve and POST /api/bank-accounts: checked by the wallet's rules. */
export const bankAccountBody = z.object({ bankCode: z.unknown().optional(), accountNumber: z.unknown().optional() });
export type BankAccountInput = { bankCode: string; accountNumber: string };
export const resolvedBankAccount = z.strictObject({ bankCode: z.string(), bankName: z.string(), accountName: z.string() });
export type ResolvedBankAccount = z.infer<typeof resolvedBankAccount>;
export const bankAccount = z.strictObject({ id, bankCode: z.string(), bankName: z.string(), accountName: z.string(), accountNumber: z.string(), addedAt: isoTime });
export type BankAccount = z.infer<typeof bankAccount>;
export const bankAccounts = z.array(bankAccount);

export const BANK_WITHDRAWAL_STATUSES = ['requested', 'sent', 'paid', 'returned'] as const;
export const BANK_WITHDRAWAL_WAITING = ['review', 'admin_hold', 'new_account'] as const;
/** POST /api/withdrawals/bank: checked by the wallet's rules. */
export const bankWithdrawalBody = z.object({ amount: z.unknown().optional(), bankAccountId: z.unknown().optional() });
export type BankWithdrawalInput = { amount: string; bankAccountId: string };
export const bankWithdrawal = z.strictObject({
  id,
  amount: moneyString,
  currency: z.string(),
  status: z.enum(BANK_WITHDRAWAL_STATUSES),
  reference: z.string(),
  bankAccountId: id,
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  requiresKyc: z.boolean(),
  /** Why it is not on its way yet: review (KYC), an admin hold, or the new-account wait. */
  waiting: z.enum(BANK_WITHDRAWAL_WAITING).nullable(),
  notBefore: isoTime,
  returnReason: z.string().nullable(),
  requestedAt: isoTime,
  sentAt: isoTime.nullable(),
  paidAt: isoTime.nullable(),
  returnedAt: isoTime.nullable(),
});
export type BankWithdrawal = z.infer<typeof bankWithdrawal>;
export const bankWithdrawals = z.array(bankWithdrawal);
export const bankPayoutTime = z.strictObject({ medianMinutes: z.number().nullable(), sample: z.number(), sampleMin: z.number(), automaticOnly: z.literal(true) });
export type BankPayoutTime = z.infer<typeof bankPayoutTime>;

export const adminBankWithdrawal = bankWithdrawal.extend({
  userId: id,
  holdReason: z.string().nullable(),
  /** Paystack holds the transfer until the OTP it sent the business is entered (POST …/otp). */
  awaitingOtp: z.boolean(),
  /** The payout rules that held it for review (admins only: a player is not told which rule fired). */
  reviewReasons: z.array(z.enum(PAYOUT_REVIEW_REASONS)),
  /** No person in the loop: no review reason, never held or released. */
  automatic: z.boolean(),
});
export type AdminBankWithdrawal = z.infer<typeof adminBankWithdrawal>;
export const adminBankWithdrawals = z.array(adminBankWithdrawal);
export const WITHDRAWAL_ID_LENGTH_MAX = 100;
export const withdrawalIdParams = z.object({ id: z.string().min(1).max(WITHDRAWAL_ID_LENGTH_MAX) });
/** An admin's hold, release, retry or return of a bank payout always says why. */
export const ADMIN_REASON_LENGTH_MAX = 500;
export const adminReasonBody = z.object({ reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(ADMIN_REASON_LENGTH_MAX) });
export type AdminReasonBody = z.input<typeof adminReasonBody>;
export const bankWithdrawalOtpBody = z.object({ otp: z.string().trim().regex(/^\d{4,8}$/, 'OTP must be 4 to 8 digits') });

/** A payout the sender could not complete on its own (GET /api/admin/withdrawals/bank/attention, the operations page). */
export const attentionWithdrawal = z.strictObject({
  id,
  userId: id,
  amount: moneyString,
  currency: z.string(),
  reference: z.string(),
  status: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  requestedAt: isoTime,
  /** How many sends failed so far, the last error and when. */
  sendAttempts: z.number(),
  lastSendError: z.string().nullable(),
  lastSendFailedAt: isoTime.nullable(),
  /** When the sender tries again; null while it waits for a person. */
  nextAttemptAt: isoTime.nullable(),
  /** Why it waits for a person; null: still retried automatically. */
  attentionReason: z.string().nullable(),
  attentionAt: isoTime.nullable(),
  returnReason: z.string().nullable(),
});
export type AttentionWithdrawal = z.infer<typeof attentionWithdrawal>;
export const attentionWithdrawals = z.strictObject({ needsAttention: z.array(attentionWithdrawal), retrying: z.array(attentionWithdrawal) });
export type AttentionWithdrawals = z.infer<typeof attentionWithdrawals>;

// ---- Transactions and balances: /api/transactions, /api/wallet/balance-history, the trial balance ----

export const transaction = z.strictObject({
  id,
  type: z.string(),
  status: z.string(),
  amount: moneyString,
  currency: z.string(),
  betId: id.nullable(),
  poolId: id.nullable(),
  reference: z.string().nullable(),
  /** English, for API clients that show it as it is. */
  description: z.string(),
  /** What the row is, as a code the apps say in the reader's language with `descriptionParams` (`description` is its English). */
  descriptionCode: z.enum(TRANSACTION_DESCRIPTION_CODES),
  descriptionParams: z.record(z.string(), z.string()),
  createdAt: isoTime,
});
export type Transaction = z.infer<typeof transaction>;
export const transactions = z.array(transaction);
export const transactionsQuery = (pageMax: number) => z.object({ limit: z.coerce.number().int().min(1).max(pageMax).default(pageMax) });
export const balanceHistoryQuery = (daysMax: number, daysDefault: number) => z.object({ days: z.coerce.number().int().min(1).max(daysMax).default(daysDefault) });
export const balanceHistory = z.strictObject({ currency: z.string(), days: z.array(z.strictObject({ day: z.string(), balance: moneyString })) });
export type BalanceHistory = z.infer<typeof balanceHistory>;
export const trialBalance = z.strictObject({
  balanced: z.boolean(),
  currencies: z.array(z.strictObject({ currency: z.string(), total: moneyString })),
  accounts: z.array(z.strictObject({ currency: z.string(), accountKind: z.string(), total: moneyString, accounts: z.number() })),
});
export type TrialBalance = z.infer<typeof trialBalance>;

// ---- Safer play: /api/user/limits, /api/user/self-exclusion, /api/user/reality-check ---------

export const LIMIT_KINDS = ['depositDaily', 'depositWeekly', 'depositMonthly', 'stakeDaily'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const EXCLUSION_KINDS = ['cool_off', 'self_exclusion'] as const;
export const EXCLUSION_PERIODS = ['24h', '7d', '30d', '6m', '1y', '5y'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

export const limitState = z.strictObject({
  /** In force now; null = no limit. */
  limit: moneyString.nullable(),
  /** A raise or removal waiting for its 24 h: the new limit (null = none) and when it takes effect. */
  pending: z.strictObject({ limit: moneyString.nullable(), effectiveAt: isoTime }).nullable(),
  /** Counted in the current day / week / month of the player (deposits; stakes + fees for stakeDaily). */
  used: moneyString,
  /** What is left before the limit; null when there is none. */
  remaining: moneyString.nullable(),
});
export type LimitState = z.infer<typeof limitState>;
export const exclusion = z.strictObject({ kind: z.enum(EXCLUSION_KINDS), period: z.enum(EXCLUSION_PERIODS), until: isoTime });
export const saferPlayLimits = z.strictObject({
  currency: z.string(),
  timeZone: z.string(),
  depositDaily: limitState,
  depositWeekly: limitState,
  depositMonthly: limitState,
  stakeDaily: limitState,
  exclusion: exclusion.nullable(),
  selfExcludedUntil: isoTime.nullable(),
  coolOffUntil: isoTime.nullable(),
  realityCheckMinutes: z.number().nullable(),
});
export type SaferPlayLimits = z.infer<typeof saferPlayLimits>;
const amountOrNull = z.union([z.string(), z.number(), z.null()]).optional();
/** PUT /api/user/limits: a new limit per kind (null removes it); parsed further by the wallet's rules. */
export const setLimitsBody = z.object({ depositDaily: amountOrNull, depositWeekly: amountOrNull, depositMonthly: amountOrNull, stakeDaily: amountOrNull }).strict();
export type SetLimitsBody = Partial<Record<LimitKind, string | null>>;
export const selfExclusion = z.strictObject({ active: z.boolean(), exclusion: exclusion.nullable(), selfExcludedUntil: isoTime.nullable(), coolOffUntil: isoTime.nullable() });
export type SelfExclusion = z.infer<typeof selfExclusion>;
/** POST /api/user/self-exclusion: the period, checked by the wallet's rules. */
export const selfExclusionBody = z.object({ period: z.unknown().optional() });
/** PUT /api/user/reality-check: minutes of play (null turns it off), checked by the wallet's rules. */
export const realityCheckBody = z.object({ intervalMinutes: z.unknown().optional() });

export const SAFER_PLAY_HISTORY_TYPES = ['SpendingLimitChanged', 'SelfExclusionStarted', 'RealityCheckSet'] as const;
/** One safer-play event of a player, as the admin's user view lists them. */
export const saferPlayHistoryEntry = z.strictObject({
  type: z.enum(SAFER_PLAY_HISTORY_TYPES),
  /** `metadata.actor` of the event: the player's id for their own changes. */
  actor: z.string().nullable(),
  at: isoTime,
  /** SpendingLimitChanged: which limit, to what (null = none), from what, applied at once or pending until effectiveAt. */
  limit: z.enum(LIMIT_KINDS).optional(),
  value: moneyString.nullable().optional(),
  previous: moneyString.nullable().optional(),
  status: z.enum(['applied', 'pending']).optional(),
  effectiveAt: isoTime.optional(),
  /** SelfExclusionStarted. */
  period: z.enum(EXCLUSION_PERIODS).optional(),
  kind: z.enum(EXCLUSION_KINDS).optional(),
  until: isoTime.optional(),
  /** RealityCheckSet (null = off). */
  intervalMinutes: z.number().nullable().optional(),
});
export type SaferPlayHistoryEntry = z.infer<typeof saferPlayHistoryEntry>;
/** A player's safer play as an admin sees it (GET /api/admin/users/:id/safer-play): the limits and every change. */
export const saferPlayForAdmin = saferPlayLimits.extend({ history: z.array(saferPlayHistoryEntry) });
export type SaferPlayForAdmin = z.infer<typeof saferPlayForAdmin>;
