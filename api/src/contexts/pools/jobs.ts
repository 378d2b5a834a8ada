import { staleStakeHolds } from '@wager/projections/holds/index';
import { activePools } from '@wager/projections/pools/queries';
import type { AppDeps } from '../../deps.js';
import { withAdvisoryLock } from '../../adapters/database/advisory-lock.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { PoolSagas } from './commands.js';

export const POOL_JOB_BATCH_MAX = 100;
/** An entry lock with no join after this long is a half-done saga. */
export const POOL_RECONCILE_AFTER_MS = 60_000;

/**
 * Driven by the FPL calendar (FPL_POLL_INTERVAL_MS, a few times an hour by default; the FPL
 * client caches and backs off): starts or cancels open pools at their first deadline, records
 * live standings, settles pools whose last gameweek is finished and data_checked, and
 * reconciles entry locks left open.
 *
 * Safe in several processes at once: each pool is worked under an advisory lock; and even if two
 * worked one pool, every command is decided on the pool's stream with its expected revision and
 * every refund and payout has a deterministic id, so nothing happens twice.
 */
export class PoolCalendarJob extends IntervalJob {
  readonly name = 'pool-calendar';

  constructor(
    private readonly deps: AppDeps,
    readonly sagas = new PoolSagas(deps),
    intervalMs = deps.config.FPL_POLL_INTERVAL_MS,
  ) {
    super(intervalMs);
  }

  /** One pass over the active pools, then the stale entry locks. Returns what it did, for logs and tests. */
  async tick(): Promise<{ pools: Record<string, string>; reconciled: string[] }> {
    const pools: Record<string, string> = {};
    for (const row of await activePools(this.deps.db, POOL_JOB_BATCH_MAX)) {
      // One pool's failure (FPL backing off, a store hiccup) must not stop the others nor the reconciler: the next pass retries it.
      try {
        const result = await withAdvisoryLock(this.deps.db, `pool-calendar:${row.id}`, () => this.sagas.tick(row.id));
        pools[row.id] = result ?? 'busy';
      } catch (error) {
        pools[row.id] = `failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    const cutoff = new Date(this.deps.clock.now().getTime() - POOL_RECONCILE_AFTER_MS);
    const reconciled: string[] = [];
    for (const hold of await staleStakeHolds(this.deps.db, 'pool', cutoff, POOL_JOB_BATCH_MAX)) reconciled.push(await this.sagas.reconcileEntry(hold.hold_id, hold.user_id));
    return { pools, reconciled };
  }
}
