// Proves a multi-stream decision is one atomic append: concurrent transfers between accounts never lose or make money, a refusal writes nothing, a repeat writes nothing twice; and a batch of commands (a reactor's follow-ups) is one append that a crash's re-delivery, in any batches, never writes twice.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, NotFoundError } from '../shared/errors.js';
import { SnapshotCache } from './snapshots.js';
import { InMemoryEventStore } from './in-memory.js';
import { handleCommandBatch, handleMultiStreamCommand, type BatchStep, type StreamPart } from './multi-stream.js';
import type { Decider } from './command-handler.js';

type Moved = { type: 'Moved'; data: { amount: number; transfer: string } };
const account: StreamPart<number, Moved>['decider'] = { initialState: () => 0, evolve: (balance, e) => balance + e.data.amount };
const part = (name: string, transfer: string): StreamPart<number, Moved> => ({ streamId: `account-${name}`, decider: account, eventIds: () => [`${transfer}:${name}`] });

function transfer(store: InMemoryEventStore, from: string, to: string, amount: number, id: string, snapshots?: SnapshotCache) {
  return handleMultiStreamCommand(
    store,
    { from: part(from, id), to: part(to, id) },
    (s) => {
      if (s.from < amount) throw new DomainError(400, 'Insufficient balance');
      return { from: [{ type: 'Moved' as const, data: { amount: -amount, transfer: id } }], to: [{ type: 'Moved' as const, data: { amount, transfer: id } }] };
    },
    { snapshots },
  );
}

async function balance(store: InMemoryEventStore, name: string): Promise<number> {
  return (await store.readStream(`account-${name}`)).reduce((b, e) => b + (e.data as { amount: number }).amount, 0);
}

