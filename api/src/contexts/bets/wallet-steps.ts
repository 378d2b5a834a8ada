import type { Position } from '@wager/domain';
import { formatAmount } from '@wager/domain/money/index';
import { betStepId } from '@wager/domain/bets/index';
import { DailyLimitExceededError, InsufficientBalanceError } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import { adjustForAppeal, creditPayout, releaseStake } from '../wallet/index.js';


const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$', EUR: '€', GBP: '£' };
/** `₦1,234.50`: amounts as the spec's toasts show them. */
export function shownAmount(currency: string, amount: string): string {
  const [whole = '0', fraction = '00'] = formatAmount(amount).split('.');
  return `${SYMBOLS[currency] ?? ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** "Insufficient Balance: You need ₦1,020.00 (including ₦20.00 fee) but only have ₦0.00." */
export function insufficientBalanceToast(p: InsufficientBalanceError['params']): string {
  return `Insufficient Balance: You need ${shownAmount(p.currency, p.needed)} (including ${shownAmount(p.currency, p.fee)} fee) but only have ${shownAmount(p.currency, p.balance)}.`;
}

/** "Daily Limit Exceeded: This bet would exceed your daily limit of ₦50,000.00." */
export function dailyLimitToast(p: DailyLimitExceededError['params']): string {
  return `Daily Limit Exceeded: This bet would exceed your daily limit of ${shownAmount(p.currency, p.dailyLimit)}.`;
}

/** The spec's toasts (section 5) for a refused lock, with the amounts the decider saw; code and params stay. */
export function withStakeToast(error: unknown): unknown {
  if (error instanceof InsufficientBalanceError) return new InsufficientBalanceError(error.params, insufficientBalanceToast(error.params));
  if (error instanceof DailyLimitExceededError) return new DailyLimitExceededError(error.params, dailyLimitToast(error.params));
  return error;
}

/**
 * The wallet follow-ups of bet events (refunds and payouts), over the wallet context's service.
 * Each is idempotent twice over: by its deterministic event id and by the wallet decider's own
 * keys (one release per (user, bet), one payout per bet). Stake locks are not here: they are
 * decided together with the bet and appended with it (stake-moves.ts in the domain).
 */
export interface BetWallet {
  releaseStake(input: { userId: string; betId: string; reason: string; now: Date }): Promise<Position | null>;
  creditPayout(input: { userId: string; betId: string; amount: string; currency: string; now: Date }): Promise<Position | null>;
  adjustForAppeal(input: { userId: string; betId: string; amount: string; currency: string; reversesEventId: string; now: Date }): Promise<Position | null>;
}

export function createBetWallet(deps: AppDeps): BetWallet {
  return {
    async releaseStake({ userId, betId, reason, now }) {
      const result = await releaseStake(deps, { eventId: betStepId(betId, 'release', userId), userId, holdId: betId, reason, now });
      return result.append?.position ?? null;
    },
    async creditPayout({ userId, betId, amount, currency, now }) {
      const result = await creditPayout(deps, { eventId: betStepId(betId, 'payout', userId), userId, holdId: betId, holdKind: 'bet', amount, currency, now });
      return result.append?.position ?? null;
    },
    async adjustForAppeal({ userId, betId, amount, currency, reversesEventId, now }) {
      const result = await adjustForAppeal(deps, { eventId: betStepId(betId, 'appeal', userId), userId, holdId: betId, amount, currency, reversesEventId, now });
      return result.append?.position ?? null;
    },
  };
}
