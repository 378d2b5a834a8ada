import type { Command } from '../shared/command.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { Money, ZERO, formatAmount } from '../money/money.js';
import { readAmount, type AmountRule } from '../money/amount.js';
import { assertBalanced, reverse, transfer, type Posting } from '../ledger/postings.js';
import { externalWithdrawals, userAvailable } from '../ledger/accounts.js';
import { InsufficientBalanceError } from './errors.js';
import { deterministicId } from './ids.js';
import { payoutReviewReasons, type PayoutPolicy, type PayoutReviewReason, type PayoutRiskFacts } from './payout-policy.js';

/**
 * Naira withdrawals to a bank account through Paystack Transfers, in the wallet stream
 * (`wallet-<userId>`), so the balance check and the hold are one decision:
 *
 *   requested ──send──▶ sent ──success──▶ paid ──reversed──▶ returned
 *       │                 ├──failed/reversed──▶ returned
 *       │                 └──Paystack's status moves (otp → pending …): recorded, still sent
 *       └──(outcome without a recorded send: the send happened, its record did not)
 *
 * The hold is a posting available → external:withdrawals:<CUR> at request time; `paid` moves
 * no money (it was already out); `returned` reverses the hold, once. Paid and Returned are each
 * recorded at most once, so no order or repetition of provider outcomes pays twice or loses a
 * hold. The transfer reference is derived from the withdrawal id: Paystack refuses a second
 * transfer with the same reference, and the reconciler verifies by reference before sending.
 */
export const BANK_WITHDRAWAL_MIN = new Money(1000);
export const BANK_WITHDRAWAL_MAX = new Money(10_000_000);
/**
 * A new payout account is the usual sign of a taken-over login: its first payout waits a day by
 * default. The wait in force comes with each request (`PayoutPolicy.newAccountWaitMs`, set by
 * BANK_NEW_ACCOUNT_WAIT_HOURS) and is recorded in the event as `notBefore`.
 */
export const NEW_BANK_ACCOUNT_COOLING_OFF_MS = 24 * 60 * 60 * 1000;
export const BANK_WITHDRAWAL_MESSAGES = {
  minimum: 'Minimum withdrawal amount is ₦1,000',
  maximum: 'Maximum withdrawal amount is ₦10,000,000',
  bankAccountRequired: 'Bank account is required',
  otpNoLongerNeeded: 'This transfer no longer needs an OTP',
  notAwaitingOtp: 'Withdrawal is not waiting for an OTP',
} as const;

export type BankWithdrawalStatus = 'requested' | 'sent' | 'paid' | 'returned';

export interface BankWithdrawalRequestedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly bankAccountId: string;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumberMasked: string;
  readonly recipientCode: string;
  readonly amount: string;
  readonly currency: string;
  /** Paystack transfer reference: `wdr_<withdrawal id, hex>`, lowercase. */
  readonly reference: string;
  /** Not sent before this time (24 h after the account was added, for its first payout). */
  readonly notBefore: string;
  /** Email or phone unverified (`unverified` is among the review reasons). */
  readonly requiresKyc: boolean;
  /**
   * Every rule that held it for an admin's review (payout-policy.ts); empty: it pays out with
   * no person in the loop. Absent in events recorded before the rules: `requiresKyc` was the
   * only one then (see `reviewReasonsOf`).
   */
  readonly reviewReasons?: readonly PayoutReviewReason[];
  readonly postings: Posting[];
  readonly requestedAt: string;
}
export interface BankWithdrawalSentData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  readonly transferCode: string;
  /** Paystack's status on acceptance: pending, otp, success, … */
  readonly providerStatus: string;
  readonly sentAt: string;
}
export interface BankWithdrawalPaidData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  readonly amount: string;
  readonly currency: string;
  /** Which path told us first: webhook or verify. */
  readonly via: string;
  readonly paidAt: string;
}
export interface BankWithdrawalReturnedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  /** failed | reversed | abandoned | rejected | blocked */
  readonly providerStatus: string;
  readonly reason: string;
  readonly amount: string;
  readonly currency: string;
  readonly postings: Posting[];
  readonly via: string;
  readonly returnedAt: string;
}
/**
 * Paystack's status of a sent transfer moved without ending it: an OTP was entered (otp →
 * pending), or it was queued or received. Read models and the admin queue follow it, so a
 * finalized transfer no longer reads as waiting for an OTP. Numbered per withdrawal (its id).
 */
export interface BankWithdrawalProviderStatusChangedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  readonly providerStatus: string;
  /** The status it replaces. */
  readonly previousProviderStatus: string | null;
  /** 1, 2, …: the withdrawal's status changes so far. */
  readonly sequence: number;
  readonly changedAt: string;
}
export interface BankWithdrawalHeldData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly heldBy: string;
  readonly reason: string;
  /** 1, 2, …: a withdrawal may be held again after a release. */
  readonly sequence: number;
  readonly heldAt: string;
}
export interface BankWithdrawalReleasedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly releasedBy: string;
  readonly reason: string;
  readonly sequence: number;
  readonly releasedAt: string;
}

export type BankWithdrawalEvent =
  | { type: 'BankWithdrawalRequested'; data: BankWithdrawalRequestedData }
  | { type: 'BankWithdrawalSent'; data: BankWithdrawalSentData }
  | { type: 'BankWithdrawalProviderStatusChanged'; data: BankWithdrawalProviderStatusChangedData }
  | { type: 'BankWithdrawalPaid'; data: BankWithdrawalPaidData }
  | { type: 'BankWithdrawalReturned'; data: BankWithdrawalReturnedData }
  | { type: 'BankWithdrawalHeld'; data: BankWithdrawalHeldData }
  | { type: 'BankWithdrawalReleased'; data: BankWithdrawalReleasedData };

export const BANK_WITHDRAWAL_EVENT_TYPES = ['BankWithdrawalRequested', 'BankWithdrawalSent', 'BankWithdrawalProviderStatusChanged', 'BankWithdrawalPaid', 'BankWithdrawalReturned', 'BankWithdrawalHeld', 'BankWithdrawalReleased'] as const;

export function isBankWithdrawalEvent(event: { type: string }): event is BankWithdrawalEvent {
  return (BANK_WITHDRAWAL_EVENT_TYPES as readonly string[]).includes(event.type);
}

/** The account the payout goes to, as the bank-accounts stream knows it. */
export interface PayoutAccount {
  readonly bankAccountId: string;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumberMasked: string;
  readonly recipientCode: string;
  readonly addedAt: string;
  /** The id it had before ids were random: payouts made to it then count as payouts to this account. */
  readonly formerBankAccountIds?: readonly string[];
}

export type RequestBankWithdrawal = Command<
  'RequestBankWithdrawal',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly account: PayoutAccount;
    readonly amount: string;
    readonly currency: string;
    /** The tier and waits in force (configuration). */
    readonly policy: PayoutPolicy;
    /** What accounts, sessions, bank accounts and bets say about the player now. */
    readonly facts: PayoutRiskFacts;
  }
>;
export type MarkBankWithdrawalSent = Command<'MarkBankWithdrawalSent', { readonly userId: string; readonly withdrawalId: string; readonly transferCode: string; readonly providerStatus: string }>;
export type RecordBankTransferOutcome = Command<
  'RecordBankTransferOutcome',
  { readonly userId: string; readonly withdrawalId: string; readonly providerStatus: string; readonly reason: string; readonly via: 'webhook' | 'verify' }
>;
export type HoldBankWithdrawal = Command<'HoldBankWithdrawal', { readonly userId: string; readonly withdrawalId: string; readonly by: string; readonly reason: string }>;
export type ReleaseBankWithdrawal = Command<'ReleaseBankWithdrawal', { readonly userId: string; readonly withdrawalId: string; readonly by: string; readonly reason: string }>;

export type BankWithdrawalCommand = RequestBankWithdrawal | MarkBankWithdrawalSent | RecordBankTransferOutcome | HoldBankWithdrawal | ReleaseBankWithdrawal;
export const BANK_WITHDRAWAL_COMMAND_TYPES = ['RequestBankWithdrawal', 'MarkBankWithdrawalSent', 'RecordBankTransferOutcome', 'HoldBankWithdrawal', 'ReleaseBankWithdrawal'] as const;

