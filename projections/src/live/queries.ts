import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { LiveMatchRow } from './live.table.js';

export async function findLiveMatch(db: Kysely<Database>, betId: string): Promise<LiveMatchRow | undefined> {
  return db.selectFrom('live_matches').selectAll().where('bet_id', '=', betId).executeTakeFirst();
}

/** Tracked matches still polled (accepted, or a disputed bet's match still being played), oldest update first (the ingest job's work list). */
export async function openLiveMatches(db: Kysely<Database>, limit: number): Promise<LiveMatchRow[]> {
  return db.selectFrom('live_matches').selectAll().where('tracking', 'in', ['tracking', 'finishing']).orderBy('last_update', 'asc').limit(limit).execute();
}

/** The bet ids a user plays in with tracking (their /ws streams). */
export async function liveBetIdsOf(db: Kysely<Database>, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('live_matches')
    .select('bet_id')
    .where((w) => w.or([w('challenger_id', '=', userId), w('opponent_id', '=', userId)]))
    .orderBy('last_update', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.bet_id);
}

/** The newest tracked matches whose player has this provider handle (case-insensitive), newest first. */
export async function liveMatchesOfHandle(db: Kysely<Database>, gameType: string, handle: string, limit: number): Promise<LiveMatchRow[]> {
  const lower = handle.toLowerCase();
  return db
    .selectFrom('live_matches')
    .selectAll()
    .where('game_type', '=', gameType)
    .where((w) => w.or([w(w.fn('lower', ['challenger_handle']), '=', lower), w(w.fn('lower', ['opponent_handle']), '=', lower)]))
    .orderBy('last_update', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Of these bets, the ones whose tracked match is being played now (started, not ended; a pause
 * at half time still counts) while tracking is open: the bets shown as `in_progress` ("Live").
 */
export async function betsBeingPlayed(db: Kysely<Database> | Transaction<Database>, betIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(betIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('live_matches')
    .select('bet_id')
    .where('bet_id', 'in', ids)
    .where('tracking', '=', 'tracking')
    .where(sql<string>`view->>'status'`, 'in', ['in_progress', 'paused'])
    .execute();
  return new Set(rows.map((r) => r.bet_id));
}
