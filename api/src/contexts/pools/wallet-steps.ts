import type { Position } from '@wager/domain';
import { poolStepId } from '@wager/domain/pools/index';
import type { AppDeps } from '../../deps.js';
import { creditPayout, releaseStake } from '../wallet/index.js';

/**
 * The wallet follow-ups of pool events (refunds and payouts), over the wallet context's hold
 * service (holdKind 'pool', hold id = the pool id, so the escrow account is
 * `pool:<id>:escrow:<CUR>`). Each is idempotent twice over: by its deterministic event id and by
 * the wallet decider's own keys (one release per (user, pool), one payout per (pool, user)).
 * Entry locks are not here: they are decided with the join and appended with it
 * (domain/src/pools/entry-moves.ts).
 */
export interface PoolWallet {
  releaseEntry(input: { userId: string; poolId: string; reason: string; now: Date }): Promise<Position | null>;
  creditPayout(input: { userId: string; poolId: string; amount: string; currency: string; now: Date }): Promise<Position | null>;
}

export function createPoolWallet(deps: AppDeps): PoolWallet {
  return {
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
