// Proves the runner commits read-table changes with their checkpoint (a batch failing half-way leaves nothing; a failing projector holds back only itself), publishes after commit, and that rebuild swaps in identical tables.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryEventStore, InProcessBus, SUBSCRIPTION_BATCH_MAX, type RecordedEvent } from '@wager/domain';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrations/index.js';
import { PROJECTION_BATCH_MAX, ProjectionRunner } from './runner.js';
import { CheckpointWatcher } from './checkpoints/watcher.js';
import { rebuildProjector } from './rebuild.js';
import type { Projector } from './projector.js';
import { APPLIED_WITHIN_MS, freshDatabaseUrl } from './testing/database.js';

let db: Kysely<Database>;
let url: string;

beforeAll(async () => {
  url = await freshDatabaseUrl('runner');
  db = createDatabase(url);
  await migrateToLatest(db);
  await sql`create table test_log (event_id uuid primary key, stream_id text not null, type text not null, applied_count int not null)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
});

/** Counts applications per event: an event applied twice would show applied_count 2. */
function logProjector(name: string, failOn?: { type: string; times: number }): Projector & { failures: number } {
  const projector = {
    name,
    tables: ['test_log'],
    failures: 0,
    async apply(trx: Kysely<Database>, event: RecordedEvent) {
      if (failOn && event.type === failOn.type && projector.failures < failOn.times) {
        projector.failures++;
        throw new Error('projector bug');
      }
      await sql`insert into test_log (event_id, stream_id, type, applied_count) values (${event.id}, ${event.streamId}, ${event.type}, 1)
        on conflict (event_id) do update set applied_count = test_log.applied_count + 1`.execute(trx);
    },
  };
  return projector;
}

async function rows(streamId: string): Promise<{ type: string; applied_count: number }[]> {
  const result = await sql<{ type: string; applied_count: number }>`select type, applied_count from test_log where stream_id = ${streamId} order by type`.execute(db);
  return result.rows;
}

const ev = (type: string) => ({ id: randomUUID(), type, data: {} });

describe('projection runner', () => {
  it('announced (ROLE=project), answers a serve process watcher waiting for its projectors at the commit of the batch', async () => {
    const store = new InMemoryEventStore();
    const projectors = [logProjector('log_announce_a'), logProjector('log_announce_b')];
    const runner = new ProjectionRunner({ store, db, projectors, announce: true });
    // A poll interval of a minute: only the announcement can answer within the test.
    const watcher = new CheckpointWatcher(db, projectors.map((p) => p.name), 60_000, 60_000);
    await watcher.listen(url);
    runner.start();
    try {
      const stream = `thing-${randomUUID()}`;
      const appended = await store.append(stream, [ev('A'), ev('B')]);
      expect(await watcher.waitFor(appended.position, APPLIED_WITHIN_MS)).toBe(true);
      // Both projectors write the one log table: each event twice, once by each, already committed.
      expect(await rows(stream)).toEqual([
        { type: 'A', applied_count: 2 },
        { type: 'B', applied_count: 2 },
      ]);
    } finally {
      await runner.stop();
      await watcher.close();
    }
  });

  it('applies every event once, moves the checkpoint, and publishes only after the rows are committed', async () => {
    const store = new InMemoryEventStore();
    const bus = new InProcessBus();
    const stream = `thing-${randomUUID()}`;
    const seenAtPublish: number[] = [];
    // Resolved by the third publish's read (publishing, and the reads it starts, may finish after waitFor answers).
    let allSeen!: () => void;
    const threeSeen = new Promise<void>((resolve) => (allSeen = resolve));
    bus.subscribe('events.thing.>', () => {
      void rows(stream).then((r) => {
        if (seenAtPublish.push(r.length) === 3) allSeen();
      });
    });
    const runner = new ProjectionRunner({ store, db, projectors: [logProjector('log_a')], bus });
    runner.start();
    const appended = await store.append(stream, [ev('A'), ev('B'), ev('C')]);
    expect(await runner.waitFor(appended.position, APPLIED_WITHIN_MS)).toBe(true);
    expect(await rows(stream)).toEqual([
      { type: 'A', applied_count: 1 },
      { type: 'B', applied_count: 1 },
      { type: 'C', applied_count: 1 },
    ]);
    await threeSeen;
    expect(seenAtPublish).toEqual([3, 3, 3]);
    const status = await runner.status();
    expect(status.projectors[0]).toMatchObject({ name: 'log_a', checkpoint: appended.position, lag: 0 });
    await runner.stop();

    // A new runner (a restart) resumes from the checkpoint and applies nothing twice.
    const restarted = new ProjectionRunner({ store, db, projectors: [logProjector('log_a')] });
    restarted.start();
    const more = await store.append(stream, [ev('D')]);
    expect(await restarted.waitFor(more.position, APPLIED_WITHIN_MS)).toBe(true);
    await restarted.stop();
    expect((await rows(stream)).map((r) => r.applied_count)).toEqual([1, 1, 1, 1]);
  });

  it('leaves nothing of a batch that fails half-way, then applies it whole on retry', async () => {
    const store = new InMemoryEventStore();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [ev('A'), ev('B'), ev('Boom'), ev('D')]);
    const projector = logProjector('log_b', { type: 'Boom', times: 1 });
    const runner = new ProjectionRunner({ store, db, projectors: [projector] });
    const batch = await store.readAll();
    await expect(runner.applyBatch(batch)).rejects.toThrow('projector bug');
    expect(await rows(stream)).toEqual([]);
    const checkpoint = await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'log_b').executeTakeFirst();
    expect(checkpoint?.prepare_position === undefined || Number(checkpoint.prepare_position) === -1).toBe(true);

    runner.start();
    expect(await runner.waitFor(batch[batch.length - 1]!.position, APPLIED_WITHIN_MS)).toBe(true);
    await runner.stop();
    expect(await rows(stream)).toEqual([
      { type: 'A', applied_count: 1 },
      { type: 'B', applied_count: 1 },
      { type: 'Boom', applied_count: 1 },
      { type: 'D', applied_count: 1 },
    ]);
  });

  it('applies a batch to all projectors in one transaction, and a failing projector holds back only itself', async () => {
    await sql`create table if not exists test_seen (event_id uuid primary key)`.execute(db);
    const store = new InMemoryEventStore();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [ev('A'), ev('Boom'), ev('C')]);
    const failing = logProjector('log_d', { type: 'Boom', times: 1 });
    const healthy: Projector = {
      name: 'seen_d',
      tables: ['test_seen'],
      apply: async (trx, event) => {
        await sql`insert into test_seen (event_id) values (${event.id}) on conflict do nothing`.execute(trx);
      },
    };
    const reports: string[] = [];
    const observer = {
      projectorApplied: (name: string, events: number) => reports.push(`applied ${name} ${events}`),
      projectorFailed: (name: string) => reports.push(`failed ${name}`),
      batchApplied: (events: number) => reports.push(`batch ${events}`),
    };
    const runner = new ProjectionRunner({ store, db, projectors: [failing, healthy], observer });
    const batch = await store.readAll();
    await expect(runner.applyBatch(batch)).rejects.toThrow('projector bug');
    // The observer (metrics) hears of the failure, and of no batch: the shared transaction rolled back.
    expect(reports).toEqual(['failed log_d']);
    const checkpoints = new Map((await db.selectFrom('projection_checkpoints').selectAll().where('name', 'in', ['log_d', 'seen_d']).execute()).map((r) => [r.name, Number(r.prepare_position)]));
    expect(checkpoints.get('log_d') ?? -1).toBe(-1);
    expect(checkpoints.get('seen_d')).toBe(batch[2]!.position.prepare);
    expect(await rows(stream)).toEqual([]);
    const seen = await sql<{ n: number }>`select count(*)::int as n from test_seen where event_id in (${sql.join(batch.map((e) => e.id))})`.execute(db);
    expect(seen.rows[0]!.n).toBe(3);

    reports.length = 0;
    await runner.applyBatch(batch);
    expect((await rows(stream)).map((r) => r.applied_count)).toEqual([1, 1, 1]);
    expect(reports).toEqual(['applied log_d 3', 'batch 3']);
  });

  it('rebuilds a projector from position 0 into fresh tables and swaps them in', async () => {
    const store = new InMemoryEventStore();
    const stream = `thing-${randomUUID()}`;
    await store.append(stream, [ev('A'), ev('B')]);
    const projector = logProjector('log_c');
    const runner = new ProjectionRunner({ store, db, projectors: [projector] });
    runner.start();
    const last = await store.append(stream, [ev('C')]);
    expect(await runner.waitFor(last.position, APPLIED_WITHIN_MS)).toBe(true);
    await runner.stop();
    // Damage the live table; a rebuild must restore it from the events alone.
    await sql`update test_log set applied_count = 99 where stream_id = ${stream}`.execute(db);
    await sql`delete from test_log where stream_id <> ${stream}`.execute(db);
    const result = await rebuildProjector({ store, db, projector });
    expect(result.events).toBe(3);
    expect(await rows(stream)).toEqual([
      { type: 'A', applied_count: 1 },
      { type: 'B', applied_count: 1 },
      { type: 'C', applied_count: 1 },
    ]);
    const schemas = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name like 'rebuild_%'`.execute(db);
    expect(schemas.rows[0]!.n).toBe(0);
    const checkpoint = await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'log_c').executeTakeFirstOrThrow();
    expect(Number(checkpoint.prepare_position)).toBe(last.position.prepare);
  });
  it('behind, takes up to PROJECTION_BATCH_MAX events a batch (more than a subscriber batch), each in one transaction', async () => {
    const store = new InMemoryEventStore();
    const stream = `backlog-${randomUUID()}`;
    const backlog = PROJECTION_BATCH_MAX + 300;
    expect(PROJECTION_BATCH_MAX).toBeGreaterThan(SUBSCRIPTION_BATCH_MAX);
    let last = await store.append(stream, Array.from({ length: PROJECTION_BATCH_MAX }, () => ev('A')));
    last = await store.append(stream, Array.from({ length: backlog - PROJECTION_BATCH_MAX }, () => ev('A')));
    const given: number[] = [];
    const projector: Projector = {
      name: 'log_backlog',
      tables: ['test_log'],
      apply: () => Promise.reject(new Error('the runner uses applyBatch')),
      applyBatch: async (_trx, events) => {
        given.push(events.length);
      },
    };
    const committed: number[] = [];
    const observer = { projectorApplied: () => undefined, projectorFailed: () => undefined, batchApplied: (events: number) => void committed.push(events) };
    const runner = new ProjectionRunner({ store, db, projectors: [projector], observer });
    runner.start();
    expect(await runner.waitFor(last.position, APPLIED_WITHIN_MS)).toBe(true);
    await runner.stop();
    expect(given).toEqual([PROJECTION_BATCH_MAX, backlog - PROJECTION_BATCH_MAX]);
    expect(committed).toEqual(given);
    const checkpoint = await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'log_backlog').executeTakeFirstOrThrow();
    expect(Number(checkpoint.prepare_position)).toBe(last.position.prepare);
  });
});
