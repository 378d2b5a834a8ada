// Proves the serve role's read-your-writes wait: waiters resolve true once every named checkpoint reached their position, false when the wait runs out, and many waiters share one poll.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../database.js';
import { migrateToLatest } from '../migrations/index.js';
import { freshDatabaseUrl } from '../testing/database.js';
import { CheckpointWatcher } from './watcher.js';

let db: Kysely<Database>;

beforeAll(async () => {
  db = createDatabase(await freshDatabaseUrl('watcher'));
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
    let queries = 0;
    const counting = db.withPlugin({ transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result });
    const watcher = new CheckpointWatcher(counting, ['w_a', 'w_b'], 20);
    const waits = Array.from({ length: 20 }, (_, i) => watcher.waitFor({ commit: 1, prepare: 6 + (i % 2) }, 5000));
    await new Promise((r) => setTimeout(r, 100));
    await setCheckpoint('w_a', 7);
    await new Promise((r) => setTimeout(r, 100));
    const before = queries;
    await setCheckpoint('w_b', 7);
    expect(await Promise.all(waits)).toEqual(Array.from({ length: 20 }, () => true));
    // 20 waiters over about 200 ms: one query per poll, not one per waiter per poll.
    expect(before).toBeLessThan(20);
  });

  it('answers false when the wait runs out', async () => {
    await setCheckpoint('w_c', 1);
    const watcher = new CheckpointWatcher(db, ['w_c'], 10);
    expect(await watcher.waitFor({ commit: 1, prepare: 9 }, 80)).toBe(false);
  });
});
