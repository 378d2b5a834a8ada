import type { Kysely } from 'kysely';

/**
 * `user_stats_settlements.payout_amount`: what the winner of the counted outcome received, as
 * the event recorded it (BetSettled's `payoutAmount`; an overturn's from its money plan), so the
 * leaderboard sums recorded payouts instead of a payout rule of its own. Rows counted before this
 * column have no event data here (the read side does not read the event store): they stay null
 * until `npm run rebuild -- user_stats` replays the log into the table (docs/architecture.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_stats_settlements').addColumn('payout_amount', 'numeric(20, 2)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_stats_settlements').dropColumn('payout_amount').execute();
}