export function isBankWithdrawalCommand(command: { type: string }): command is BankWithdrawalCommand {
  return (BANK_WITHDRAWAL_COMMAND_TYPES as readonly string[]).includes(command.type);
}

export interface BankWithdrawal {
  readonly bankAccountId: string;
  readonly amount: Money;
  readonly currency: string;
  readonly reference: string;
  readonly status: BankWithdrawalStatus;
  /** Waiting for an admin's review (any review reason; the name is from when KYC was the only one). */
  readonly kycPending: boolean;
  /** Absent in state folded from events recorded before it was kept (they count as long ago). */
  readonly requestedAt?: string;
  readonly adminHeld: boolean;
  /** Holds and releases so far (their event ids are derived from it). */
  readonly holdSequence: number;
  readonly notBefore: string;
  /** Paystack's transfer code, once sent (what an OTP finalizes). */
  readonly transferCode: string | null;
  /** Paystack's last known status of the transfer (null before it is sent). */
  readonly providerStatus: string | null;
  /** Status changes recorded so far (their event ids are derived from it). */
  readonly providerStatusSequence: number;
  /** Paystack asked for an OTP for this transfer at some point. */
  readonly otpRequested: boolean;
}

/** Paystack outcomes that end a transfer without the money reaching the bank account. */
export const RETURNING_STATUSES = ['failed', 'reversed', 'abandoned', 'rejected', 'blocked'] as const;

/** A Paystack status that ends a transfer: paid, or not (the hold comes back). */
export function isFinalTransferStatus(providerStatus: string): boolean {
  return providerStatus === 'success' || (RETURNING_STATUSES as readonly string[]).includes(providerStatus);
}

/** `wdr_` + the withdrawal id without dashes: unique, lowercase, derived, so a resend reuses it. */
export function bankTransferReference(withdrawalId: string): string {
  return `wdr_${withdrawalId.replace(/-/g, '').toLowerCase()}`;
}

/** The amount rule of a bank withdrawal: ₦1,000 to ₦10,000,000, at most 2 decimals. */
export const BANK_WITHDRAWAL_AMOUNT: AmountRule = {
  min: { amount: BANK_WITHDRAWAL_MIN, refusal: { message: BANK_WITHDRAWAL_MESSAGES.minimum, code: 'bank_withdrawal_minimum', params: { min: formatAmount(BANK_WITHDRAWAL_MIN) } } },
  max: { amount: BANK_WITHDRAWAL_MAX, refusal: { message: BANK_WITHDRAWAL_MESSAGES.maximum, code: 'bank_withdrawal_maximum', params: { max: formatAmount(BANK_WITHDRAWAL_MAX) } } },
};

export function parseBankWithdrawal(input: { amount?: unknown; bankAccountId?: unknown }): { amount: Money; bankAccountId: string } {
  const amount = readAmount(input.amount, BANK_WITHDRAWAL_AMOUNT);
  const bankAccountId = typeof input.bankAccountId === 'string' ? input.bankAccountId.trim() : '';
  if (bankAccountId === '' || bankAccountId.length > 100) throw new ValidationError(BANK_WITHDRAWAL_MESSAGES.bankAccountRequired, { code: 'bank_account_required' });
  return { amount, bankAccountId };
}

/** The part of the wallet state these rules read and write (WalletState has it; no import, no cycle). */
export interface BankWithdrawalSlice {
  readonly available: Readonly<Record<string, Money>>;
  readonly bankWithdrawals?: Readonly<Record<string, BankWithdrawal>>;
}

export function bankWithdrawalsOf(state: BankWithdrawalSlice): Readonly<Record<string, BankWithdrawal>> {
  return state.bankWithdrawals ?? {};
}

/** A withdrawal the sender may send now: requested, not held for review or by an admin, past its waiting time. */
export function isSendable(w: Pick<BankWithdrawal, 'status' | 'kycPending' | 'adminHeld' | 'notBefore'>, now: Date): boolean {
  return w.status === 'requested' && !w.kycPending && !w.adminHeld && now.getTime() >= Date.parse(w.notBefore);
}

