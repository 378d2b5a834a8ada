import { staleStakeHolds } from '@wager/projections/holds/index';
import { activePools } from '@wager/projections/pools/queries';
import type { AppDeps } from '../../deps.js';
import { withAdvisoryLock } from '../../adapters/database/advisory-lock.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { PoolCommands } from './commands.js';

export const POOL_JOB_BATCH_MAX = 100;
/** An entry lock with no entry (or in a cancelled pool) after this long: only ever left by the earlier saga. */
export const POOL_REPAIR_AFTER_MS = 60_000;

/**
 * Driven by the FPL calendar (FPL_POLL_INTERVAL_MS, a few times an hour by default; the FPL
 * client caches and backs off): starts or cancels open pools at their first deadline, records
 * live standings, settles pools whose last gameweek is finished and data_checked. Cancelling and
 * settling are each one append with every refund or payout (PoolCommands.moveMoney): this job is
 * the process manager of FPL's answers, not of our own money moves.
 *
 * Then it repairs what logs written by the earlier saga may hold (stale entry locks: see
 * PoolCommands.repairEntry); a log written since holds none, so the scan finds nothing.
 *
 * Safe in several processes at once: each pool is worked under an advisory lock; and even if two
 * worked one pool, every command is decided on its streams with their expected revisions and
 * every money move has a deterministic id, so nothing happens twice.
 */
export class PoolCalendarJob extends IntervalJob {
  readonly name = 'pool-calendar';

  constructor(
    private readonly deps: AppDeps,
    readonly pools = new PoolCommands(deps),
    intervalMs = deps.config.FPL_POLL_INTERVAL_MS,
  ) {
    super(intervalMs);
  }

  /** One pass over the active pools, then the stale entry locks. Returns what it did, for logs and tests. */
  async tick(): Promise<{ pools: Record<string, string>; repaired: string[] }> {
    const pools: Record<string, string> = {};
    for (const row of await activePools(this.deps.db, POOL_JOB_BATCH_MAX)) {
      // One pool's failure (FPL backing off, a store hiccup) must not stop the others: the next pass retries it.
      try {
        const result = await withAdvisoryLock(this.deps.db, `pool-calendar:${row.id}`, () => this.pools.tick(row.id));
        pools[row.id] = result ?? 'busy';
      } catch (error) {
        pools[row.id] = `failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    const cutoff = new Date(this.deps.clock.now().getTime() - POOL_REPAIR_AFTER_MS);
    const repaired: string[] = [];
    for (const hold of await staleStakeHolds(this.deps.db, 'pool', cutoff, POOL_JOB_BATCH_MAX)) repaired.push(await this.pools.repairEntry(hold.hold_id, hold.user_id));
    return { pools, repaired };
  }
}
