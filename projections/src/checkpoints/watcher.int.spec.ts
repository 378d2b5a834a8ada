// Proves the serve role's read-your-writes wait: waiters resolve true once every named checkpoint reached their position, false when the wait runs out, and many waiters share one poll; listening, the runner's announcement answers them at its commit without a query, and only an announcement for the same projectors counts.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../database.js';
import { migrateToLatest } from '../migrations/index.js';
import { APPLIED_WITHIN_MS, freshDatabaseUrl } from '../testing/database.js';
import { announceApplied, projectorSetFingerprint } from './announce.js';
import { CheckpointWatcher } from './watcher.js';

let db: Kysely<Database>;
let url: string;

beforeAll(async () => {
  url = await freshDatabaseUrl('watcher');
  db = createDatabase(url);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
});

async function setCheckpoint(name: string, prepare: number): Promise<void> {
  await db
    .insertInto('projection_checkpoints')
    .values({ name, commit_position: 1, prepare_position: prepare, updated_at: new Date() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ prepare_position: prepare }))
    .execute();
}

describe('CheckpointWatcher', () => {
  it('answers every waiter once all named checkpoints reach its position, sharing one poll', async () => {
    await setCheckpoint('w_a', 5);
    await setCheckpoint('w_b', 5);
    const positions = Array.from({ length: 20 }, (_, i) => ({ commit: 1, prepare: 6 + (i % 2) }));
    const allTrue = positions.map(() => true);
    const watcher = new CheckpointWatcher(db, ['w_a', 'w_b'], 20);
    const waits = positions.map((p) => watcher.waitFor(p, APPLIED_WITHIN_MS));
    await new Promise((r) => setTimeout(r, 100));
    await setCheckpoint('w_a', 7);
    await new Promise((r) => setTimeout(r, 100));
    await setCheckpoint('w_b', 7);
    expect(await Promise.all(waits)).toEqual(allTrue);
    // One query per poll, not one per waiter: twenty waiters on a fresh watcher are all answered by its first query.
    // (Counted over one poll, not over a stretch of time: how many polls fit in one depends on the machine's load.)
    let queries = 0;
    const counting = db.withPlugin({ transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result });
    const shared = new CheckpointWatcher(counting, ['w_a', 'w_b'], 20);
    expect(await Promise.all(positions.map((p) => shared.waitFor(p, APPLIED_WITHIN_MS)))).toEqual(allTrue);
    expect(queries).toBe(1);
  });

  it('answers false when the wait runs out', async () => {
    await setCheckpoint('w_c', 1);
    const watcher = new CheckpointWatcher(db, ['w_c'], 10);
    expect(await watcher.waitFor({ commit: 1, prepare: 9 }, 80)).toBe(false);
  });

  it('listening, answers waiters at the commit of the runner announcement for its projectors, without polling, and ignores another set and a rollback', async () => {
    await setCheckpoint('w_d', 1);
    await setCheckpoint('w_e', 1);
    let queries = 0;
    const counting = db.withPlugin({ transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result });
    const watcher = new CheckpointWatcher(counting, ['w_d', 'w_e'], 10, 60_000);
    await watcher.listen(url);
    try {
      expect(watcher.listening).toBe(true);
      let answered: boolean | undefined;
      const wait = watcher.waitFor({ commit: 1, prepare: 50 }, APPLIED_WITHIN_MS).then((ok) => (answered = ok));
      // Another projector set's runner, and a batch that rolled back, say nothing to this watcher.
      await db.transaction().execute((trx) => announceApplied(trx, projectorSetFingerprint(['w_d']), { commit: 1, prepare: 60 }));
      await db
        .transaction()
        .execute(async (trx) => {
          await announceApplied(trx, projectorSetFingerprint(['w_e', 'w_d']), { commit: 1, prepare: 60 });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      expect(answered).toBeUndefined();
      await db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await announceApplied(trx, projectorSetFingerprint(['w_e', 'w_d']), { commit: 1, prepare: 50 });
      });
      expect(await wait).toBe(true);
      // No checkpoint was read: the announcement answered it (the poll interval is a minute here).
      expect(queries).toBe(0);
      // A position already announced is answered at once.
      expect(await watcher.waitFor({ commit: 1, prepare: 40 }, 10)).toBe(true);
    } finally {
      await watcher.close();
    }
    expect(watcher.listening).toBe(false);
  });
});
