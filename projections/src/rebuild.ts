import { sql, type Kysely } from 'kysely';
import { START, type EventStore, type Position } from '@wager/domain';
import type { Database } from './database.js';
import { applyEvents, handles, type Projector } from './projector.js';
import { lockCheckpoint, saveCheckpoint, setSearchPath } from './checkpoints/queries.js';

export const REBUILD_BATCH_SIZE = 1000;

/**
 * Replays a projector from position 0 into fresh copies of its tables in a shadow schema,
 * then swaps them in. The live tables keep serving reads (and the live runner keeps feeding
 * them) until the swap, which happens in one transaction holding the projector's checkpoint
 * lock: it applies the last events that arrived during the replay, replaces the tables and
 * moves the checkpoint, so the runner resumes exactly where the rebuilt tables stand.
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
  for (const table of projector.tables) {
    await sql`create table ${sql.id(shadow, table)} (like ${sql.id('public', table)} including all)`.execute(db);
  }

  let after: Position = START;
  let applied = 0;
  const replay = async (trx: Parameters<Projector['apply']>[0]): Promise<boolean> => {
    const batch = await store.readAll({ after, maxCount: REBUILD_BATCH_SIZE });
    if (batch.length === 0) return false;
    await applyEvents(projector, trx, batch.filter((e) => handles(projector, e)));
    after = batch[batch.length - 1]!.position;
    applied += batch.length;
    options.onProgress?.(applied);
    return true;
  };

  for (let more = true; more; ) {
    more = await db.transaction().execute(async (trx) => {
      await setSearchPath(trx, shadow);
      return replay(trx);
    });
  }

  await db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, projector.name, now());
    await setSearchPath(trx, shadow);
    while (await replay(trx));
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