describe('handleMultiStreamCommand', () => {
  it('keeps the total and every balance non-negative under concurrent transfers (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 3 }), to: fc.integer({ min: 0, max: 3 }), amount: fc.integer({ min: 1, max: 60 }) }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async (moves, cached) => {
          const store = new InMemoryEventStore();
          const snapshots = cached ? new SnapshotCache() : undefined;
          for (let i = 0; i < 4; i++) await store.append(`account-${i}`, [{ id: randomUUID(), type: 'Moved', data: { amount: 100, transfer: 'seed' } }]);
          const outcomes = await Promise.allSettled(moves.filter((m) => m.from !== m.to).map((m) => transfer(store, String(m.from), String(m.to), m.amount, randomUUID(), snapshots)));
          for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as Error).message).toBe('Insufficient balance');
          const balances = await Promise.all([0, 1, 2, 3].map((i) => balance(store, String(i))));
          expect(balances.reduce((a, b) => a + b, 0)).toBe(400);
          for (const b of balances) expect(b).toBeGreaterThanOrEqual(0);
          // Every transfer is in both streams or in neither.
          const all = await store.readAll({ maxCount: 10_000 });
          const byTransfer = new Map<string, number>();
          for (const e of all) byTransfer.set((e.data as Moved['data']).transfer, (byTransfer.get((e.data as Moved['data']).transfer) ?? 0) + 1);
          for (const [id, n] of byTransfer) if (id !== 'seed') expect(n).toBe(2);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers a repeat with the stored events and writes nothing twice', async () => {
    const store = new InMemoryEventStore();
    await store.append('account-a', [{ id: randomUUID(), type: 'Moved', data: { amount: 100, transfer: 'seed' } }]);
    const id = randomUUID();
    const first = await transfer(store, 'a', 'b', 30, id);
    expect(first.append?.repeated).toBe(false);
    expect(first.states).toEqual({ from: 70, to: 30 });
    // A twin decided on the state before the first (as a retried request would be): its ids are stored.
    const twin = await handleMultiStreamCommand(
      store,
      { from: part('a', id), to: part('b', id) },
      () => ({ from: [{ type: 'Moved' as const, data: { amount: -30, transfer: id } }], to: [{ type: 'Moved' as const, data: { amount: 30, transfer: id } }] }),
    );
    expect(twin.append?.repeated).toBe(true);
    expect(twin.appended).toEqual({});
    expect(twin.events.to).toEqual([{ type: 'Moved', data: { amount: 30, transfer: id } }]);
    expect(await balance(store, 'a')).toBe(70);
    expect(await balance(store, 'b')).toBe(30);
  });

  it('decides a fresh stream as empty without reading it when the others are held, and on the streams as read when it exists after all', async () => {
    const store = new InMemoryEventStore();
    const snapshots = new SnapshotCache();
    await store.append('account-a', [{ id: randomUUID(), type: 'Moved', data: { amount: 100, transfer: 'seed' } }]);
    await transfer(store, 'a', 'b', 10, randomUUID(), snapshots); // a and b now held
    const reads: string[] = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (id, options) => {
      reads.push(id);
      return readStream(id, options);
    };
    const open = (to: string, amount: number, id: string) =>
      handleMultiStreamCommand(
        store,
        { from: part('a', id), to: { ...part(to, id), fresh: true } },
        (s) => ({ from: [{ type: 'Moved' as const, data: { amount: -amount, transfer: id } }], to: [{ type: 'Moved' as const, data: { amount: amount + s.to, transfer: id } }] }),
        { snapshots },
      );
    await open('c', 5, randomUUID());
    expect(reads).toEqual([]);
    expect(await balance(store, 'c')).toBe(5);
    // "Fresh" but it exists (another process wrote it): the append's "no stream" fails, decided again as read.
    await store.append('account-d', [{ id: randomUUID(), type: 'Moved', data: { amount: 7, transfer: 'elsewhere' } }]);
    await open('d', 5, randomUUID());
    expect(reads).toContain('account-d');
    expect(await balance(store, 'd')).toBe(7 + 12);
    expect(await balance(store, 'a')).toBe(80);
  });

  it('writes nothing when the decision refuses, and nothing at all for a no-op', async () => {
    const store = new InMemoryEventStore();
    await expect(transfer(store, 'a', 'b', 1, randomUUID())).rejects.toThrow('Insufficient balance');
    expect(await store.readAll()).toEqual([]);
    const noop = await handleMultiStreamCommand(store, { a: part('a', randomUUID()) }, () => ({}));
    expect(noop.append).toBeNull();
    expect(noop.events).toEqual({ a: [] });
    expect(noop.appended).toEqual({});
  });

  it('names each written stream\'s own append result by its part, whatever the order of the parts and whichever are left out', async () => {
    const store = new InMemoryEventStore();
    await store.append('account-z', [{ id: randomUUID(), type: 'Moved', data: { amount: 100, transfer: 'seed' } }]);
    const id = randomUUID();
    // Three parts, the first not written: each result must still be its own stream's.
    const result = await handleMultiStreamCommand(
      store,
      { idle: part('idle', id), to: part('y', id), from: part('z', id) },
      () => ({ from: [{ type: 'Moved' as const, data: { amount: -40, transfer: id } }], to: [{ type: 'Moved' as const, data: { amount: 40, transfer: id } }] }),
    );
    expect(Object.keys(result.appended).sort()).toEqual(['from', 'to']);
    expect(result.appended.from?.nextExpectedRevision).toBe(1);
    expect(result.appended.to?.nextExpectedRevision).toBe(0);
    const stored = await store.readAll({ maxCount: 10 });
    expect(result.appended.from?.position).toEqual(stored.find((e) => e.streamId === 'account-z' && e.id === `${id}:z`)?.position);
    expect(result.appended.to?.position).toEqual(stored.find((e) => e.streamId === 'account-y')?.position);
  });
});

