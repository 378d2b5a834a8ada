/**
 * The event store contract: one suite, run against every adapter (in-memory, PostgreSQL,
 * EventStoreDB). Each adapter's spec file calls `describeEventStoreContract` with a factory.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../shared/errors.js';
import { GENESIS_HASH, chainHash } from './hash.js';
import type { EventStore, ExpectedRevision, NewEvent, Position, RecordedEvent } from './types.js';
import { START, comparePositions } from './types.js';

export interface ContractFactory {
  /** A store connected to the shared test backend; tests use fresh stream ids. */
  create: () => Promise<EventStore>;
}

const event = (type = 'ThingHappened', data: unknown = { n: 1 }): NewEvent => ({ id: randomUUID(), type, data, metadata: { actor: 'test' } });
const streamName = (): string => `thing-${randomUUID()}`;

async function collect(store: EventStore, after: Position, count: number, streams: Set<string>): Promise<RecordedEvent[]> {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const timeout = setTimeout(() => controller.abort(), 10_000);
  try {
    for await (const batch of store.subscribeToAll({ after, signal: controller.signal, maxBatch: 7 })) {
      seen.push(...batch.filter((e) => streams.has(e.streamId)));
      if (seen.length >= count) break;
    }
  } finally {
    clearTimeout(timeout);
    controller.abort();
  }
  return seen;
}

/**
 * $all readers may hold back behind transactions still open elsewhere (the PostgreSQL store's
 * high-water mark is server-wide), so a test waits until what it appended is visible.
 */
