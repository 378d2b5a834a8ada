import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { LIVE_EVENT_TYPES, type LiveEvent } from '@wager/domain/live/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import type { LiveMatchRow } from './live.table.js';
import { applyToView, emptyView } from './view.js';

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
      const d = event.data;
      await db
        .insertInto('live_matches')
        .values({
          bet_id: betId,
          game_type: d.gameType,
          challenger_id: d.challenger.userId,
          opponent_id: d.opponent.userId,
          challenger_handle: d.challenger.handle,
          opponent_handle: d.opponent.handle,
          tracking: 'tracking',
          view: JSON.stringify(applyToView(emptyView(), recorded.id, event)),
          last_update: recorded.recordedAt,
          revision: recorded.streamRevision,
        })
        .onConflict((oc) => oc.column('bet_id').doNothing())
        .execute();
      return;
    }
    const row = await db.selectFrom('live_matches').select(['view', 'revision', 'tracking']).where('bet_id', '=', betId).executeTakeFirst();
    if (!row || row.revision >= recorded.streamRevision) return;
    const tracking = trackingAfter(row.tracking, row.view.status, event);
    await db
      .updateTable('live_matches')
      .set({
        view: JSON.stringify(applyToView(row.view, recorded.id, event)),
        revision: recorded.streamRevision,
        last_update: recorded.recordedAt,
        tracking,
      })
      .where('bet_id', '=', betId)
      .execute();
  },
};

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
    const event = { type: r.type, data: r.data } as LiveEvent;
    if (event.type === 'MatchTrackingStarted') {
      if (row) continue;
      const d = event.data;
      row = {
        bet_id: d.betId,
        game_type: d.gameType,
        challenger_id: d.challenger.userId,
        opponent_id: d.opponent.userId,
        challenger_handle: d.challenger.handle,
        opponent_handle: d.opponent.handle,
        tracking: 'tracking',
        view: applyToView(emptyView(), r.id, event),
        last_update: r.recordedAt,
        revision: r.streamRevision,
      };
      continue;
    }
    if (!row) continue;
    row = { ...row, tracking: trackingAfter(row.tracking, row.view.status, event), view: applyToView(row.view, r.id, event), last_update: r.recordedAt, revision: r.streamRevision };
  }
  return row;
}
