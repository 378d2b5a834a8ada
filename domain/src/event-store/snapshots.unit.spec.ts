// Not a decider spec (so no deciderSpec): its subject is the snapshot cache of handleCommand (what it reads, when it is stale), driven with a toy decider through an event store.
// Proves the snapshot cache: a command with it decides as one without (also under 30 racers), reads only the events after the cached revision, picks up what another writer appended meanwhile, never mixes stores or deciders, and forgets everything when cleared.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors.js';
import { handleCommand, type Decider } from './command-handler.js';
import { InMemoryEventStore } from './in-memory.js';
import { SnapshotCache, readStreamState } from './snapshots.js';
import type { AppendResult, ExpectedRevision, NewEvent, ReadStreamOptions, RecordedEvent } from './types.js';

type Event = { type: 'Taken'; data: { n: number } };
const seats: Decider<number[], { type: 'Take' }, Event> = {
  initialState: () => [],
  evolve: (taken, e) => [...taken, e.data.n],
  decide: (_command, taken) => {
    if (taken.length >= 9) throw new ValidationError('Sold out');
    return [{ type: 'Taken', data: { n: taken.length + 1 } }];
  },
};

/** Counts the events each readStream returns, and interleaves appends so that racers conflict. */
class CountingStore extends InMemoryEventStore {
  eventsRead = 0;
  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await super.readStream(streamId, options);
    this.eventsRead += events.length;
    return events;
  }
  override async append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    await new Promise((r) => setTimeout(r, 0));
    return super.append(streamId, events, options);
  }
}

let next = 0;
const ids = (events: Event[]) => events.map(() => `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`);

describe('SnapshotCache', () => {
  it('decides 30 racers for 9 seats exactly as without a cache, folding each event once per reader', async () => {
    const store = new CountingStore();
    const snapshots = new SnapshotCache();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => handleCommand(store, 'venue-1', seats, { type: 'Take' }, { eventIds: ids, snapshots })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    expect((await readStreamState(store, 'venue-1', seats)).state).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await readStreamState(store, 'venue-1', seats, snapshots)).state).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reads only what was appended after the cached revision, including another writer’s events', async () => {
    const store = new CountingStore();
    const snapshots = new SnapshotCache();
    for (let i = 0; i < 5; i++) await handleCommand(store, 'venue-2', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    // Another process (no shared cache) takes a seat: this cache has not seen it.
    await handleCommand(store, 'venue-2', seats, { type: 'Take' }, { eventIds: ids });
    store.eventsRead = 0;
    const result = await handleCommand(store, 'venue-2', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    expect(result.events).toEqual([{ type: 'Taken', data: { n: 7 } }]);
    // Only the sixth (the other writer's, found when the append on the cached state failed): its own five appends are in the cache.
    expect(store.eventsRead).toBe(1);
    expect(result.append?.nextExpectedRevision).toBe(6);
  });

  it('keeps stores and deciders apart', async () => {
    const snapshots = new SnapshotCache();
    const a = new CountingStore();
    const b = new CountingStore();
    await handleCommand(a, 'venue-3', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    await handleCommand(a, 'venue-3', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    expect((await readStreamState(b, 'venue-3', seats, snapshots)).state).toEqual([]);
    const counting: Pick<Decider<number, never, Event>, 'initialState' | 'evolve'> = { initialState: () => 0, evolve: (n) => n + 1 };
    expect((await readStreamState(a, 'venue-3', counting, snapshots)).state).toBe(2);
  });

  it('forgets everything on clear: the next read folds the whole stream again', async () => {
    const snapshots = new SnapshotCache();
    const store = new CountingStore();
    for (let i = 0; i < 3; i++) await handleCommand(store, 'venue-4', seats, { type: 'Take' }, { eventIds: ids, snapshots });
    store.eventsRead = 0;
    expect((await readStreamState(store, 'venue-4', seats, snapshots)).state).toEqual([1, 2, 3]);
    expect(store.eventsRead).toBe(0);
    snapshots.clear();
    expect(snapshots.get(store, seats, 'venue-4')).toBeUndefined();
    expect((await readStreamState(store, 'venue-4', seats, snapshots)).state).toEqual([1, 2, 3]);
    expect(store.eventsRead).toBe(3);
  });
});
