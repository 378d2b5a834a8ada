import { v5 as uuidv5 } from 'uuid';
import { ValidationError, foldStream, type Position } from '@wager/domain';
import { formatAmount, money } from '@wager/domain/money/index';
import { DAILY_LIMIT_EXCEEDED, INSUFFICIENT_BALANCE, availableBalance, walletDecider, walletStreamId } from '@wager/domain/wallet/index';
import type { AppDeps } from '../deps.js';
import { creditPayout, lockStake, releaseStake } from '../routes/wallet/service.js';

export const BET_ID_NAMESPACE = '0b0f6a52-8c1d-5e43-9a27-3f6d2c8e1b74';

/** A deterministic id (UUIDv5) of one step of a bet's saga: the same step always gets the same id. */
export function betStepId(betId: string, ...step: string[]): string {
  return uuidv5([betId, ...step].join('/'), BET_ID_NAMESPACE);
}

const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$', EUR: '€', GBP: '£' };
/** `₦1,234.50`: amounts as the spec's toasts show them. */
export function shownAmount(currency: string, amount: string): string {
  const [whole = '0', fraction = '00'] = formatAmount(amount).split('.');
  return `${SYMBOLS[currency] ?? ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * The wallet steps of the bet sagas, over the wallet context's service. Each is idempotent
 * twice over: by its deterministic event id and by the wallet decider's own keys (one hold per
 * (user, bet), one payout per bet).
 */
export interface BetWallet {
  lockStake(input: { userId: string; betId: string; stake: string; fee: string; currency: string; now: Date }): Promise<Position | null>;
  releaseStake(input: { userId: string; betId: string; reason: string; now: Date }): Promise<Position | null>;
  creditPayout(input: { userId: string; betId: string; amount: string; currency: string; now: Date }): Promise<Position | null>;
}

export function createBetWallet(deps: AppDeps): BetWallet {
  return {
    async lockStake({ userId, betId, stake, fee, currency, now }) {
      const user = await deps.db.selectFrom('users').select(['timezone']).where('id', '=', userId).executeTakeFirst();
      const dailyLimit = deps.config.DAILY_LIMIT_DEFAULT;
      try {
        const result = await lockStake(deps, { eventId: betStepId(betId, 'lock', userId), userId, holdId: betId, holdKind: 'bet', stake, fee, currency, timeZone: user?.timezone ?? null, dailyLimit, now });
        return result.append?.position ?? null;
      } catch (error) {
        // The spec's toasts (section 5), with the amounts the player needs to see.
        if (error instanceof ValidationError && error.message === INSUFFICIENT_BALANCE) {
          const state = foldStream(walletDecider, await deps.store.readStream(walletStreamId(userId)));
          const total = money(stake).plus(fee).toString();
          throw new ValidationError(
            `Insufficient Balance: You need ${shownAmount(currency, total)} (including ${shownAmount(currency, fee)} fee) but only have ${shownAmount(currency, availableBalance(state, currency).toString())}.`,
          );
        }
        if (error instanceof ValidationError && error.message === DAILY_LIMIT_EXCEEDED) {
          throw new ValidationError(`Daily Limit Exceeded: This bet would exceed your daily limit of ${shownAmount(currency, dailyLimit)}.`, error.extra);
        }
        throw error;
      }
    },
    async releaseStake({ userId, betId, reason, now }) {
      const result = await releaseStake(deps, { eventId: betStepId(betId, 'release', userId), userId, holdId: betId, reason, now });
      return result.append?.position ?? null;
    },
    async creditPayout({ userId, betId, amount, currency, now }) {
      const result = await creditPayout(deps, { eventId: betStepId(betId, 'payout', userId), userId, holdId: betId, holdKind: 'bet', amount, currency, now });
      return result.append?.position ?? null;
    },
  };
}