/** An OTP for a transfer whose OTP was already entered (or that has ended since): 409. */
export class OtpNoLongerNeededError extends ConflictError {
  constructor() {
    super(BANK_WITHDRAWAL_MESSAGES.otpNoLongerNeeded, { code: 'otp_no_longer_needed' });
  }
}

/**
 * The transfer code an OTP may finalize now: the transfer is sent and Paystack's last status is
 * `otp`. Otherwise a truthful 409: an OTP was asked for and has since been entered (or the
 * transfer ended), or none was ever asked for.
 */
export function transferAwaitingOtp(w: Pick<BankWithdrawal, 'status' | 'providerStatus' | 'transferCode' | 'otpRequested'>): string {
  if (w.status === 'sent' && w.providerStatus === 'otp' && w.transferCode) return w.transferCode;
  if (w.otpRequested) throw new OtpNoLongerNeededError();
  throw new ConflictError(BANK_WITHDRAWAL_MESSAGES.notAwaitingOtp, { code: 'withdrawal_not_awaiting_otp' });
}

function withdrawalOf(state: BankWithdrawalSlice, withdrawalId: string): BankWithdrawal {
  const w = bankWithdrawalsOf(state)[withdrawalId];
  if (!w) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
  return w;
}

function balanced(postings: Posting[]): Posting[] {
  assertBalanced(postings);
  return postings;
}

function holdPostings(userId: string, w: Pick<BankWithdrawal, 'amount' | 'currency'>): Posting[] {
  return balanced(transfer(userAvailable(userId, w.currency), externalWithdrawals(w.currency), w.currency, w.amount));
}

/** The review reasons of a recorded request (older events: `requiresKyc` was the only rule). */
export function reviewReasonsOf(data: Pick<BankWithdrawalRequestedData, 'requiresKyc' | 'reviewReasons'>): readonly PayoutReviewReason[] {
  return data.reviewReasons ?? (data.requiresKyc ? ['unverified'] : []);
}

/** The first payout to an account waits `waitMs` after the account was added; later ones go at once. */
function notBeforeFor(state: BankWithdrawalSlice, account: PayoutAccount, now: Date, waitMs: number): string {
  const ids = new Set([account.bankAccountId, ...(account.formerBankAccountIds ?? [])]);
  const paidBefore = Object.values(bankWithdrawalsOf(state)).some((w) => ids.has(w.bankAccountId) && w.status === 'paid');
  const coolingEnds = Date.parse(account.addedAt) + waitMs;
  return new Date(paidBefore ? now.getTime() : Math.max(now.getTime(), coolingEnds)).toISOString();
}

