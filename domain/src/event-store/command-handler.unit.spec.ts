// Proves handleCommand decides every one of many concurrent commands on one stream on fresh state: none gives up on a conflict.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors.js';
import { handleCommand, type Decider } from './command-handler.js';
import { InMemoryEventStore } from './in-memory.js';
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