type Posted = { type: 'Posted'; data: { id: string } };
type Post = { type: 'Post'; id: string; refuse?: boolean };
/** A stream of posts, each written once per id (as a chat's system messages): a repeat decides nothing. */
const posts: Decider<ReadonlySet<string>, Post, Posted> = {
  initialState: () => new Set(),
  evolve: (ids, e) => new Set([...ids, e.data.id]),
  decide: (c, ids) => {
    if (c.refuse) throw new NotFoundError('no such stream');
    return ids.has(c.id) ? [] : [{ type: 'Posted', data: { id: c.id } }];
  },
};
const step = (stream: number, id: string, refuse = false): BatchStep<Post, Posted> => ({
  streamId: `posts-${stream}`,
  command: { type: 'Post', id, refuse },
  eventIds: (events) => events.map(() => id),
  metadata: { causationId: `cause-${id}` },
  skipIf: (error) => error instanceof NotFoundError,
});

/** Counts the multi-stream appends that wrote something (one transaction each). */
class CountingStore extends InMemoryEventStore {
  writes = 0;
  override async appendToStreams(...args: Parameters<InMemoryEventStore['appendToStreams']>) {
    const result = await super.appendToStreams(...args);
    if (!result.repeated) this.writes++;
    return result;
  }
}

describe('handleCommandBatch', () => {
  it('appends every stream’s commands of a batch in one transaction, each event with its own id and metadata, dropping a skipped refusal alone', async () => {
    const store = new CountingStore();
    const result = await handleCommandBatch(store, posts, [step(0, 'a'), step(1, 'b'), step(0, 'c'), step(2, 'x', true), step(1, 'b')]);
    expect(store.writes).toBe(1);
    expect(result?.append?.streams).toHaveLength(2);
    const all = await store.readAll();
    expect(all.map((e) => [e.streamId, e.id, e.metadata.causationId])).toEqual([
      ['posts-0', 'a', 'cause-a'],
      ['posts-0', 'c', 'cause-c'],
      ['posts-1', 'b', 'cause-b'],
    ]);
    // Handled again: nothing decided, nothing written.
    expect(await handleCommandBatch(store, posts, [step(0, 'a'), step(1, 'b'), step(0, 'c')])).toBeNull();
    expect(store.writes).toBe(1);
  });

  it('fails whole on a refusal it was not told to skip, writing nothing', async () => {
    const store = new CountingStore();
    const refused = { ...step(1, 'b', true), skipIf: () => false };
    await expect(handleCommandBatch(store, posts, [step(0, 'a'), refused])).rejects.toThrow('no such stream');
    expect(await store.readAll()).toEqual([]);
  });

  it('stores each follow-up once whatever the batches a crash before the checkpoint re-delivers them in, from two processes with their own caches (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 2, maxLength: 12 }),
        // Each delivery: how many events it takes, whether the process crashes before its checkpoint, which process handles it.
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 12 }), crash: fc.boolean(), process: fc.integer({ min: 0, max: 1 }) }), { minLength: 1, maxLength: 12 }),
        async (streams, deliveries) => {
          const store = new CountingStore();
          const steps = streams.map((s, i) => step(s, `e${i}`));
          const caches = [new SnapshotCache(), new SnapshotCache()];
          let checkpoint = 0;
          let handled = 0;
          // The first delivery always crashes, so every run re-delivers something.
          for (const [i, d] of deliveries.entries()) {
            if (checkpoint === steps.length) break;
            const batch = steps.slice(checkpoint, checkpoint + d.size);
            await handleCommandBatch(store, posts, batch, { snapshots: caches[d.process]! });
            handled++;
            if (!(d.crash || i === 0)) checkpoint += batch.length;
          }
          if (checkpoint < steps.length) {
            await handleCommandBatch(store, posts, steps.slice(checkpoint), { snapshots: caches[0]! });
            handled++;
          }
          for (const s of [0, 1, 2]) {
            const stored = (await store.readStream(`posts-${s}`)).map((e) => e.id);
            expect(stored).toEqual(steps.filter((st) => st.streamId === `posts-${s}`).map((st) => (st.command as Post).id));
          }
          // One transaction per delivery at most, whatever it held.
          expect(store.writes).toBeLessThanOrEqual(handled);
        },
      ),
      { numRuns: 60 },
    );
  });
});
