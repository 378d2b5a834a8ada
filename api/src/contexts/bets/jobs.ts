import { dueDeadlines } from '@wager/projections/bets/index';
import { staleStakeHolds } from '@wager/projections/holds/index';
import type { AppDeps } from '../../deps.js';
import { withAdvisoryLock } from '../../adapters/database/advisory-lock.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { BetSagas } from './commands.js';

export const BET_SCHEDULER_INTERVAL_MS = 5_000;
export const BET_SCHEDULER_BATCH_MAX = 50;
/** A stake lock with no following bet transition after this long is a half-done saga. */
export const SAGA_RECONCILE_AFTER_MS = 60_000;

/**
 * Runs due bet deadlines (expire pending at 48 h, void accepted bets with no result by their
 * deadline, settle a lone uncontested report) and reconciles half-done sagas.
 *
 * Safe in several processes at once: due rows are taken with a per-bet advisory lock (see withAdvisoryLock), so two
 * schedulers never work the same bet at the same time; and even if they did, each command is
 * decided on the bet's stream with its expected revision (a no-op once the bet moved on) and
 * every follow-up has a deterministic id, so nothing happens twice.
 */
export class BetScheduler extends IntervalJob {
  readonly name = 'bet-scheduler';

  constructor(
    private readonly deps: AppDeps,
    readonly sagas = new BetSagas(deps),
    intervalMs = BET_SCHEDULER_INTERVAL_MS,
  ) {
    super(intervalMs);
  }

  /** One pass: due deadlines, then stale stake locks. Returns what it did, for logs and tests. */
  async tick(): Promise<{ deadlines: number; reconciled: string[] }> {
    const now = this.deps.clock.now();
    let deadlines = 0;
    for (const row of await dueDeadlines(this.deps.db, now, BET_SCHEDULER_BATCH_MAX)) {
      const ran = await withAdvisoryLock(this.deps.db, `bet-deadline:${row.bet_id}:${row.kind}`, () => this.sagas.runDeadline(row.bet_id, row.kind));
      if (ran !== undefined) deadlines++;
    }
    const stale = await staleStakeHolds(this.deps.db, 'bet', new Date(now.getTime() - SAGA_RECONCILE_AFTER_MS), BET_SCHEDULER_BATCH_MAX);
    const reconciled: string[] = [];
    for (const hold of stale) reconciled.push(await this.sagas.reconcileHold(hold.hold_id, hold.user_id));
    return { deadlines, reconciled };
  }
}
