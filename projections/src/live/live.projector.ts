import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { LIVE_EVENT_TYPES, type LiveEvent } from '@wager/domain/live/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import type { LiveMatchRow } from './live.table.js';
import { applyToView, emptyView } from './view.js';
import { insertRows, unnestRows } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;

/** A tracked bet's match as the screens read it. Idempotent: an event at or below the row's revision is skipped. */
export const liveMatchesProjector: Projector = {
  name: 'live-matches',
  tables: ['live_matches'],
  eventTypes: LIVE_EVENT_TYPES,
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as LiveEvent;
    const betId = event.data.betId;
    if (event.type === 'MatchTrackingStarted') {
      const row = startedRow(recorded);
      await db
        .insertInto('live_matches')
        .values({ ...row, view: JSON.stringify(row.view) })
        .onConflict((oc) => oc.column('bet_id').doNothing())
        .execute();
      return;
    }
    const row = await db.selectFrom('live_matches').select(['view', 'revision', 'tracking']).where('bet_id', '=', betId).executeTakeFirst();
    if (!row || row.revision >= recorded.streamRevision) return;
    const next = nextRow(row, recorded);
    await db
      .updateTable('live_matches')
      .set({ view: JSON.stringify(next.view), revision: next.revision, last_update: next.last_update, tracking: next.tracking })
      .where('bet_id', '=', betId)
      .execute();
  },
  /**
   * The batch in memory first: the matches it touches are read in one statement, the events
   * folded in order with the same rules as `apply` (a repeated start is skipped, an event at or
   * below the row's revision is skipped), then written in one statement each: the new matches
   * (as their last event leaves them) and the changed ones.
   */
  async applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
    const betIds = [...new Set(events.map((e) => (e.data as { betId: string }).betId))];
    const stored = await db.selectFrom('live_matches').select(['bet_id', 'view', 'revision', 'tracking']).where('bet_id', 'in', betIds).execute();
    const current = new Map<string, Folded>(stored.map((r) => [r.bet_id, r]));
    const created = new Map<string, LiveMatchRow>();
    const updated = new Map<string, Changed & { bet_id: string }>();
    for (const recorded of events) {
      const betId = (recorded.data as { betId: string }).betId;
      const row = current.get(betId);
      if (recorded.type === 'MatchTrackingStarted') {
        if (row) continue;
        const started = startedRow(recorded);
        created.set(betId, started);
        current.set(betId, started);
        continue;
      }
      if (!row || row.revision >= recorded.streamRevision) continue;
      const next = nextRow(row, recorded);
      current.set(betId, next);
      if (created.has(betId)) created.set(betId, { ...created.get(betId)!, ...next });
      else updated.set(betId, { ...next, bet_id: betId });
    }
    if (created.size > 0) {
      await insertRows('live_matches', [...created.values()], LIVE_COLUMNS, sql`on conflict (bet_id) do nothing`).execute(db);
    }
    if (updated.size === 0) return;
    const rows = [...updated.values()];
    await sql`
      update live_matches set view = input.view, revision = input.revision, last_update = input.last_update, tracking = input.tracking
      from ${unnestRows(rows, [['bet_id', 'uuid'], ['view', 'jsonb'], ['revision', 'integer'], ['last_update', 'timestamptz'], ['tracking', 'text']])}
      where live_matches.bet_id = input.bet_id
    `.execute(db);
  },
};

const LIVE_COLUMNS = [
  ['bet_id', 'uuid'], ['game_type', 'text'], ['challenger_id', 'uuid'], ['opponent_id', 'uuid'], ['challenger_handle', 'text'], ['opponent_handle', 'text'],
  ['tracking', 'text'], ['view', 'jsonb'], ['last_update', 'timestamptz'], ['revision', 'integer'],
] as const;

/** What a later event reads of a match's row, and what it changes. */
type Folded = Pick<LiveMatchRow, 'view' | 'revision' | 'tracking'>;
type Changed = Pick<LiveMatchRow, 'view' | 'tracking' | 'revision' | 'last_update'>;

/** A match's row as its MatchTrackingStarted makes it. */
function startedRow(recorded: RecordedEvent): LiveMatchRow {
  const event = { type: recorded.type, data: recorded.data } as Extract<LiveEvent, { type: 'MatchTrackingStarted' }>;
  const d = event.data;
  return {
    bet_id: d.betId,
    game_type: d.gameType,
    challenger_id: d.challenger.userId,
    opponent_id: d.opponent.userId,
    challenger_handle: d.challenger.handle,
    opponent_handle: d.opponent.handle,
    tracking: 'tracking',
    view: applyToView(emptyView(), recorded.id, event),
    last_update: recorded.recordedAt,
    revision: recorded.streamRevision,
  };
}

/** The columns an event after the start changes (the caller has checked its revision is newer). */
function nextRow(row: Pick<LiveMatchRow, 'view' | 'tracking'>, recorded: RecordedEvent): Changed {
  const event = { type: recorded.type, data: recorded.data } as LiveEvent;
  return { tracking: trackingAfter(row.tracking, row.view.status, event), view: applyToView(row.view, recorded.id, event), last_update: recorded.recordedAt, revision: recorded.streamRevision };
}

/**
 * 'tracking' while the bet is accepted; 'finishing' after a dispute while its match is still
 * being played (the ingest job keeps polling it to its end); then 'closed'.
 */
function trackingAfter(current: string, matchStatus: string, event: LiveEvent): string {
  if (event.type === 'TrackingClosed') return event.data.reason === 'disputed' && matchStatus !== 'waiting' && matchStatus !== 'completed' ? 'finishing' : 'closed';
  if (event.type === 'MatchEnded' && current === 'finishing') return 'closed';
  return current;
}

/**
 * The row this projector writes for a match stream, folded in memory from the stream's events
 * (oldest first): what a read answers when the log holds a match the table does not show yet (the
 * projection runner is behind). Null for a stream without its MatchTrackingStarted.
 */
export function liveMatchRowOf(recorded: readonly RecordedEvent[]): LiveMatchRow | null {
  let row: LiveMatchRow | null = null;
  for (const r of recorded) {
    if (r.type === 'MatchTrackingStarted') {
      if (!row) row = startedRow(r);
      continue;
    }
    if (row) row = { ...row, ...nextRow(row, r) };
  }
  return row;
}
