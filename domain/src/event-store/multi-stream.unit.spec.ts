// Proves a multi-stream decision is one atomic append: concurrent transfers between accounts never lose or make money, a refusal writes nothing, a repeat writes nothing twice.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { SnapshotCache } from './snapshots.js';
import { InMemoryEventStore } from './in-memory.js';
import { handleMultiStreamCommand, type StreamPart } from './multi-stream.js';

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
