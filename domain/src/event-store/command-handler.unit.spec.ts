// Not a decider spec (so no deciderSpec): its subject is handleCommand itself (conflict retries, repeats, intent keys), driven with toy deciders through an event store.
// Proves handleCommand decides every one of many concurrent commands on one stream on fresh state (none gives up on a conflict), and that a repeat acts on what is stored while a different command sharing its ids is a conflict; and the rules both handlers (one stream, several) apply to a failed append: a wrong revision is decided again up to the policy's bound, a conflict once, anything else thrown.
import { describe, expect, it } from 'vitest';
import { IdempotencyConflictError, ValidationError, WrongExpectedRevisionError } from '../shared/errors.js';
import { afterFailedAppend, commandIntentKey, handleCommand, staleAsUndefined, type Decider } from './command-handler.js';
import { InMemoryEventStore } from './in-memory.js';
import { SnapshotCache } from './snapshots.js';
import type { AppendResult, ExpectedRevision, NewEvent } from './types.js';

type Event = { type: 'Taken'; data: { n: number } };
const seats: Decider<number, { type: 'Take' }, Event> = {
  initialState: () => 0,
  evolve: (taken) => taken + 1,
  decide: (_command, taken) => {
    if (taken >= 9) throw new ValidationError('Sold out');
    return [{ type: 'Taken', data: { n: taken + 1 } }];
  },
};

/** Interleaves appends: each append yields first, so every racer reads the same revision and conflicts. */
class InterleavingStore extends InMemoryEventStore {
  override async append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    await new Promise((r) => setTimeout(r, 0));
    return super.append(streamId, events, options);
  }
}

