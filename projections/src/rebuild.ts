import { sql, type Kysely } from 'kysely';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import type { Database } from './database.js';
import { applyEvents, handles, type Projector } from './projector.js';
import { lockCheckpoint, saveCheckpoint, setSearchPath } from './checkpoints/queries.js';

/** Events per replay transaction; with `applyBatch`, also events per statement of the projector. */
export const REBUILD_BATCH_SIZE = 5000;

/**
 * Replays a projector from position 0 into fresh copies of its tables in a shadow schema,
 * then swaps them in. The live tables keep serving reads (and the live runner keeps feeding
 * them) until the swap, which happens in one transaction holding the projector's checkpoint
 * lock: it applies the last events that arrived during the replay, replaces the tables and
 * moves the checkpoint, so the runner resumes exactly where the rebuilt tables stand.
 *
 * For speed, the shadow tables are loaded with only their unique indexes (those ON CONFLICT
 * and constraints need); the others are built once after the bulk replay, before the swap.
 * The next page of events is read while the current one is written (through `applyBatch`
 * when the projector has one), and the replay transactions commit without waiting for their
 * WAL flush (`synchronous_commit = off`): the shadow schema is thrown away if anything fails,
 * and the swap's own commit is synchronous, so it flushes everything written before it.
 * A projector that names its `eventTypes` reads only those (the store's type-filtered `$all`
 * read): the ledger reads the money contexts' events, not the chat's, the trail's or the live
 * tracker's.
 */
export async function rebuildProjector(options: {
  store: EventStore;
  db: Kysely<Database>;
  projector: Projector;
  now?: () => Date;
  onProgress?: (applied: number) => void;
}): Promise<{ events: number; position: Position }> {
  const { store, db, projector } = options;
  const now = options.now ?? (() => new Date());
  const shadow = `rebuild_${projector.name.replace(/[^a-z0-9_]/gi, '_')}`;
  await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  await sql`create schema ${sql.id(shadow)}`.execute(db);
  const deferredIndexes: string[] = [];
  for (const table of projector.tables) {
    await sql`create table ${sql.id(shadow, table)} (like ${sql.id('public', table)} including all)`.execute(db);
    deferredIndexes.push(...(await dropPlainIndexes(db, shadow, table)));
  }

  let after: Position = START;
  let applied = 0;
  const applyBatch = async (trx: Parameters<Projector['apply']>[0], batch: readonly RecordedEvent[]): Promise<void> => {
    await applyEvents(projector, trx, batch.filter((e) => handles(projector, e)));
    after = batch[batch.length - 1]!.position;
    applied += batch.length;
    options.onProgress?.(applied);
  };
  const read = (from: Position) => store.readAll({ after: from, maxCount: REBUILD_BATCH_SIZE, ...(projector.eventTypes ? { eventTypes: projector.eventTypes } : {}) });
  const replay = async (trx: Parameters<Projector['apply']>[0]): Promise<boolean> => {
    const batch = await read(after);
    if (batch.length === 0) return false;
    await applyBatch(trx, batch);
    return true;
  };

  // The bulk replay reads the next page while the current one is written.
  let next = read(after);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    next = read(batch[batch.length - 1]!.position);
    next.catch(() => undefined); // awaited on the next turn; a write failing first must not leave it unhandled
    await db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      await setSearchPath(trx, shadow);
      await applyBatch(trx, batch);
    });
  }
  for (const definition of deferredIndexes) await sql.raw(definition).execute(db);
  for (const table of projector.tables) await sql`analyze ${sql.id(shadow, table)}`.execute(db);

  await db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, projector.name, now());
    await setSearchPath(trx, shadow);
    // Read before the last replay: every event of the projector's types up to it is applied by
    // then, so the checkpoint may stand there even when the last of them is older (a filtered
    // read ends at the last event it returns; the runner need not read the rest again).
    const head = projector.eventTypes ? await store.headPosition() : null;
    while (await replay(trx));
    if (head && comparePositions(head, after) > 0) after = head;
    await sql`select set_config('search_path', 'public', true)`.execute(trx);
    for (const table of projector.tables) {
      await sql`drop table if exists ${sql.id('public', table)}`.execute(trx);
      await sql`alter table ${sql.id(shadow, table)} set schema public`.execute(trx);
    }
    await saveCheckpoint(trx, projector.name, after, now());
    await sql`drop schema ${sql.id(shadow)}`.execute(trx);
  });
  return { events: applied, position: after };
}

/**
 * Drops the shadow table's indexes that no constraint or ON CONFLICT needs (not unique, not
 * backing a constraint) and returns their definitions, to be built after the bulk load.
 */
async function dropPlainIndexes(db: Kysely<Database>, schema: string, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${schema} and t.relname = ${table} and not i.indisunique
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname
  `.execute(db);
  for (const row of rows) await sql`drop index ${sql.id(schema, row.name)}`.execute(db);
  return rows.map((r) => r.definition);
}
