import { Money, ZERO } from '../money/money.js';
import type { HoldKind, KycStatus, WalletEvent } from './events.js';

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
}

/** What the wallet decider needs to refuse a bad command; folded from the wallet stream. */
export interface WalletState {
  /** Available fiat balance per currency. */
  readonly available: Readonly<Record<string, Money>>;
  /** Crypto balance, USD. */
  readonly crypto: Money;
  /** Stakes counted towards the daily limit on the user's latest staking day. */
  readonly spent: { readonly day: string; readonly amount: Money } | null;
  readonly holds: Readonly<Record<string, Hold>>;
  /** `<holdId>/<payoutId>` of every payout credited. */
  readonly payouts: ReadonlySet<string>;
  /** Ids of every deposit credited (Paystack and crypto). */
  readonly deposits: ReadonlySet<string>;
  readonly withdrawals: Readonly<Record<string, Withdrawal>>;
}

export function initialState(): WalletState {
  return { available: {}, crypto: ZERO, spent: null, holds: {}, payouts: new Set(), deposits: new Set(), withdrawals: {} };
}

export function availableBalance(state: WalletState, currency: string): Money {
  return state.available[currency] ?? ZERO;
}

function addAvailable(state: WalletState, currency: string, delta: Money | string): WalletState {
  return { ...state, available: { ...state.available, [currency]: availableBalance(state, currency).plus(delta) } };
}

function withSet<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  next.add(value);
  return next;
}

function updateWithdrawal(state: WalletState, id: string, patch: Partial<Withdrawal>): WalletState {
  const current = state.withdrawals[id];
  if (!current) return state;
  return { ...state, withdrawals: { ...state.withdrawals, [id]: { ...current, ...patch } } };
}

export function evolve(state: WalletState, event: WalletEvent): WalletState {
  switch (event.type) {
    case 'DepositCredited': {
      const next = addAvailable(state, event.data.currency, event.data.amount);
      return { ...next, deposits: withSet(state.deposits, event.data.depositId) };
    }
    case 'CryptoDepositCredited':
      return { ...state, crypto: state.crypto.plus(event.data.usdAmount), deposits: withSet(state.deposits, event.data.depositId) };
    case 'WithdrawalRequested': {
      const d = event.data;
      const withdrawal: Withdrawal = { usdAmount: new Money(d.usdAmount), status: 'pending', kycStatus: d.kycStatus };
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
      return { ...next, spent, holds: { ...state.holds, [d.holdId]: hold } };
    }
    case 'StakeReleased': {
      const d = event.data;
      const next = addAvailable(state, d.currency, d.amount);
      const hold = state.holds[d.holdId];
      const spent = state.spent && state.spent.day === d.spentDay ? { day: d.spentDay, amount: Money.max(ZERO, state.spent.amount.minus(d.amount)) } : state.spent;
      return { ...next, spent, holds: hold ? { ...state.holds, [d.holdId]: { ...hold, status: 'released' } } : state.holds };
    }
    case 'PayoutCredited': {
      const d = event.data;
      const next = addAvailable(state, d.currency, d.amount);
      const hold = state.holds[d.holdId];
      return {
        ...next,
        payouts: withSet(state.payouts, `${d.holdId}/${d.payoutId}`),
        holds: hold ? { ...state.holds, [d.holdId]: { ...hold, status: 'paid' } } : state.holds,
      };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