async function readAllUntil(store: EventStore, after: Position, streams: Set<string>, count: number): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = (await store.readAll({ after, maxCount: 10_000 })).filter((e) => streams.has(e.streamId));
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function describeEventStoreContract(name: string, factory: ContractFactory): void {
  describe(`event store contract: ${name}`, () => {
    it('appends to a new stream and reads it back in order with revisions from 0', async () => {
      const store = await factory.create();
      const s = streamName();
      const events = [event('A', { i: 0 }), event('B', { i: 1 }), event('C', { i: 2, nested: { z: 1, a: [1, '2'] } })];
      const result = await store.append(s, events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(2);
      const read = await store.readStream(s);
      expect(read.map((e) => [e.id, e.type, e.streamRevision, e.streamId])).toEqual(events.map((e, i) => [e.id, e.type, i, s]));
      expect(read[2]!.data).toEqual({ i: 2, nested: { z: 1, a: [1, '2'] } });
      expect(read[0]!.metadata.actor).toBe('test');
      expect(read.every((e) => e.recordedAt instanceof Date)).toBe(true);
      expect(comparePositions(read[0]!.position, read[1]!.position)).toBeLessThan(0);
      expect(comparePositions(read[2]!.position, result.position)).toBe(0);
      await store.close();
    });

    it('reads a stream from a revision with a maximum count, and an unknown stream as empty', async () => {
      const store = await factory.create();
      const s = streamName();
      await store.append(s, [event(), event(), event(), event()]);
      expect((await store.readStream(s, { fromRevision: 1, maxCount: 2 })).map((e) => e.streamRevision)).toEqual([1, 2]);
      expect(await store.readStream(streamName())).toEqual([]);
      await store.close();
    });

    it('refuses a wrong exact revision with a typed error naming both revisions', async () => {
      const store = await factory.create();
      const s = streamName();
      await store.append(s, [event(), event()], { expectedRevision: 'no_stream' });
      const error = await store.append(s, [event()], { expectedRevision: 0 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).expected).toBe('0');
      expect((error as WrongExpectedRevisionError).actual).toBe('1');
      await expect(store.append(s, [event()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(streamName(), [event()], { expectedRevision: 3 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(s)).toHaveLength(2);
      await store.append(s, [event()], { expectedRevision: 1 });
      await store.append(s, [event()], { expectedRevision: 'any' });
      expect(await store.readStream(s)).toHaveLength(4);
      await store.close();
    });

    it('treats a repeated append of the same event ids as a success that stores nothing', async () => {
      const store = await factory.create();
      const s = streamName();
      const events = [event(), event()];
      const first = await store.append(s, events, { expectedRevision: 'no_stream' });
      const again = await store.append(s, events, { expectedRevision: 'no_stream' });
      expect(again.nextExpectedRevision).toBe(1);
      expect(comparePositions(again.position, first.position)).toBe(0);
      await store.append(s, [event()], { expectedRevision: 1 });
      await store.append(s, events, { expectedRevision: 0 });
      expect((await store.readStream(s)).map((e) => e.id)).toEqual([...events.map((e) => e.id), expect.any(String)]);
      await store.close();
    });

    it('says whether an append wrote or only found its ids stored', async () => {
      const store = await factory.create();
      const s = streamName();
      const events = [event(), event()];
      expect((await store.append(s, events, { expectedRevision: 'no_stream' })).repeated).toBe(false);
      expect((await store.append(s, events, { expectedRevision: 'no_stream' })).repeated).toBe(true);
      expect((await store.append(s, [event()], { expectedRevision: 1 })).repeated).toBe(false);
      await store.close();
    });

    it('refuses an append whose ids are only partly stored as a wrong expected revision, storing nothing', async () => {
      const store = await factory.create();
      const s = streamName();
      const stored = event();
      await store.append(s, [stored], { expectedRevision: 'no_stream' });
      await expect(store.append(s, [stored, event()], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(s)).toHaveLength(1);
      await store.close();
    });

    it('lets exactly one of many concurrent writers at the same revision win', async () => {
      const store = await factory.create();
      const s = streamName();
      await store.append(s, [event()], { expectedRevision: 'no_stream' });
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => store.append(s, [event()], { expectedRevision: 0 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      const racers = await Promise.allSettled(Array.from({ length: 10 }, () => store.append(streamName() + '', [event()], { expectedRevision: 'no_stream' })));
      expect(racers.every((r) => r.status === 'fulfilled')).toBe(true);
      const same = streamName();
      const creators = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(same, [event()], { expectedRevision: 'no_stream' })));
      expect(creators.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(same)).toHaveLength(1);
      await store.close();
    });

    it('chains each event to the previous one of its stream by sha256', async () => {
      const store = await factory.create();
      const s = streamName();
      await store.append(s, [event('A', { b: 2, a: 1 })]);
      await store.append(s, [event('B', { amount: '10.00' }), event('C', [])]);
      const read = await store.readStream(s);
      let previous = GENESIS_HASH;
      for (const e of read) {
        expect(e.metadata.hash).toBe(chainHash(previous, e.type, e.data));
        previous = String(e.metadata.hash);
      }
      await store.close();
    });

    it('reads $all in global order, each event once, strictly after a position', async () => {
      const store = await factory.create();
      const before = (await store.headPosition()) ?? START;
      const a = streamName();
      const b = streamName();
      await store.append(a, [event('A1'), event('A2')]);
      await store.append(b, [event('B1')]);
      await store.append(a, [event('A3')]);
      const all = await readAllUntil(store, before, new Set([a, b]), 4);
      expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);
      const afterSecond = await store.readAll({ after: all[1]!.position, maxCount: 1 });
      expect(afterSecond.map((e) => e.id)).toEqual([all[2]!.id]);
      const head = await store.headPosition();
      expect(head && comparePositions(head, all[3]!.position) >= 0).toBe(true);
      await store.close();
    });

    it('reads $all filtered by event type: only those types, in global order, paged by maxCount to the end', async () => {
      const store = await factory.create();
      const before = (await store.headPosition()) ?? START;
      const suffix = randomUUID().slice(0, 8);
      const [kept, also, skipped] = [`Kept${suffix}`, `Also${suffix}`, `Skipped${suffix}`];
      const a = streamName();
      const b = streamName();
      await store.append(a, [event(kept), event(skipped), event(also)]);
      await store.append(b, [event(skipped), event(kept)]);
      const all = await readAllUntil(store, before, new Set([a, b]), 5);
      const expected = all.filter((e) => e.type !== skipped);
      const filtered = await store.readAll({ after: before, maxCount: 10_000, eventTypes: [kept, also] });
      expect(filtered.map((e) => [e.type, e.streamId, e.streamRevision])).toEqual(expected.map((e) => [e.type, e.streamId, e.streamRevision]));
      expect(filtered.map((e) => e.position)).toEqual(expected.map((e) => e.position));
      // Paged: a full page, then the rest after its last event, then nothing.
      const first = await store.readAll({ after: before, maxCount: 2, eventTypes: [kept, also] });
      expect(first.map((e) => e.id)).toEqual(expected.slice(0, 2).map((e) => e.id));
      const rest = await store.readAll({ after: first[1]!.position, maxCount: 2, eventTypes: [kept, also] });
      expect(rest.map((e) => e.id)).toEqual([expected[2]!.id]);
      expect(await store.readAll({ after: rest[0]!.position, maxCount: 2, eventTypes: [kept, also] })).toEqual([]);
      expect(await store.readAll({ after: before, eventTypes: [] })).toEqual([]);
      await store.close();
    });

    it('appends to several streams in one commit: per-stream revisions and hash chains, adjacent in $all in the order given', async () => {
      const store = await factory.create();
      const before = (await store.headPosition()) ?? START;
      const a = streamName();
      const b = streamName();
      await store.append(b, [event('B0')], { expectedRevision: 'no_stream' });
      const result = await store.appendToStreams([
        { streamId: b, events: [event('B1', { x: 1 }), event('B2')], expectedRevision: 0 },
        { streamId: a, events: [event('A0', { y: 2 })], expectedRevision: 'no_stream' },
      ]);
      expect(result.repeated).toBe(false);
      expect(result.streams.map((r) => r.nextExpectedRevision)).toEqual([2, 0]);
      expect(comparePositions(result.position, result.streams[1]!.position)).toBe(0);
      expect(comparePositions(result.streams[0]!.position, result.streams[1]!.position)).toBeLessThan(0);
      for (const s of [a, b]) {
        let previous = GENESIS_HASH;
        for (const e of await store.readStream(s)) {
          expect(e.metadata.hash).toBe(chainHash(previous, e.type, e.data));
          previous = String(e.metadata.hash);
        }
      }
      const all = await readAllUntil(store, before, new Set([a, b]), 4);
      expect(all.map((e) => e.type)).toEqual(['B0', 'B1', 'B2', 'A0']);
      // Adjacent: nothing of any other stream between the first and the last event of the commit.
      const everything = await store.readAll({ after: all[0]!.position, maxCount: 10_000 });
      expect(everything.slice(0, 3).map((e) => e.type)).toEqual(['B1', 'B2', 'A0']);
      expect(comparePositions(everything[2]!.position, result.position)).toBe(0);
      await store.close();
    });

    it('writes nothing when any stream of a multi-stream append conflicts', async () => {
      const store = await factory.create();
      const a = streamName();
      const b = streamName();
      const c = streamName();
      await store.append(b, [event()], { expectedRevision: 'no_stream' });
      for (const expected of [1, 'no_stream'] as ExpectedRevision[]) {
        const error = await store
          .appendToStreams([
            { streamId: a, events: [event()], expectedRevision: 'no_stream' },
            { streamId: b, events: [event()], expectedRevision: expected },
            { streamId: c, events: [event(), event()], expectedRevision: 'no_stream' },
          ])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect((error as WrongExpectedRevisionError).streamId).toBe(b);
        expect((error as WrongExpectedRevisionError).actual).toBe('0');
      }
      expect(await store.readStream(a)).toEqual([]);
      expect(await store.readStream(b)).toHaveLength(1);
      expect(await store.readStream(c)).toEqual([]);
      // The streams are free afterwards: nothing was half claimed.
      await store.appendToStreams([
        { streamId: a, events: [event()], expectedRevision: 'no_stream' },
        { streamId: c, events: [event()], expectedRevision: 'no_stream' },
      ]);
      expect(await store.readStream(a)).toHaveLength(1);
      await store.close();
    });

    it('treats a repeated multi-stream append as a success that stores nothing, and a partly stored one as a conflict', async () => {
      const store = await factory.create();
      const a = streamName();
      const b = streamName();
      const appends = [
        { streamId: a, events: [event('A0'), event('A1')], expectedRevision: 'no_stream' as const },
        { streamId: b, events: [event('B0')], expectedRevision: 'no_stream' as const },
      ];
      const first = await store.appendToStreams(appends);
      const again = await store.appendToStreams(appends);
      expect(again.repeated).toBe(true);
      expect(again.streams.map((r) => [r.nextExpectedRevision, r.repeated])).toEqual([[1, true], [0, true]]);
      expect(comparePositions(again.position, first.position)).toBe(0);
      const mixed = await store.appendToStreams([appends[0]!, { streamId: b, events: [event('B1')], expectedRevision: 0 }]).catch((e: unknown) => e);
      expect(mixed).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(a)).map((e) => e.type)).toEqual(['A0', 'A1']);
      expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B0']);
      await store.close();
    });

    it('runs concurrent multi-stream appends on overlapping streams all or nothing, without deadlock (fast-check)', async () => {
      const store = await factory.create();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 8 }),
          async (calls) => {
            const names = Array.from({ length: 4 }, streamName);
            await store.appendToStreams(names.slice(0, 2).map((s) => ({ streamId: s, events: [event('Seed')], expectedRevision: 'no_stream' as const })));
            const revisionOf = (i: number): ExpectedRevision => (i < 2 ? 0 : 'no_stream');
            const batches = calls.map((streams, n) => streams.map((i) => ({ streamId: names[i]!, events: [event(`Call${n}`), event(`Call${n}`)], expectedRevision: revisionOf(i) })));
            const outcomes = await Promise.allSettled(batches.map((b) => store.appendToStreams(b)));
            for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
            const stored = new Map<string, RecordedEvent>();
            for (const s of names) for (const e of await store.readStream(s)) stored.set(e.id, e);
            outcomes.forEach((o, n) => {
              const ids = batches[n]!.flatMap((b) => b.events.map((e) => e.id));
              // All or nothing: a success stored every event of the call, a refusal none.
              expect(ids.filter((id) => stored.has(id))).toHaveLength(o.status === 'fulfilled' ? ids.length : 0);
            });
            // Per stream, exactly the winners' events, in revision order without gaps.
            for (const s of names) {
              const events = await store.readStream(s);
              expect(events.map((e) => e.streamRevision)).toEqual(events.map((_, i) => i));
            }
            // Among calls that share a stream, exactly one wins (every call expected the same revisions).
            const winners = outcomes.map((o, n) => (o.status === 'fulfilled' ? calls[n]! : null)).filter((c): c is number[] => c !== null);
            const touched = winners.flat();
            expect(new Set(touched).size).toBe(touched.length);
            expect(winners.length).toBeGreaterThan(0);
          },
        ),
        { numRuns: 15 },
      );
      await store.close();
    });

    it('subscribes to $all: catches up, then delivers live appends in order', async () => {
      const store = await factory.create();
      const before = (await store.headPosition()) ?? START;
      const s = streamName();
      await store.append(s, [event('Old1'), event('Old2')]);
      const received = collect(store, before, 5, new Set([s]));
      await new Promise((r) => setTimeout(r, 50));
      await store.append(s, [event('New1')]);
      await store.append(s, [event('New2'), event('New3')]);
      expect((await received).map((e) => e.type)).toEqual(['Old1', 'Old2', 'New1', 'New2', 'New3']);
      await store.close();
    });
  });
}
