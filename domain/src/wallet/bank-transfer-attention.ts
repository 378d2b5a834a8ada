import type { Command } from '../shared/command.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { Money, formatAmount } from '../money/money.js';
import { assertBalanced, transfer, type Posting } from '../ledger/postings.js';
import { externalWithdrawals, userAvailable } from '../ledger/accounts.js';
import { deterministicId } from './ids.js';
import { bankWithdrawalsOf, isSendable, type BankWithdrawal, type BankWithdrawalEvent, type BankWithdrawalSlice } from './bank-withdrawal.js';

/**
 * Nothing stuck in silence: a bank transfer that cannot be sent is retried on a bounded backoff,
 * then marked for a person's attention with the reason Paystack (or our balance check) gave.
 *
 *   requested ──send fails (5xx, timeout, Paystack balance too low)──▶ retried after 30 s, 1 m, 2 m, 4 m
 *       │                                                                   │ 5th failure
 *       └──send refused (Paystack said no: bad recipient, …)──▶ needs attention ◀┘
 *                                                                   │
 *                           admin retry (a new round of attempts) ◀─┴─▶ admin return (the hold reversed, once)
 *
 * Only a withdrawal that needs attention can be retried or returned, and both are decided
 * against the same wallet stream revision: when a retry and a return race, exactly one is
 * appended and the other is refused (409). A return is a `BankWithdrawalReturned` like the ones
 * Paystack's failures cause, so the ledger, the read models and the audit need nothing new.
 */
export const BANK_SEND_ATTEMPTS_MAX = 5;
export const BANK_SEND_BACKOFF_BASE_MS = 30_000;
export const BANK_SEND_BACKOFF_MAX_MS = 15 * 60_000;
/** How the return appears on the withdrawal (its `providerStatus`): nobody at Paystack returned it, an admin did. */
export const RETURNED_BY_ADMIN = 'returned_by_admin';

/** The wait after the `attempt`-th failed send of a round (1-based): doubling from 30 s, at most 15 minutes. */
export function sendBackoffMs(attempt: number): number {
  const exponent = Math.max(0, Math.min(30, attempt - 1));
  return Math.min(BANK_SEND_BACKOFF_MAX_MS, BANK_SEND_BACKOFF_BASE_MS * 2 ** exponent);
}

export interface BankTransferAttemptFailedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  /** 1, 2, … within the current round (an admin retry starts a new round). */
  readonly attempt: number;
  /** 1, 2, … over the withdrawal's life: this event's id is derived from it. */
  readonly failureSequence: number;
  /** What Paystack said (its message), or why we did not send (the balance check). */
  readonly reason: string;
  /** Paystack answered and refused: sending the same request again would be refused again. */
  readonly refused: boolean;
  /** When the sender may try again; null when the withdrawal now needs attention. */
  readonly nextAttemptAt: string | null;
  readonly failedAt: string;
}
export interface BankWithdrawalNeedsAttentionData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  readonly reason: string;
  readonly attempts: number;
  /** 1, 2, …: marked again after each admin retry that fails again. */
  readonly sequence: number;
  readonly markedAt: string;
}
export interface BankWithdrawalRetriedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reference: string;
  readonly retriedBy: string;
  readonly reason: string;
  readonly sequence: number;
  readonly retriedAt: string;
}

export type BankTransferAttentionEvent =
  | { type: 'BankTransferAttemptFailed'; data: BankTransferAttemptFailedData }
  | { type: 'BankWithdrawalNeedsAttention'; data: BankWithdrawalNeedsAttentionData }
  | { type: 'BankWithdrawalRetried'; data: BankWithdrawalRetriedData };

export const BANK_TRANSFER_ATTENTION_EVENT_TYPES = ['BankTransferAttemptFailed', 'BankWithdrawalNeedsAttention', 'BankWithdrawalRetried'] as const;

export function isBankTransferAttentionEvent(event: { type: string }): event is BankTransferAttentionEvent {
  return (BANK_TRANSFER_ATTENTION_EVENT_TYPES as readonly string[]).includes(event.type);
}

export type RecordBankTransferAttemptFailed = Command<'RecordBankTransferAttemptFailed', { readonly userId: string; readonly withdrawalId: string; readonly reason: string; readonly refused: boolean }>;
export type RetryBankWithdrawal = Command<'RetryBankWithdrawal', { readonly userId: string; readonly withdrawalId: string; readonly by: string; readonly reason: string }>;
export type ReturnBankWithdrawal = Command<'ReturnBankWithdrawal', { readonly userId: string; readonly withdrawalId: string; readonly by: string; readonly reason: string }>;

export type BankTransferAttentionCommand = RecordBankTransferAttemptFailed | RetryBankWithdrawal | ReturnBankWithdrawal;
export const BANK_TRANSFER_ATTENTION_COMMAND_TYPES = ['RecordBankTransferAttemptFailed', 'RetryBankWithdrawal', 'ReturnBankWithdrawal'] as const;

export function isBankTransferAttentionCommand(command: { type: string }): command is BankTransferAttentionCommand {
  return (BANK_TRANSFER_ATTENTION_COMMAND_TYPES as readonly string[]).includes(command.type);
}

/** The attention part of a withdrawal's state (absent fields: never failed). */
export interface BankTransferAttention {
  /** Failed sends in the current round. */
  readonly sendAttempts?: number;
  /** Failed sends over the withdrawal's life. */
  readonly sendFailures?: number;
  readonly nextAttemptAt?: string | null;
  /** Why it needs a person; null or absent: it does not. */
  readonly attentionReason?: string | null;
  readonly attentionSequence?: number;
}

