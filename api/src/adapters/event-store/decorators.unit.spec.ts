// Proves the event store decorators keep the port's contract: the instrumented store, and the stack the app runs (personal data over instrumented), each over an in-memory store, pass the same contract suite as every adapter; what the suite does not reach (countAfter, the inner pool's occupancy) is forwarded by the shared base (ForwardingEventStore).
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, START } from '@wager/domain';
import { describeEventStoreContract } from '@wager/domain/event-store/contract';
import { LocalMasterKey } from '../kms/key-wrapping.js';
import { InMemoryDataKeyStore, PersonalDataCipher } from '../personal-data/cipher.js';
import { PersonalDataEventStore } from '../personal-data/store.js';
import { InstrumentedEventStore } from './instrumented.js';

const clock = { now: () => new Date('2026-11-27T12:00:00.000Z') };
const appStack = (inner: InMemoryEventStore) => new PersonalDataEventStore(new InstrumentedEventStore(inner), new PersonalDataCipher(new InMemoryDataKeyStore(), new LocalMasterKey(randomBytes(32)), clock));

describeEventStoreContract('instrumented (in-memory inside)', { create: async () => new InstrumentedEventStore(new InMemoryEventStore()) });
describeEventStoreContract('personal data over instrumented (in-memory inside)', { create: async () => appStack(new InMemoryEventStore()) });

describe('event store decorators: what the contract suite does not reach', () => {
  it('count the events after a position as the inner store does', async () => {
    const inner = new InMemoryEventStore();
    const store = appStack(inner);
    await store.append(`thing-${randomUUID()}`, [1, 2, 3].map((n) => ({ id: randomUUID(), type: 'ThingHappened', data: { n } })));
    expect(await store.countAfter(START, 10)).toBe(3);
    expect(await store.countAfter(START, 2)).toBe(await inner.countAfter(START, 2));
  });

  it("report the inner store's pool occupancy through every layer, and none when the inner store has no pool", () => {
    const stats = { total: 4, idle: 1, waiting: 2 };
    const pooled = Object.assign(new InMemoryEventStore(), { poolStats: () => stats });
    expect(appStack(pooled).poolStats()).toEqual(stats);
    expect(new InstrumentedEventStore(pooled).poolStats()).toEqual(stats);
    expect(appStack(new InMemoryEventStore()).poolStats()).toBeUndefined();
  });
});