export function decideBankWithdrawal(command: BankWithdrawalCommand, state: BankWithdrawalSlice): BankWithdrawalEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'RequestBankWithdrawal':
      return request(command.data, now, state);
    case 'MarkBankWithdrawalSent': {
      const c = command.data;
      const w = withdrawalOf(state, c.withdrawalId);
      // The first record of a send is the send; later ones only move Paystack's in-between status
      // (an outcome, final, is RecordBankTransferOutcome's). An outcome may have overtaken both.
      if (w.status === 'sent') return providerStatusChange(c, w, now);
      if (w.status !== 'requested') return [];
      return [{ type: 'BankWithdrawalSent', data: { userId: c.userId, withdrawalId: c.withdrawalId, reference: w.reference, transferCode: c.transferCode, providerStatus: c.providerStatus, sentAt: now.toISOString() } }];
    }
    case 'RecordBankTransferOutcome':
      return recordOutcome(command.data, now, state);
    case 'HoldBankWithdrawal': {
      const c = command.data;
      const w = withdrawalOf(state, c.withdrawalId);
      if (w.adminHeld) return [];
      if (w.status !== 'requested') throw new ConflictError(`Withdrawal is ${w.status}`, { code: 'withdrawal_not_pending', params: { status: w.status } });
      return [{ type: 'BankWithdrawalHeld', data: { userId: c.userId, withdrawalId: c.withdrawalId, heldBy: c.by, reason: c.reason, sequence: w.holdSequence + 1, heldAt: now.toISOString() } }];
    }
    case 'ReleaseBankWithdrawal': {
      const c = command.data;
      const w = withdrawalOf(state, c.withdrawalId);
      if (w.status !== 'requested') throw new ConflictError(`Withdrawal is ${w.status}`, { code: 'withdrawal_not_pending', params: { status: w.status } });
      // A release is a person's review: it clears the KYC wait, an admin hold and the new-account wait.
      if (!w.adminHeld && !w.kycPending && now.getTime() >= Date.parse(w.notBefore)) return [];
      return [{ type: 'BankWithdrawalReleased', data: { userId: c.userId, withdrawalId: c.withdrawalId, releasedBy: c.by, reason: c.reason, sequence: w.holdSequence + 1, releasedAt: now.toISOString() } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown bank withdrawal command ${JSON.stringify(unknown)}`);
    }
  }
}

function providerStatusChange(c: MarkBankWithdrawalSent['data'], w: BankWithdrawal, now: Date): BankWithdrawalEvent[] {
  if (isFinalTransferStatus(c.providerStatus) || c.providerStatus === w.providerStatus) return [];
  return [
    {
      type: 'BankWithdrawalProviderStatusChanged',
      data: { userId: c.userId, withdrawalId: c.withdrawalId, reference: w.reference, providerStatus: c.providerStatus, previousProviderStatus: w.providerStatus, sequence: w.providerStatusSequence + 1, changedAt: now.toISOString() },
    },
  ];
}

function request(c: RequestBankWithdrawal['data'], now: Date, state: BankWithdrawalSlice): BankWithdrawalEvent[] {
  // The same rule as the route's (a command may come from elsewhere): never a wrong message for a third decimal.
  const amount = readAmount(c.amount, BANK_WITHDRAWAL_AMOUNT);
  const existing = bankWithdrawalsOf(state)[c.withdrawalId];
  if (existing) {
    if (existing.amount.eq(amount) && (existing.bankAccountId === c.account.bankAccountId || (c.account.formerBankAccountIds ?? []).includes(existing.bankAccountId))) return [];
    throw new ConflictError('Withdrawal already requested');
  }
  const balance = state.available[c.currency] ?? ZERO;
  if (balance.lt(amount)) throw new InsufficientBalanceError({ needed: formatAmount(amount), fee: '0.00', balance: formatAmount(balance), currency: c.currency });
  const a = c.account;
  // The tier counts what this wallet stream says left lately, in this currency: the state this
  // decision is appended against, so a concurrent request is decided after this one, not beside it.
  const past = Object.values(bankWithdrawalsOf(state))
    .filter((w) => w.currency === c.currency)
    .map((w) => ({ amount: w.amount, requestedAt: w.requestedAt ?? new Date(0).toISOString(), returned: w.status === 'returned' }));
  const reviewReasons = payoutReviewReasons({ amount, now, policy: c.policy, facts: c.facts, past });
  return [
    {
      type: 'BankWithdrawalRequested',
      data: {
        userId: c.userId,
        withdrawalId: c.withdrawalId,
        bankAccountId: a.bankAccountId,
        bankName: a.bankName,
        accountName: a.accountName,
        accountNumberMasked: a.accountNumberMasked,
        recipientCode: a.recipientCode,
        amount: formatAmount(amount),
        currency: c.currency,
        reference: bankTransferReference(c.withdrawalId),
        notBefore: notBeforeFor(state, a, now, c.policy.newAccountWaitMs),
        requiresKyc: reviewReasons.includes('unverified'),
        reviewReasons,
        postings: holdPostings(c.userId, { amount, currency: c.currency }),
        requestedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * Success pays a requested or sent withdrawal; failed (and its kin) returns one not yet paid;
 * reversed returns one whether paid or not (the bank sent it back). Anything already final for
 * that outcome decides nothing, so duplicates and late arrivals are harmless; in-between
 * statuses (pending, otp, received) decide nothing.
 */
function recordOutcome(c: RecordBankTransferOutcome['data'], now: Date, state: BankWithdrawalSlice): BankWithdrawalEvent[] {
  const w = withdrawalOf(state, c.withdrawalId);
  const base = { userId: c.userId, withdrawalId: c.withdrawalId, reference: w.reference };
  if (w.status === 'returned') return [];
  if (c.providerStatus === 'success') {
    if (w.status === 'paid') return [];
    return [{ type: 'BankWithdrawalPaid', data: { ...base, amount: formatAmount(w.amount), currency: w.currency, via: c.via, paidAt: now.toISOString() } }];
  }
  const returning = (RETURNING_STATUSES as readonly string[]).includes(c.providerStatus);
  if (!returning) return [];
  if (w.status === 'paid' && c.providerStatus !== 'reversed') return [];
  const postings = balanced(reverse(holdPostings(c.userId, w)));
  return [
    {
      type: 'BankWithdrawalReturned',
      data: { ...base, providerStatus: c.providerStatus, reason: c.reason, amount: formatAmount(w.amount), currency: w.currency, postings, via: c.via, returnedAt: now.toISOString() },
    },
  ];
}

function patch<S extends BankWithdrawalSlice>(state: S, withdrawalId: string, change: Partial<BankWithdrawal>): S {
  const all = bankWithdrawalsOf(state);
  const current = all[withdrawalId];
  if (!current) return state;
  return { ...state, bankWithdrawals: { ...all, [withdrawalId]: { ...current, ...change } } };
}

function addAvailable<S extends BankWithdrawalSlice>(state: S, currency: string, delta: Money): S {
  return { ...state, available: { ...state.available, [currency]: (state.available[currency] ?? ZERO).plus(delta) } };
}

export function evolveBankWithdrawal<S extends BankWithdrawalSlice>(state: S, event: BankWithdrawalEvent): S {
  switch (event.type) {
    case 'BankWithdrawalRequested': {
      const d = event.data;
      const w: BankWithdrawal = {
        bankAccountId: d.bankAccountId,
        amount: new Money(d.amount),
        currency: d.currency,
        reference: d.reference,
        status: 'requested',
        kycPending: reviewReasonsOf(d).length > 0,
        requestedAt: d.requestedAt,
        adminHeld: false,
        holdSequence: 0,
        notBefore: d.notBefore,
        transferCode: null,
        providerStatus: null,
        providerStatusSequence: 0,
        otpRequested: false,
      };
      const next = addAvailable(state, d.currency, new Money(d.amount).neg());
      return { ...next, bankWithdrawals: { ...bankWithdrawalsOf(state), [d.withdrawalId]: w } };
    }
    case 'BankWithdrawalSent':
      return patch(state, event.data.withdrawalId, { status: 'sent', transferCode: event.data.transferCode, providerStatus: event.data.providerStatus, ...(event.data.providerStatus === 'otp' ? { otpRequested: true } : {}) });
    case 'BankWithdrawalProviderStatusChanged':
      return patch(state, event.data.withdrawalId, { providerStatus: event.data.providerStatus, providerStatusSequence: event.data.sequence, ...(event.data.providerStatus === 'otp' ? { otpRequested: true } : {}) });
    case 'BankWithdrawalPaid':
      return patch(state, event.data.withdrawalId, { status: 'paid', providerStatus: 'success' });
    case 'BankWithdrawalReturned': {
      const next = patch(state, event.data.withdrawalId, { status: 'returned', providerStatus: event.data.providerStatus });
      return addAvailable(next, event.data.currency, new Money(event.data.amount));
    }
    case 'BankWithdrawalHeld':
      return patch(state, event.data.withdrawalId, { adminHeld: true, holdSequence: event.data.sequence });
    case 'BankWithdrawalReleased': {
      const current = bankWithdrawalsOf(state)[event.data.withdrawalId];
      const notBefore = current && Date.parse(current.notBefore) > Date.parse(event.data.releasedAt) ? event.data.releasedAt : current?.notBefore;
      return patch(state, event.data.withdrawalId, { adminHeld: false, kycPending: false, holdSequence: event.data.sequence, ...(notBefore ? { notBefore } : {}) });
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * The deterministic id of a bank withdrawal event: one per (withdrawal, step), holds and
 * releases and provider status changes numbered. Paid and Returned each happen at most once, so the type is their step.
 */
export function bankWithdrawalEventId(event: BankWithdrawalEvent): string {
  const sequence = 'sequence' in event.data ? String(event.data.sequence) : '';
  return deterministicId('bankwithdrawal', event.data.withdrawalId, event.type, sequence);
}
