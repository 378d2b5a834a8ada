// Proves the PostgreSQL event store keeps the contract, and never skips an event whose transaction commits late.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START, canonicalJson } from '@wager/domain';
import { describeEventStoreContract } from '@wager/domain/event-store/contract';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { PostgresEventStore } from './postgres.js';

let url = '';
const stores: PostgresEventStore[] = [];

beforeAll(async () => {
  url = await freshDatabaseUrl('es');
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

describeEventStoreContract('postgres', {
  create: async () => PostgresEventStore.connect(url, { pollIntervalMs: 100 }),
});

describe('postgres event store: late commits', () => {
  it('holds $all readers back behind an open transaction instead of skipping its event', async () => {
    const store = await PostgresEventStore.connect(url, { pollIntervalMs: 50 });
    stores.push(store);
    const before = (await store.headPosition()) ?? START;
    const slow = `thing-${randomUUID()}`;
    const fast = `thing-${randomUUID()}`;

    // Open a transaction, append through the same function the adapter uses, and keep it open.
    const held = new pg.Client({ connectionString: url });
    await held.connect();
    await held.query('begin');
    const slowEvent = { id: randomUUID(), type: 'Slow', data: { n: 1 }, metadata: {}, canonical: canonicalJson({ n: 1 }) };
    await held.query('select * from es_append_v2($1, -2, $2::jsonb)', [slow, JSON.stringify([slowEvent])]);

    // Meanwhile later transactions commit.
    await store.append(fast, [{ id: randomUUID(), type: 'Fast1', data: {} }]);
    await store.append(fast, [{ id: randomUUID(), type: 'Fast2', data: {} }]);

    const seenWhileOpen = (await store.readAll({ after: before })).filter((e) => e.streamId === slow || e.streamId === fast);
    expect(seenWhileOpen).toEqual([]);

    const received: string[] = [];
    const controller = new AbortController();
    const subscription = (async () => {
      for await (const batch of store.subscribeToAll({ after: before, signal: controller.signal })) {
        received.push(...batch.filter((e) => e.streamId === slow || e.streamId === fast).map((e) => e.type));
        if (received.length >= 3) break;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual([]);

    await held.query('commit');
    await held.end();
    await subscription;
    controller.abort();
    expect(received).toEqual(['Slow', 'Fast1', 'Fast2']);
    const all = (await store.readAll({ after: before })).filter((e) => e.streamId === slow || e.streamId === fast);
    expect(all.map((e) => e.type)).toEqual(['Slow', 'Fast1', 'Fast2']);
  });

  it('refuses updates and deletes of stored events', async () => {
    const store = await PostgresEventStore.connect(url);
    stores.push(store);
    const s = `thing-${randomUUID()}`;
    await store.append(s, [{ id: randomUUID(), type: 'A', data: {} }]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await expect(client.query('update es_events set type = $1 where stream_id = $2', ['B', s])).rejects.toThrow(/append-only/);
    await expect(client.query('delete from es_events where stream_id = $1', [s])).rejects.toThrow(/append-only/);
    await client.end();
  });

  it('delivers each of many concurrently appended events exactly once, in one order for every reader', async () => {
    const store = await PostgresEventStore.connect(url, { poolSize: 16 });
    stores.push(store);
    const before = (await store.headPosition()) ?? START;
    const streams = Array.from({ length: 40 }, () => `thing-${randomUUID()}`);
    const ids = new Set<string>();
    await Promise.all(
      streams.map(async (s) => {
        for (let i = 0; i < 5; i++) {
          const id = randomUUID();
          ids.add(id);
          await store.append(s, [{ id, type: 'N', data: { i } }]);
        }
      }),
    );
    const mine = new Set(streams);
    const first: string[] = [];
    let after = before;
    // An empty page is not the end: readAll holds back everything behind the oldest transaction
    // still open on the server (any database: other suites run beside this one), so a reader
    // waits and asks again, as a subscription does.
    const deadline = Date.now() + 30_000;
    while (first.length < 200 && Date.now() < deadline) {
      const page = await store.readAll({ after, maxCount: 13 });
      if (page.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      first.push(...page.filter((e) => mine.has(e.streamId)).map((e) => e.id));
      after = page[page.length - 1]!.position;
    }
    expect(first).toHaveLength(200);
    expect(new Set(first)).toEqual(ids);
    const second = (await store.readAll({ after: before, maxCount: 10_000 })).filter((e) => mine.has(e.streamId)).map((e) => e.id);
    expect(second).toEqual(first);
  });
});
