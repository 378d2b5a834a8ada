import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { overturnPayout, type BetEvent } from '@wager/domain/bets/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { insertRows } from '../batch.js';

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
 * User stats (rating from 1000, wins, losses) updated on each BetSettled, and again on an
 * overturned appeal (`applyOverturn`). Idempotent: the settlement's bet id is recorded with the
 * change in the same transaction (and an overturn's in `user_stats_overturns`), so a repeat is
 * skipped. Events arrive in global order, so a rebuild computes the same ratings. `applyBatch`
 * (below) folds a batch in memory in the same order and writes each table once.
 */
export const userStatsProjector: Projector = {
  name: 'user_stats',
  tables: ['user_stats', 'user_stats_settlements', 'user_stats_overturns'],
  eventTypes: ['BetSettled', 'AppealDecided'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    if (event.type === 'AppealDecided') return applyOverturn(db, event.data);
    if (event.type !== 'BetSettled') return;
    const d = event.data;
    // Counted already, or overturned since (a redelivered settlement must not count the outcome the appeal took back).
    const seen = await db.selectFrom('user_stats_settlements').select('bet_id').where('bet_id', '=', d.betId).executeTakeFirst();
    if (seen || (await db.selectFrom('user_stats_overturns').select('bet_id').where('bet_id', '=', d.betId).executeTakeFirst())) return;
    const ratings = await db.selectFrom('user_stats').select(['user_id', 'rating']).where('user_id', 'in', [d.winnerId, d.loserId]).execute();
    const ratingOf = (id: string) => ratings.find((r) => r.user_id === id)?.rating ?? RATING_INITIAL;
    const change = eloChange(ratingOf(d.winnerId), ratingOf(d.loserId));
    await db.insertInto('user_stats_settlements').values({ bet_id: d.betId, winner_id: d.winnerId, loser_id: d.loserId, rating_change: change, settled_at: d.settledAt, payout_amount: d.payoutAmount }).execute();
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
  applyBatch,
};

type Stats = { user_id: string; rating: number; wins: number; losses: number; updated_at: Date | string };
type AppealDecidedData = Extract<BetEvent, { type: 'AppealDecided' }>['data'];

/** Adds `delta` to a player's rating and `wins`/`losses` to their counts (a row made at the initial rating if new). */
async function moveStats(db: Db, userId: string, delta: number, wins: number, losses: number, at: string): Promise<void> {
  await db
    .insertInto('user_stats')
    .values({ user_id: userId, rating: RATING_INITIAL + delta, wins: Math.max(0, wins), losses: Math.max(0, losses), updated_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        rating: eb('user_stats.rating', '+', delta),
        wins: eb('user_stats.wins', '+', wins),
        losses: eb('user_stats.losses', '+', losses),
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * An overturned appeal changes the bet's outcome, so its rating changes: the settlement as first
 * counted is taken back (the winner gives back the points won and the win, the loser gets back
 * the points lost and the loss), then the new outcome is counted as a settlement would be, from
 * the ratings after that reversal (a void counts nothing). Settlements counted in between keep
 * the changes computed then: Elo moves are not replayed. Once per bet (`user_stats_overturns`).
 */
async function applyOverturn(db: Db, d: AppealDecidedData): Promise<void> {
  if (d.outcome !== 'overturned') return;
  const claimed = await db.insertInto('user_stats_overturns').values({ bet_id: d.betId, decided_at: d.decidedAt }).onConflict((oc) => oc.column('bet_id').doNothing()).returning('bet_id').executeTakeFirst();
  if (!claimed) return;
  const counted = await db.selectFrom('user_stats_settlements').selectAll().where('bet_id', '=', d.betId).executeTakeFirst();
  if (counted) {
    await moveStats(db, counted.winner_id, -counted.rating_change, -1, 0, d.decidedAt);
    await moveStats(db, counted.loser_id, counted.rating_change, 0, -1, d.decidedAt);
    await db.deleteFrom('user_stats_settlements').where('bet_id', '=', d.betId).execute();
  }
  if (d.winnerId === null) return;
  const players = new Set([...(counted ? [counted.winner_id, counted.loser_id] : []), ...d.adjustments.map((a) => a.userId)]);
  const loserId = [...players].find((p) => p !== d.winnerId);
  if (!loserId) return;
  const ratings = await db.selectFrom('user_stats').select(['user_id', 'rating']).where('user_id', 'in', [d.winnerId, loserId]).execute();
  const ratingOf = (id: string) => ratings.find((r) => r.user_id === id)?.rating ?? RATING_INITIAL;
  const change = eloChange(ratingOf(d.winnerId), ratingOf(loserId));
  await db.insertInto('user_stats_settlements').values({ bet_id: d.betId, winner_id: d.winnerId, loser_id: loserId, rating_change: change, settled_at: d.decidedAt, payout_amount: overturnPayout(d) }).execute();
  await moveStats(db, d.winnerId, change, 1, 0, d.decidedAt);
  await moveStats(db, loserId, -change, 0, 1, d.decidedAt);
}

/**
 * A batch in order: each run of settlements between overturns is folded in memory
 * (applySettlements); an overturn, rare, is applied on its own where it stands.
 */
async function applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  let run: RecordedEvent[] = [];
  for (const event of events) {
    if (event.type === 'AppealDecided' && (event.data as AppealDecidedData).outcome === 'overturned') {
      await applySettlements(db, run);
      run = [];
      await applyOverturn(db, event.data as AppealDecidedData);
    } else run.push(event);
  }
  await applySettlements(db, run);
}

/**
 * Settlements folded in memory, in order (ratings depend on the order of settlements): the
 * settlements already counted and the players' stats are read in one statement each, then the
 * new settlements are inserted in one statement and each changed player's stats written once.
 */
async function applySettlements(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  const settled = events.filter((e) => e.type === 'BetSettled').map((e) => (e as unknown as { data: Extract<BetEvent, { type: 'BetSettled' }>['data'] }).data);
  if (settled.length === 0) return;
  const betIds = settled.map((d) => d.betId);
  const seen = new Set((await db.selectFrom('user_stats_settlements').select('bet_id').where('bet_id', 'in', betIds).execute()).map((r) => r.bet_id));
  for (const r of await db.selectFrom('user_stats_overturns').select('bet_id').where('bet_id', 'in', betIds).execute()) seen.add(r.bet_id);
  const userIds = [...new Set(settled.flatMap((d) => [d.winnerId, d.loserId]))];
  const stats = new Map<string, Stats>((await db.selectFrom('user_stats').selectAll().where('user_id', 'in', userIds).execute()).map((r) => [r.user_id, r]));
  const settlements: { bet_id: string; winner_id: string; loser_id: string; rating_change: number; settled_at: string; payout_amount: string }[] = [];
  const changed = new Set<string>();
  for (const d of settled) {
    if (seen.has(d.betId)) continue;
    seen.add(d.betId);
    const ratingOf = (id: string) => stats.get(id)?.rating ?? RATING_INITIAL;
    const change = eloChange(ratingOf(d.winnerId), ratingOf(d.loserId));
    settlements.push({ bet_id: d.betId, winner_id: d.winnerId, loser_id: d.loserId, rating_change: change, settled_at: d.settledAt, payout_amount: d.payoutAmount });
    for (const [userId, delta, won] of [[d.winnerId, change, 1], [d.loserId, -change, 0]] as const) {
      const row = stats.get(userId);
      stats.set(userId, row
        ? { user_id: userId, rating: row.rating + delta, wins: row.wins + won, losses: row.losses + 1 - won, updated_at: d.settledAt }
        : { user_id: userId, rating: RATING_INITIAL + delta, wins: won, losses: 1 - won, updated_at: d.settledAt });
      changed.add(userId);
    }
  }
  if (settlements.length === 0) return;
  const settlementColumns = [['bet_id', 'uuid'], ['winner_id', 'uuid'], ['loser_id', 'uuid'], ['rating_change', 'integer'], ['settled_at', 'timestamptz'], ['payout_amount', 'numeric']] as const;
  await insertRows('user_stats_settlements', settlements, settlementColumns, sql``).execute(db);
  const statsColumns = [['user_id', 'uuid'], ['rating', 'integer'], ['wins', 'integer'], ['losses', 'integer'], ['updated_at', 'timestamptz']] as const;
  await insertRows(
    'user_stats',
    [...changed].map((id) => stats.get(id)!),
    statsColumns,
    sql`on conflict (user_id) do update set rating = excluded.rating, wins = excluded.wins, losses = excluded.losses, updated_at = excluded.updated_at`,
  ).execute(db);
}
