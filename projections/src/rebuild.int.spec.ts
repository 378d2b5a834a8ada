// Proves a rebuild of the batched projectors leaves the same rows, the same indexes and an exact checkpoint, including events appended while it replays.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryEventStore } from '@wager/domain';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrations/index.js';
import { freshDatabaseUrl } from './testing/database.js';
import { seededRandom, simulateBetLifecycles, type SimulatedEvent } from './testing/bet-lifecycles.js';
import { EVERY_FOLLOW_UP, simulateFollowUps } from './testing/follow-ups.js';
import { allProjectors } from './all-projectors.js';
import { handles } from './projector.js';
import { rebuildProjector } from './rebuild.js';

const T0 = new Date('2026-11-25T10:00:00.000Z');
const batched = allProjectors().filter((p) => p.applyBatch);

let live: Kysely<Database>;
let reference: Kysely<Database>;

beforeAll(async () => {
  live = createDatabase(await freshDatabaseUrl('rebuild_live'));
  reference = createDatabase(await freshDatabaseUrl('rebuild_reference'));
  await Promise.all([migrateToLatest(live), migrateToLatest(reference)]);
});
afterAll(async () => {
  await Promise.all([live.destroy(), reference.destroy()]);
});

/** Bet lifecycles, then follow-ups (chats, notifications, live matches) for the projectors that read those. */
function lifecycles(seed: number, bets: number): SimulatedEvent[][] {
  const appends: SimulatedEvent[][] = [];
  const users = Array.from({ length: 5 }, () => randomUUID());
  simulateBetLifecycles({ bets, users, concurrent: 4, random: seededRandom(seed), nextId: randomUUID, start: T0, emit: (events) => appends.push([...events]) });
  return [...appends, ...simulateFollowUps(EVERY_FOLLOW_UP, { nextId: randomUUID, start: T0 })];
}

/** The in-memory store appends synchronously: when this returns, the events are in `$all`. */
function appendAll(store: InMemoryEventStore, appends: readonly SimulatedEvent[][]): void {
  for (const events of appends) void store.append(events[0]!.streamId, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata })));
}

async function dump(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t order by 1`.execute(db);
  return rows.map((r) => r.row);
}

/** Index definitions without their names (a rebuilt table's indexes are named after its copy). */
async function indexes(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select regexp_replace(indexdef, 'INDEX \\S+ ON', 'INDEX ON') as definition from pg_indexes where schemaname = 'public' and tablename = ${table} order by 1
  `.execute(db);
  return rows.map((r) => r.definition);
}

describe('rebuildProjector with applyBatch', () => {
  it('rebuilds every batched projector to the rows apply leaves event by event, with the same indexes, at the exact position', async () => {
    const store = new InMemoryEventStore({ now: () => T0 });
    appendAll(store, lifecycles(11, 30));
    for (const event of await store.readAll()) {
      for (const p of batched) if (handles(p, event)) await p.apply(live, event);
    }
    const before = new Map<string, string[]>();
    for (const table of batched.flatMap((p) => p.tables)) before.set(table, await indexes(live, table));

    const beforeRebuild = (await store.readAll()).length;
    let appendedEvents = 0;
    for (const projector of batched) {
      const during = lifecycles(100 + batched.indexOf(projector), 3);
      let appendedDuringReplay = false;
      const result = await rebuildProjector({
        store,
        db: live,
        projector,
        // Events appended while the replay runs must be in the rebuilt tables and behind the checkpoint.
        onProgress: () => {
          if (appendedDuringReplay) return;
          appendedDuringReplay = true;
          appendAll(store, during);
        },
      });
      const all = await store.readAll();
      expect(result.position).toEqual(all[all.length - 1]!.position);
      const checkpoint = await live.selectFrom('projection_checkpoints').selectAll().where('name', '=', projector.name).executeTakeFirstOrThrow();
      expect([Number(checkpoint.commit_position), Number(checkpoint.prepare_position)]).toEqual([result.position.commit, result.position.prepare]);
      appendedEvents += during.reduce((n, a) => n + a.length, 0);

      // The reference: the same projector, every event so far applied one by one.
      await sql`truncate ${sql.join(projector.tables.map((t) => sql.table(t)))}`.execute(reference);
      for (const event of all) if (handles(projector, event)) await projector.apply(reference, event);
      let rowCount = 0;
      for (const table of projector.tables) {
        const rows = await dump(live, table);
        expect(rows, table).toEqual(await dump(reference, table));
        expect(await indexes(live, table), table).toEqual(before.get(table));
        rowCount += rows.length;
      }
      expect(rowCount, projector.name).toBeGreaterThan(0);
    }

    expect((await store.readAll()).length).toBe(beforeRebuild + appendedEvents);
    const schemas = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name like 'rebuild_%'`.execute(live);
    expect(schemas.rows[0]!.n).toBe(0);
  });
});