export function needsAttention(w: BankTransferAttention): boolean {
  return typeof w.attentionReason === 'string';
}

/** Not needing attention and past its backoff: the sender may try. */
export function isDueForSend(w: BankTransferAttention, now: Date): boolean {
  return !needsAttention(w) && (!w.nextAttemptAt || now.getTime() >= Date.parse(w.nextAttemptAt));
}

/** The sender's rule: sendable by the payout rules (isSendable) and due by these. */
export function isReadyToSend(w: BankWithdrawal, now: Date): boolean {
  return isSendable(w, now) && isDueForSend(w as Attended, now);
}

type Attended = BankWithdrawal & BankTransferAttention;

function withdrawalOf(state: BankWithdrawalSlice, withdrawalId: string): Attended {
  const w = bankWithdrawalsOf(state)[withdrawalId];
  if (!w) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
  return w as Attended;
}

function attentionRequired(w: Attended): void {
  if (w.status !== 'requested') throw new ConflictError(`Withdrawal is ${w.status}`, { code: 'withdrawal_not_pending', params: { status: w.status } });
  if (!needsAttention(w)) throw new ConflictError('Withdrawal does not need attention', { code: 'withdrawal_not_in_attention' });
}

export function decideBankTransferAttention(command: BankTransferAttentionCommand, state: BankWithdrawalSlice): (BankTransferAttentionEvent | BankWithdrawalEvent)[] {
  const now = command.metadata.now;
  const c = command.data;
  const w = withdrawalOf(state, c.withdrawalId);
  const base = { userId: c.userId, withdrawalId: c.withdrawalId, reference: w.reference };
  switch (command.type) {
    case 'RecordBankTransferAttemptFailed': {
      // A failure reported after the transfer was recorded as made, or while a person decides, changes nothing.
      if (w.status !== 'requested' || needsAttention(w)) return [];
      const attempt = (w.sendAttempts ?? 0) + 1;
      const failureSequence = (w.sendFailures ?? 0) + 1;
      const reason = command.data.reason.slice(0, 500) || 'Transfer not sent';
      const stop = command.data.refused || attempt >= BANK_SEND_ATTEMPTS_MAX;
      const failed: BankTransferAttentionEvent = {
        type: 'BankTransferAttemptFailed',
        data: { ...base, attempt, failureSequence, reason, refused: command.data.refused, nextAttemptAt: stop ? null : new Date(now.getTime() + sendBackoffMs(attempt)).toISOString(), failedAt: now.toISOString() },
      };
      if (!stop) return [failed];
      return [failed, { type: 'BankWithdrawalNeedsAttention', data: { ...base, reason, attempts: attempt, sequence: (w.attentionSequence ?? 0) + 1, markedAt: now.toISOString() } }];
    }
    case 'RetryBankWithdrawal': {
      const r = command.data;
      attentionRequired(w);
      return [{ type: 'BankWithdrawalRetried', data: { ...base, retriedBy: r.by, reason: r.reason, sequence: w.attentionSequence ?? 1, retriedAt: now.toISOString() } }];
    }
    case 'ReturnBankWithdrawal': {
      const r = command.data;
      attentionRequired(w);
      return [
        {
          type: 'BankWithdrawalReturned',
          data: { ...base, providerStatus: RETURNED_BY_ADMIN, reason: r.reason, amount: formatAmount(w.amount), currency: w.currency, postings: returnPostings(c.userId, w.amount, w.currency), via: `admin:${r.by}`, returnedAt: now.toISOString() },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown bank transfer attention command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The hold reversed: external:withdrawals back to the player's available balance. */
function returnPostings(userId: string, amount: Money, currency: string): Posting[] {
  const postings = transfer(externalWithdrawals(currency), userAvailable(userId, currency), currency, amount);
  assertBalanced(postings);
  return postings;
}

function patch<S extends BankWithdrawalSlice>(state: S, withdrawalId: string, change: BankTransferAttention): S {
  const all = bankWithdrawalsOf(state);
  const current = all[withdrawalId];
  if (!current) return state;
  return { ...state, bankWithdrawals: { ...all, [withdrawalId]: { ...current, ...change } } };
}

export function evolveBankTransferAttention<S extends BankWithdrawalSlice>(state: S, event: BankTransferAttentionEvent): S {
  switch (event.type) {
    case 'BankTransferAttemptFailed': {
      const d = event.data;
      return patch(state, d.withdrawalId, { sendAttempts: d.attempt, sendFailures: d.failureSequence, nextAttemptAt: d.nextAttemptAt });
    }
    case 'BankWithdrawalNeedsAttention': {
      const d = event.data;
      return patch(state, d.withdrawalId, { attentionReason: d.reason, attentionSequence: d.sequence, nextAttemptAt: null });
    }
    case 'BankWithdrawalRetried': {
      const d = event.data;
      return patch(state, d.withdrawalId, { attentionReason: null, sendAttempts: 0, nextAttemptAt: d.retriedAt });
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Deterministic ids: one failure per (withdrawal, failure number), one mark and one retry per attention sequence. */
export function bankTransferAttentionEventId(event: BankTransferAttentionEvent): string {
  const step = event.type === 'BankTransferAttemptFailed' ? String(event.data.failureSequence) : String(event.data.sequence);
  return deterministicId('bankwithdrawal', event.data.withdrawalId, event.type, step);
}
