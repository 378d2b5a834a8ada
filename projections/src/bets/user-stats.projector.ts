import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';

type Db = Transaction<Database> | Kysely<Database>;

export const RATING_INITIAL = 1000;
/** The Elo K-factor: how far one result moves a rating. */
export const ELO_K_FACTOR = 32;

/** Elo: the winner gains round(K × (1 − expected score)), the loser loses the same. */
export function eloChange(winnerRating: number, loserRating: number): number {
  const expectedWin = 1 / (1 + 10 ** ((loserRating - winnerRating) / 400));
  return Math.max(1, Math.round(ELO_K_FACTOR * (1 - expectedWin)));
}

/**
 * User stats (rating from 1000, wins, losses) updated on each BetSettled. Idempotent: the
 * settlement's bet id is recorded with the change in the same transaction, so a repeat is
 * skipped. Events arrive in global order, so a rebuild computes the same ratings.
 */
export const userStatsProjector: Projector = {
  name: 'user_stats',
  tables: ['user_stats', 'user_stats_settlements'],
  eventTypes: ['BetSettled'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    if (event.type !== 'BetSettled') return;
    const d = event.data;
    const seen = await db.selectFrom('user_stats_settlements').select('bet_id').where('bet_id', '=', d.betId).executeTakeFirst();
    if (seen) return;
    const ratings = await db.selectFrom('user_stats').select(['user_id', 'rating']).where('user_id', 'in', [d.winnerId, d.loserId]).execute();
    const ratingOf = (id: string) => ratings.find((r) => r.user_id === id)?.rating ?? RATING_INITIAL;
    const change = eloChange(ratingOf(d.winnerId), ratingOf(d.loserId));
    await db.insertInto('user_stats_settlements').values({ bet_id: d.betId, winner_id: d.winnerId, loser_id: d.loserId, rating_change: change, settled_at: d.settledAt }).execute();
    for (const [userId, delta, won] of [[d.winnerId, change, 1], [d.loserId, -change, 0]] as const) {
      await db
        .insertInto('user_stats')
        .values({ user_id: userId, rating: RATING_INITIAL + delta, wins: won, losses: 1 - won, updated_at: d.settledAt })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            rating: eb('user_stats.rating', '+', delta),
            wins: eb('user_stats.wins', '+', won),
            losses: eb('user_stats.losses', '+', 1 - won),
            updated_at: d.settledAt,
          })),
        )
        .execute();
    }
  },
};
