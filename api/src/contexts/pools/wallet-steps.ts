import type { Position } from '@wager/domain';
import { ConflictError } from '@wager/domain';
import { poolMessages, poolStepId } from '@wager/domain/pools/index';
import type { AppDeps } from '../../deps.js';
import { creditPayout, lockStake, releaseStake } from '../wallet/index.js';

/**
 * The wallet steps of the pool sagas, over the wallet context's hold service (holdKind 'pool',
 * hold id = the pool id, so the escrow account is `pool:<id>:escrow:<CUR>`). Each is
 * idempotent twice over: by its deterministic event id and by the wallet decider's own keys
 * (one hold per (user, pool), one payout per (pool, user)).
 */
export interface PoolWallet {
  lockEntry(input: { userId: string; poolId: string; entryFee: string; fee: string; currency: string; now: Date }): Promise<Position | null>;
  releaseEntry(input: { userId: string; poolId: string; reason: string; now: Date }): Promise<Position | null>;
  creditPayout(input: { userId: string; poolId: string; amount: string; currency: string; now: Date }): Promise<Position | null>;
}

export function createPoolWallet(deps: AppDeps): PoolWallet {
  return {
    async lockEntry({ userId, poolId, entryFee, fee, currency, now }) {
      const user = await deps.db.selectFrom('users').select(['timezone']).where('id', '=', userId).executeTakeFirst();
      const result = await lockStake(deps, { eventId: poolStepId(poolId, 'lock', userId), userId, holdId: poolId, holdKind: 'pool', stake: entryFee, fee, currency, timeZone: user?.timezone ?? null, now });
      // Locking a hold that was already released decides nothing: that entry is over, never reuse it.
      if (result.state.holds.get(poolId)?.status !== 'locked') throw new ConflictError(poolMessages.entryReleased, { code: 'pool_entry_released' });
      return result.append?.position ?? null;
    },
    async releaseEntry({ userId, poolId, reason, now }) {
      const result = await releaseStake(deps, { eventId: poolStepId(poolId, 'release', userId), userId, holdId: poolId, reason, now });
      return result.append?.position ?? null;
    },
    async creditPayout({ userId, poolId, amount, currency, now }) {
      const result = await creditPayout(deps, { eventId: poolStepId(poolId, 'payout', userId), userId, holdId: poolId, holdKind: 'pool', amount, currency, now });
      return result.append?.position ?? null;
    },
  };
}
