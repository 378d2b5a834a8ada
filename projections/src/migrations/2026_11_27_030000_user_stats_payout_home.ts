import { sql, type Kysely } from 'kysely';

/**
 * `user_stats_settlements.payout_amount`: what the winner of the counted outcome received, as
 * the event recorded it (BetSettled's `payoutAmount`; an overturn's from its money plan), so the
 * leaderboard sums recorded payouts instead of a payout rule of its own. Rows counted before this
 * column are filled once here from their bets, because the read side does not read the event
 * store and a leaderboard must not show past winnings as zero until someone rebuilds: every
 * `BetSettled` recorded so far carried `payoutAmount` = both stakes (`betPayout`), so this is the
 * value a rebuild (`npm run rebuild -- user_stats`) writes from the events too. From now on the
 * projector writes what each event says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_stats_settlements').addColumn('payout_amount', 'numeric(20, 2)').execute();
  await sql`update user_stats_settlements st set payout_amount = b.amount * 2 from bets b where b.id = st.bet_id and st.payout_amount is null `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_stats_settlements').dropColumn('payout_amount').execute();
}
