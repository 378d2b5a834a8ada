import { v5 as uuidv5 } from 'uuid';
import { handleCommand, ValidationError, type Position } from '@wager/domain';
import { formatAmount, money } from '@wager/domain/money/index';
import { availableBalance, DAILY_LIMIT_EXCEEDED, INSUFFICIENT_BALANCE, walletDecider, walletStreamId, foldStreamWallet } from './bet-wallet-fold.js';
import type { AppDeps } from '../deps.js';

export const BET_ID_NAMESPACE = '0b0f6a52-8c1d-5e43-9a27-3f6d2c8e1b74';

/** A deterministic id (UUIDv5) of one step of a bet's saga: the same step always gets the same id. */
export function betStepId(betId: string, ...step: string[]): string {
  return uuidv5([betId, ...step].join('/'), BET_ID_NAMESPACE);
}

const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$', EUR: '€', GBP: '£' };
function shown(currency: string, amount: string): string {
  const [whole = '0', fraction = '00'] = formatAmount(amount).split('.');
  return `${SYMBOLS[currency] ?? ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * The wallet steps of the bet sagas. Each is idempotent twice over: by its deterministic event
 * id and by the wallet decider's own keys (one hold per (user, bet), one payout per bet).
 */
export interface BetWallet {
  lockStake(input: { userId: string; betId: string; stake: string; fee: string; currency: string; now: Date }): Promise<Position | null>;
  releaseStake(input: { userId: string; betId: string; reason: string; now: Date }): Promise<Position | null>;
  creditPayout(input: { userId: string; betId: string; amount: string; currency: string; now: Date }): Promise<Position | null>;
}

export function createBetWallet(deps: AppDeps): BetWallet {
  const run = async (userId: string, command: Parameters<typeof walletDecider.decide>[0], eventId: string, actor: string) => {
    const result = await handleCommand(deps.store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, i) => (i === 0 ? eventId : uuidv5(`${eventId}/${i}`, BET_ID_NAMESPACE))), metadata: { actor } });
    return result.append?.position ?? null;
  };
  return {
    async lockStake({ userId, betId, stake, fee, currency, now }) {
      const user = await deps.db.selectFrom('users').select(['timezone']).where('id', '=', userId).executeTakeFirst();
      const dailyLimit = deps.config.DAILY_LIMIT_DEFAULT;
      try {
        return await run(userId, { type: 'LockStake', userId, holdId: betId, holdKind: 'bet', stake, fee, currency, now, timeZone: user?.timezone ?? 'UTC', dailyLimit }, betStepId(betId, 'lock', userId), userId);
      } catch (error) {
        // The spec's toasts (section 5), with the amounts the player needs to see.
        if (error instanceof ValidationError && error.message === INSUFFICIENT_BALANCE) {
          const state = foldStreamWallet(await deps.store.readStream(walletStreamId(userId)));
          const total = money(stake).plus(fee);
          throw new ValidationError(`Insufficient Balance: You need ${shown(currency, total.toString())} (including ${shown(currency, fee)} fee) but only have ${shown(currency, availableBalance(state, currency).toString())}.`);
        }
        if (error instanceof ValidationError && error.message === DAILY_LIMIT_EXCEEDED) {
          throw new ValidationError(`Daily Limit Exceeded: This bet would exceed your daily limit of ${shown(currency, dailyLimit)}.`, error.extra);
        }
        throw error;
      }
    },
    releaseStake: ({ userId, betId, reason, now }) => run(userId, { type: 'ReleaseStake', userId, holdId: betId, reason, now }, betStepId(betId, 'release', userId), 'system'),
    creditPayout: ({ userId, betId, amount, currency, now }) =>
      run(userId, { type: 'CreditPayout', userId, holdId: betId, holdKind: 'bet', amount, currency, now }, betStepId(betId, 'payout', userId), 'system'),
  };
}
