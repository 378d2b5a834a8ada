// Proves the PostgreSQL append's fast paths keep their promises: racing first appends, repeats, and NOTIFY to other processes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, START, WrongExpectedRevisionError, chainHash, comparePositions, type NewEvent } from '@wager/domain';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { PostgresEventStore } from './postgres.js';

/** The NOTIFY test's reader polls this seldom, and is given this long to be woken (inside the 60 s test timeout): seen in time, only a NOTIFY can have woken it. */
const NOTIFY_TEST_POLL_MS = 600_000;
const NOTIFY_TEST_SEEN_WITHIN_MS = 45_000;

let url = '';
const stores: PostgresEventStore[] = [];
const open = async (options: { pollIntervalMs?: number; poolSize?: number } = {}): Promise<PostgresEventStore> => {
  const store = await PostgresEventStore.connect(url, options);
  stores.push(store);
  return store;
};
const event = (type: string, data: unknown = { n: 1 }): NewEvent => ({ id: randomUUID(), type, data, metadata: {} });

beforeAll(async () => {
  url = await freshDatabaseUrl('es_append');
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

describe('postgres event store: append', () => {
  it('lets every "any" append racing to create one stream succeed, in one unbroken chain', async () => {
    // Given a stream that does not exist yet
    const store = await open({ poolSize: 12 });
    const s = `race-${randomUUID()}`;
    // When twelve appends with expected revision "any" race to create it
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.append(s, [event('Raced', { i }), event('Raced', { i, second: true })])));
    // Then all succeed, and the stream holds 24 events with revisions 0..23 chained by hash
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const read = await store.readStream(s);
    expect(read.map((e) => e.streamRevision)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    let previous = GENESIS_HASH;
    for (const e of read) {
      expect(e.metadata.hash).toBe(chainHash(previous, e.type, e.data));
      previous = String(e.metadata.hash);
    }
  });

  it('starts the hash chain on a first append (one event or many) that later appends continue', async () => {
    // Given two new streams, one first appended with one event and one with three
    const store = await open();
    const single = `first-${randomUUID()}`;
    const several = `first-${randomUUID()}`;
    // When each is created with "no_stream" and then appended to at its exact revision
    const one = await store.append(single, [event('Opened', { b: 2, a: 1 })], { expectedRevision: 'no_stream' });
    const three = await store.append(several, [event('Opened', { n: 1 }), event('Noted', { n: 2 }), event('Noted', { n: 3 })], { expectedRevision: 'no_stream' });
    await store.append(single, [event('Noted', { n: 2 })], { expectedRevision: 0 });
    await store.append(several, [event('Closed', {})], { expectedRevision: 2 });
    // Then each reports its revision and position, and each stream is one unbroken chain
    expect(one.nextExpectedRevision).toBe(0);
    expect(three.nextExpectedRevision).toBe(2);
    for (const [s, result, count] of [[single, one, 2], [several, three, 4]] as const) {
      const read = await store.readStream(s);
      expect(read.map((e) => e.streamRevision)).toEqual(Array.from({ length: count }, (_, i) => i));
      expect(comparePositions(read[result.nextExpectedRevision]!.position, result.position)).toBe(0);
      let previous = GENESIS_HASH;
      for (const e of read) {
        expect(e.metadata.hash).toBe(chainHash(previous, e.type, e.data));
        previous = String(e.metadata.hash);
      }
    }
  });

  it('treats a repeat with expected revision "any" on an existing stream as a success that stores nothing', async () => {
    // Given a stream with two appends
    const store = await open();
    const s = `repeat-${randomUUID()}`;
    const first = [event('A'), event('B')];
    const stored = await store.append(s, first, { expectedRevision: 'no_stream' });
    await store.append(s, [event('C')], { expectedRevision: 1 });
    // When the first append is repeated with "any"
    const again = await store.append(s, first, { expectedRevision: 'any' });
    // Then it reports the first append's result and the stream is unchanged
    expect(again.nextExpectedRevision).toBe(1);
    expect(comparePositions(again.position, stored.position)).toBe(0);
    expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    // And an append mixing a stored id with a new one is refused, storing nothing
    await expect(store.append(s, [first[0]!, event('D')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(s)).toHaveLength(3);
  });

  it("wakes another process's live subscription by NOTIFY, long before its polling interval", async () => {
    // Given a reader whose polling fallback would take ten minutes, caught up to the head
    const writer = await open();
    const reader = await open({ pollIntervalMs: NOTIFY_TEST_POLL_MS });
    const head = (await reader.headPosition()) ?? START;
    const s = `notify-${randomUUID()}`;
    const controller = new AbortController();
    const seen = (async () => {
      for await (const batch of reader.subscribeToAll({ after: head, signal: controller.signal })) {
        if (batch.some((e) => e.streamId === s)) return true;
      }
      return false;
    })();
    // When another store appends (again every 250 ms: the reader may not be listening yet, and on a
    // shared server another database's open transaction can hold $all readers back past one NOTIFY,
    // never past all of them)
    const timeout = setTimeout(() => controller.abort(), NOTIFY_TEST_SEEN_WITHIN_MS);
    let done = false;
    void seen.then(() => (done = true));
    while (!done) {
      await writer.append(s, [event('Noticed')]);
      await new Promise((r) => setTimeout(r, 250));
    }
    clearTimeout(timeout);
    controller.abort();
    // Then the reader sees it before its poll could have run: a NOTIFY woke it. How soon is not
    // asserted: a loaded machine, or another database's transaction held open, makes it seconds.
    expect(await seen).toBe(true);
  });
});
