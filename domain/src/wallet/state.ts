import { Money, ZERO } from '../money/money.js';
import { PersistentMap } from '../shared/persistent-map.js';
import type { HoldKind, KycStatus, WalletEvent } from './events.js';
import { isSaferPlayEvent, type SaferPlayEvent } from './limits-events.js';
import { evolveSaferPlay, initialSaferPlay, type SaferPlayState } from './limits.js';
import { evolveBankWithdrawal, isBankWithdrawalEvent, type BankWithdrawal } from './bank-withdrawal.js';
import { evolveBankTransferAttention, isBankTransferAttentionEvent } from './bank-transfer-attention.js';

export type HoldStatus = 'locked' | 'released' | 'paid';
export type WithdrawalStatus = 'pending' | 'processing' | 'completed' | 'cancelled';

export interface Hold {
  readonly holdKind: HoldKind;
  readonly total: Money;
  readonly currency: string;
  readonly spentDay: string;
  readonly status: HoldStatus;
}

export interface Withdrawal {
  readonly usdAmount: Money;
  readonly status: WithdrawalStatus;
  readonly kycStatus: KycStatus;
  /** Absent when folded from events recorded before it was kept. */
  readonly requestedAt?: string;
}

/** What the wallet decider needs to refuse a bad command; folded from the wallet stream. */
export interface WalletState {
  /** Available fiat balance per currency. */
  readonly available: Readonly<Record<string, Money>>;
  /** Crypto balance, USD. */
  readonly crypto: Money;
  /** Stakes counted towards the daily limit on the user's latest staking day. */
  readonly spent: { readonly day: string; readonly amount: Money } | null;
  /** Every hold ever locked (kept after release or payout: a repeated lock must stay a no-op). Grows with the stream, hence a PersistentMap. */
  readonly holds: PersistentMap<Hold>;
  /** `<holdId>/<payoutId>` of every payout credited. */
  readonly payouts: PersistentMap<true>;
  /** Ids of every deposit credited (Paystack and crypto). */
  readonly deposits: PersistentMap<true>;
  readonly withdrawals: Readonly<Record<string, Withdrawal>>;
  /** The player's limits, cool-off or self-exclusion, reality check and counted deposits (limits.ts). */
  readonly safer: SaferPlayState;
  /** Holds (bets) whose appeal correction is recorded for this user; absent until the first one. */
  readonly appealAdjusted?: PersistentMap<true>;
  /** What the user owes per currency from appeal clawbacks (positive: owed); absent until the first one. */
  readonly receivable?: Readonly<Record<string, Money>>;
  /** Bank (NGN) withdrawals by id; absent until the first one (bank-withdrawal.ts). */
  readonly bankWithdrawals?: Readonly<Record<string, BankWithdrawal>>;
}

export function initialState(): WalletState {
  return { available: {}, crypto: ZERO, spent: null, holds: PersistentMap.empty(), payouts: PersistentMap.empty(), deposits: PersistentMap.empty(), withdrawals: {}, safer: initialSaferPlay() };
}

export function availableBalance(state: WalletState, currency: string): Money {
  return state.available[currency] ?? ZERO;
}

function addAvailable(state: WalletState, currency: string, delta: Money | string): WalletState {
  return { ...state, available: { ...state.available, [currency]: availableBalance(state, currency).plus(delta) } };
}

function updateWithdrawal(state: WalletState, id: string, patch: Partial<Withdrawal>): WalletState {
  const current = state.withdrawals[id];
  if (!current) return state;
  return { ...state, withdrawals: { ...state.withdrawals, [id]: { ...current, ...patch } } };
}

export function evolve(state: WalletState, event: WalletEvent): WalletState {
  const next = isSaferPlayEvent(event) ? state : evolveMoney(state, event);
  return { ...next, safer: evolveSaferPlay(next.safer, event) };
}

