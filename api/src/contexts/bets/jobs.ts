import { dueDeadlines } from '@wager/projections/bets/index';
import type { AppDeps } from '../../deps.js';
import { withAdvisoryLock } from '../../adapters/database/advisory-lock.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { BetSagas } from './commands.js';

export const BET_SCHEDULER_INTERVAL_MS = 5_000;
export const BET_SCHEDULER_BATCH_MAX = 50;

/**
 * Runs due bet deadlines: expire pending at 48 h, void accepted bets with no result by their
 * deadline, settle a lone uncontested report. Each is one command whose refunds or payout are in
 * its own append, so there is nothing left half done to reconcile.
 *
 * Safe in several processes at once: due rows are taken with a per-bet advisory lock (see withAdvisoryLock), so two
 * schedulers never work the same bet at the same time; and even if they did, each command is
 * decided on the bet's and the wallets' streams with their expected revisions (a no-op once
 * the bet moved on), so nothing happens twice.
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

  /** One pass over the due deadlines. Returns what it did, for logs and tests. */
  async tick(): Promise<{ deadlines: number }> {
    const now = this.deps.clock.now();
    let deadlines = 0;
    for (const row of await dueDeadlines(this.deps.db, now, BET_SCHEDULER_BATCH_MAX)) {
      const ran = await withAdvisoryLock(this.deps.db, `bet-deadline:${row.bet_id}:${row.kind}`, () => this.sagas.runDeadline(row.bet_id, row.kind));
      if (ran !== undefined) deadlines++;
    }
    return { deadlines };
  }
}
