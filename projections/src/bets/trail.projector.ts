import { sql, type Kysely, type Transaction } from 'kysely';
import { PERSONAL_FIELDS, erasedData, type RecordedEvent } from '@wager/domain';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { isBetId } from './bet-id.js';
import { applyInRuns, insertFirstByKey } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;

/** The bet an event is about: its own `betId`, or a wallet hold of kind bet. */
export function betIdOf(event: RecordedEvent): string | null {
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return null;
  if (typeof data.betId === 'string') return data.betId;
  if (data.holdKind === 'bet' && typeof data.holdId === 'string') return data.holdId;
  return null;
}

/**
 * The admin/audit trail: every event that names a bet (its stream, the wallet postings made for
 * it, its chat), with actor and time, in global order. Idempotent by event id.
 */
export const betTrailProjector: Projector = {
  name: 'bet_trail',
  tables: ['bet_trail'],
  async apply(db: Db, event: RecordedEvent): Promise<void> {
    if (event.type === 'PersonErased') return eraseFromTrail(db, (event.data as { userId: string }).userId);
    const row = trailRow(event);
    if (!row) return;
    await db
      .insertInto('bet_trail')
      .values(row)
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },
  /** One multi-row insert for the batch (an event seen twice in it is kept once). */
  async applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
    await applyInRuns(events, (e) => e.type !== 'PersonErased', (run) => insertTrailRows(db, run), (e) => eraseFromTrail(db, (e.data as { userId: string }).userId));
  },
};

async function insertTrailRows(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  await insertFirstByKey(db, 'bet_trail', 'event_id', events, trailRow, TRAIL_COLUMNS);
}

/**
 * A person's erasure: the trail's copies of their events read as the log now reads them, each
 * personal field of theirs (`PERSONAL_FIELDS`: evidence file names, an appeal's reason, the
 * platform username) `[erased]`, so a rebuild after the erasure gives the same rows.
 */
async function eraseFromTrail(db: Db, userId: string): Promise<void> {
  const rules = Object.entries(PERSONAL_FIELDS);
  const rows = await db
    .selectFrom('bet_trail')
    .select(['event_id', 'type', 'data'])
    .where((eb) => eb.or(rules.map(([type, rule]) => eb.and([eb('type', '=', type), eb(sql<string>`data ->> ${rule.subject}`, '=', userId)]))))
    .execute();
  for (const row of rows) {
    await db.updateTable('bet_trail').set({ data: JSON.stringify(erasedData(row.type, row.data, userId)) }).where('event_id', '=', row.event_id).execute();
  }
}

const TRAIL_COLUMNS = [
  ['event_id', 'uuid'], ['bet_id', 'uuid'], ['commit_position', 'bigint'], ['prepare_position', 'bigint'], ['stream_id', 'text'],
  ['stream_revision', 'integer'], ['type', 'text'], ['actor', 'text'], ['recorded_at', 'timestamptz'], ['data', 'jsonb'],
] as const;

function trailRow(event: RecordedEvent) {
  const betId = betIdOf(event);
  if (!isBetId(betId)) return null;
  return {
    event_id: event.id,
    bet_id: betId,
    commit_position: event.position.commit,
    prepare_position: event.position.prepare,
    stream_id: event.streamId,
    stream_revision: event.streamRevision,
    type: event.type,
    actor: typeof event.metadata.actor === 'string' ? event.metadata.actor : null,
    recorded_at: event.recordedAt,
    data: JSON.stringify(event.data),
  };
}