function evolveMoney(state: WalletState, event: Exclude<WalletEvent, SaferPlayEvent>): WalletState {
  if (isBankWithdrawalEvent(event)) return evolveBankWithdrawal(state, event);
  if (isBankTransferAttentionEvent(event)) return evolveBankTransferAttention(state, event);
  switch (event.type) {
    case 'DepositCredited': {
      const next = addAvailable(state, event.data.currency, event.data.amount);
      return { ...next, deposits: state.deposits.set(event.data.depositId, true) };
    }
    case 'CryptoDepositCredited':
      return { ...state, crypto: state.crypto.plus(event.data.usdAmount), deposits: state.deposits.set(event.data.depositId, true) };
    case 'WithdrawalRequested': {
      const d = event.data;
      const withdrawal: Withdrawal = { usdAmount: new Money(d.usdAmount), status: 'pending', kycStatus: d.kycStatus, requestedAt: d.requestedAt };
      return { ...state, crypto: state.crypto.minus(d.usdAmount), withdrawals: { ...state.withdrawals, [d.withdrawalId]: withdrawal } };
    }
    case 'WithdrawalKycCleared':
      return updateWithdrawal(state, event.data.withdrawalId, { kycStatus: 'approved' });
    case 'WithdrawalSubmitted':
      return updateWithdrawal(state, event.data.withdrawalId, { status: 'processing' });
    case 'WithdrawalCompleted':
      return updateWithdrawal(state, event.data.withdrawalId, { status: 'completed' });
    case 'WithdrawalCancelled': {
      const next = updateWithdrawal(state, event.data.withdrawalId, { status: 'cancelled' });
      return { ...next, crypto: next.crypto.plus(event.data.usdAmount) };
    }
    case 'StakeLocked': {
      const d = event.data;
      const next = addAvailable(state, d.currency, new Money(d.total).neg());
      const spent = state.spent && state.spent.day === d.spentDay ? { day: d.spentDay, amount: state.spent.amount.plus(d.total) } : { day: d.spentDay, amount: new Money(d.total) };
      const hold: Hold = { holdKind: d.holdKind, total: new Money(d.total), currency: d.currency, spentDay: d.spentDay, status: 'locked' };
      return { ...next, spent, holds: state.holds.set(d.holdId, hold) };
    }
    case 'StakeReleased': {
      const d = event.data;
      const next = addAvailable(state, d.currency, d.amount);
      const hold = state.holds.get(d.holdId);
      const spent = state.spent && state.spent.day === d.spentDay ? { day: d.spentDay, amount: Money.max(ZERO, state.spent.amount.minus(d.amount)) } : state.spent;
      return { ...next, spent, holds: hold ? state.holds.set(d.holdId, { ...hold, status: 'released' }) : state.holds };
    }
    case 'PayoutCredited': {
      const d = event.data;
      const next = addAvailable(state, d.currency, d.amount);
      const hold = state.holds.get(d.holdId);
      return {
        ...next,
        payouts: state.payouts.set(`${d.holdId}/${d.payoutId}`, true),
        holds: hold ? state.holds.set(d.holdId, { ...hold, status: 'paid' }) : state.holds,
      };
    }
    case 'AppealDebited': {
      const d = event.data;
      const next = addAvailable(state, d.currency, new Money(d.fromAvailable).neg());
      const owed = (state.receivable?.[d.currency] ?? ZERO).plus(d.toReceivable);
      return { ...next, appealAdjusted: (state.appealAdjusted ?? PersistentMap.empty<true>()).set(d.holdId, true), receivable: { ...state.receivable, [d.currency]: owed } };
    }
    case 'ReceivableCollected': {
      const d = event.data;
      const next = addAvailable(state, d.currency, new Money(d.amount).neg());
      const owed = Money.max(ZERO, (state.receivable?.[d.currency] ?? ZERO).minus(d.amount));
      return { ...next, receivable: { ...state.receivable, [d.currency]: owed } };
    }
    case 'AppealCredited': {
      const d = event.data;
      const next = addAvailable(state, d.currency, d.amount);
      return { ...next, appealAdjusted: (state.appealAdjusted ?? PersistentMap.empty<true>()).set(d.holdId, true) };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