describe('handleCommand under contention', () => {
  it('decides all 30 racers for 9 seats: 9 taken, 21 refused as sold out, none lost to a conflict', async () => {
    const store = new InterleavingStore();
    let next = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        handleCommand(store, 'venue-1', seats, { type: 'Take' }, { eventIds: (events) => events.map(() => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`) }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    const reasons = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as Error).message);
    expect(new Set(reasons)).toEqual(new Set(['Sold out']));
    expect(await store.readStream('venue-1')).toHaveLength(9);
  });
});

type Pick = { type: 'Pick'; data: { winner: string; now: Date } };
type Picked = { type: 'Picked'; data: { winner: string; pickedAt: string } };
const picker: Decider<string | null, Pick, Picked> = {
  initialState: () => null,
  evolve: (_state, event) => event.data.winner,
  decide: (command) => [{ type: 'Picked', data: { winner: command.data.winner, pickedAt: command.data.now.toISOString() } }],
};
const pick = (winner: string, at: string): Pick => ({ type: 'Pick', data: { winner, now: new Date(at) } });

describe('handleCommand on a repeated append', () => {
  it('returns the stored events, not the ones decided again a moment later', async () => {
    const store = new InMemoryEventStore();
    const id = '00000000-0000-4000-8000-000000000001';
    await handleCommand(store, 'pick-1', picker, pick('alice', '2026-01-01T00:00:00Z'), { eventIds: () => [id] });
    // The same command, decided again at the same revision (a twin that raced), a second later.
    const again = await handleCommand(new StaleStore(store, 0), 'pick-1', picker, pick('alice', '2026-01-01T00:00:01Z'), { eventIds: () => [id] });
    expect(again.append?.repeated).toBe(true);
    expect(again.events).toEqual([{ type: 'Picked', data: { winner: 'alice', pickedAt: '2026-01-01T00:00:00.000Z' } }]);
    expect(await store.readStream('pick-1')).toHaveLength(1);
  });

  it('refuses a different command whose ids are already stored as a conflict, writing nothing', async () => {
    const store = new InMemoryEventStore();
    const id = '00000000-0000-4000-8000-000000000002';
    await handleCommand(store, 'pick-2', picker, pick('alice', '2026-01-01T00:00:00Z'), { eventIds: () => [id] });
    await expect(handleCommand(new StaleStore(store, 0), 'pick-2', picker, pick('bob', '2026-01-01T00:00:00Z'), { eventIds: () => [id] })).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect((await store.readStream('pick-2')).map((e) => (e.data as { winner: string }).winner)).toEqual(['alice']);
  });
});

type Mark = { type: 'Mark'; data: { status: string } };
type Marked = { type: 'Marked'; data: { status: string } };
/** Marks once: a step another writer already recorded is done (a transfer marked sent by its webhook first). */
const marker: Decider<string | null, Mark, Marked> = {
  initialState: () => null,
  evolve: (_state, event) => event.data.status,
  decide: (command, state) => (state === null ? [{ type: 'Marked', data: { status: command.data.status } }] : []),
};

describe('handleCommand when another writer recorded the same step first', () => {
  it('decides again on the stream as read once its ids turn out stored with other content, and finds the step done', async () => {
    const store = new InMemoryEventStore();
    const id = '00000000-0000-4000-8000-000000000003';
    await handleCommand(store, 'mark-1', marker, { type: 'Mark', data: { status: 'success' } }, { eventIds: () => [id] });
    // Decided on a read from before that record: same step id, other content.
    const again = await handleCommand(new StaleStore(store, 0), 'mark-1', marker, { type: 'Mark', data: { status: 'pending' } }, { eventIds: () => [id] });
    expect(again.events).toEqual([]);
    expect(again.append).toBeNull();
    expect((await store.readStream('mark-1')).map((e) => e.data)).toEqual([{ status: 'success' }]);
  });
});

describe('commandIntentKey', () => {
  it('names the content of a command, whatever the time it was sent', () => {
    expect(commandIntentKey('Pick', { winner: 'alice', now: new Date(1) })).toBe(commandIntentKey('Pick', { now: new Date(2), winner: 'alice' }));
    expect(commandIntentKey('Pick', { winner: 'alice' })).not.toBe(commandIntentKey('Pick', { winner: 'bob' }));
    expect(commandIntentKey('Pick', { winner: 'alice' })).not.toBe(commandIntentKey('Unpick', { winner: 'alice' }));
  });
});

/** Shows the stream as it was at `revisions` events: the view of a twin that read before the other appended. */
class StaleStore extends InMemoryEventStore {
  constructor(
    private readonly inner: InMemoryEventStore,
    private readonly revisions: number,
  ) {
    super();
  }
  private reads = 0;
  override async readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }) {
    const all = await this.inner.readStream(streamId, options);
    return this.reads++ === 0 ? all.slice(0, this.revisions) : all;
  }
  override async append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.append(streamId, events, options);
  }
}

/** Counts stream reads: what the snapshot cache saves. */
class CountingReads extends InMemoryEventStore {
  reads = 0;
  override readStream(...args: Parameters<InMemoryEventStore['readStream']>): ReturnType<InMemoryEventStore['readStream']> {
    this.reads++;
    return super.readStream(...args);
  }
}

describe('handleCommand with a snapshot cache', () => {
  let next = 0;
  const ids = (events: unknown[]) => events.map(() => `00000000-0000-4000-9000-${String(next++).padStart(12, '0')}`);

  it('decides a stream it appended to last without reading it, and ends where reading would', async () => {
    const store = new CountingReads();
    const snapshots = new SnapshotCache();
    await handleCommand(store, 'venue-c1', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    const readsAfterFirst = store.reads;
    for (let i = 0; i < 5; i++) await handleCommand(store, 'venue-c1', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    expect(store.reads).toBe(readsAfterFirst);
    expect((await store.readStream('venue-c1')).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(snapshots.get<number>(store, seats, 'venue-c1')).toMatchObject({ revision: 5, state: 6 });
  });

  it('given a writer elsewhere, the append on the cached state fails and the command is decided again on the stream as read', async () => {
    const store = new CountingReads();
    const snapshots = new SnapshotCache();
    await handleCommand(store, 'venue-c2', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    // Another process (no shared cache) takes two seats.
    await handleCommand(store, 'venue-c2', seats, { type: 'Take' }, { eventIds: ids });
    await handleCommand(store, 'venue-c2', seats, { type: 'Take' }, { eventIds: ids });
    const result = await handleCommand(store, 'venue-c2', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    expect(result.events).toEqual([{ type: 'Taken', data: { n: 4 } }]);
    expect((await store.readStream('venue-c2')).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
  });

  it('never refuses on a cached state: a refusal is decided again on the stream as read', async () => {
    type Moved = { type: 'Deposited' | 'Withdrawn'; data: { amount: number } };
    const wallet: Decider<number, { type: 'Deposit' | 'Withdraw'; amount: number }, Moved> = {
      initialState: () => 0,
      evolve: (balance, e) => (e.type === 'Deposited' ? balance + e.data.amount : balance - e.data.amount),
      decide: (c, balance) => {
        if (c.type === 'Withdraw' && c.amount > balance) throw new ValidationError('Insufficient balance');
        return [{ type: c.type === 'Deposit' ? 'Deposited' : 'Withdrawn', data: { amount: c.amount } }];
      },
    };
    const store = new InMemoryEventStore();
    const snapshots = new SnapshotCache();
    await handleCommand(store, 'wallet-c3', wallet, { type: 'Deposit', amount: 10 }, { eventIds: ids, snapshots });
    await handleCommand(store, 'wallet-c3', wallet, { type: 'Withdraw', amount: 10 }, { eventIds: ids, snapshots });
    // A deposit through another process: this cache still says 0.
    await handleCommand(store, 'wallet-c3', wallet, { type: 'Deposit', amount: 50 }, { eventIds: ids });
    expect(snapshots.get<number>(store, wallet, 'wallet-c3')?.state).toBe(0);
    const result = await handleCommand(store, 'wallet-c3', wallet, { type: 'Withdraw', amount: 30 }, { eventIds: ids, snapshots });
    expect(result.events).toEqual([{ type: 'Withdrawn', data: { amount: 30 } }]);
    expect(result.state).toBe(20);
    // And a real refusal is still one, decided on the stream as read.
    await expect(handleCommand(store, 'wallet-c3', wallet, { type: 'Withdraw', amount: 21 }, { eventIds: ids, snapshots })).rejects.toThrow('Insufficient balance');
  });
});

describe('handleCommand with a snapshot cache, when another writer recorded the same step first', () => {
  it('decides again on the stream as read instead of calling the stored step a conflict', async () => {
    type Sent = { type: 'Sent'; data: { status: string } };
    // One "sent" per transfer (its id names the step, not the content), recorded by whoever sees it first.
    const transfer: Decider<string | null, { type: 'MarkSent'; status: string }, Sent> = {
      initialState: () => null,
      evolve: (_s, e) => e.data.status,
      decide: (c, sent) => (sent === null ? [{ type: 'Sent', data: { status: c.status } }] : []),
    };
    const store = new InMemoryEventStore();
    const snapshots = new SnapshotCache();
    const stepId = () => ['00000000-0000-4000-a000-000000000001'];
    const opened = '00000000-0000-4000-a000-000000000000';
    await handleCommand(store, 'transfer-1', { ...transfer, decide: (): Sent[] => [{ type: 'Sent', data: { status: 'opened' } }] }, { type: 'MarkSent', status: 'x' }, { eventIds: () => [opened], snapshots });
    // Another process marks it sent ("success"); this cache still says "opened"… then this process marks it sent ("pending").
    const elsewhere = new SnapshotCache();
    await handleCommand(store, 'transfer-1', { ...transfer, decide: (): Sent[] => [{ type: 'Sent', data: { status: 'success' } }] }, { type: 'MarkSent', status: 'success' }, { eventIds: stepId, snapshots: elsewhere });
    const pendingDecider: typeof transfer = { ...transfer, decide: (c, sent) => (sent === 'opened' ? [{ type: 'Sent', data: { status: c.status } }] : []) };
    snapshots.set(store, pendingDecider, 'transfer-1', { revision: 0, state: 'opened', position: null });
    const result = await handleCommand(store, 'transfer-1', pendingDecider, { type: 'MarkSent', status: 'pending' }, { eventIds: stepId, snapshots });
    // Decided again on the stream as read: already sent, nothing to do, nothing written.
    expect(result.events).toEqual([]);
    expect(result.state).toBe('success');
    expect((await store.readStream('transfer-1')).map((e) => (e.data as { status: string }).status)).toEqual(['opened', 'success']);
  });
});

describe('a failed append', () => {
  const stale = () => new WrongExpectedRevisionError('seat-1', 3, 4);
  const conflict = () => new IdempotencyConflictError('seat-1');

  it('on the stream as read: a wrong revision is decided again after the pause until the bound, then thrown', async () => {
    const pauses: number[] = [];
    const failed = afterFailedAppend({ attemptsMax: 3, pause: async (n) => void pauses.push(n) });
    await failed(stale(), 1);
    await failed(stale(), 2);
    await expect(failed(stale(), 3)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(pauses).toEqual([1, 2]);
  });

  it('on the stream as read: a conflict is decided again once, a second one is thrown, and any other error at once', async () => {
    const failed = afterFailedAppend({ attemptsMax: 10, pause: async () => undefined });
    await failed(conflict(), 1);
    await expect(failed(conflict(), 2)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(afterFailedAppend({ attemptsMax: 10, pause: async () => undefined })(new ValidationError('no'), 1)).rejects.toBeInstanceOf(ValidationError);
  });

  it('on a cached state: a wrong revision or a conflict means decide again on the stream as read; anything else is thrown', () => {
    expect(staleAsUndefined(stale())).toBeUndefined();
    expect(staleAsUndefined(conflict())).toBeUndefined();
    expect(() => staleAsUndefined(new ValidationError('no'))).toThrow(ValidationError);
  });
});
