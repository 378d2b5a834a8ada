// Proves the EventStoreDB adapter keeps the event store contract against a real server (EVENTSTORE_URL); skipped, and says so, without one.
import { describe, it } from 'vitest';
import { describeEventStoreContract } from '@wager/domain/event-store/contract';
import { EsdbEventStore } from './esdb.js';

const url = process.env.EVENTSTORE_URL;
if (url) {
  describeEventStoreContract('eventstoredb', { create: () => EsdbEventStore.connect(url) });
} else {
  describe('event store contract: eventstoredb', () => {
    it.skip('skipped: EVENTSTORE_URL is not set (no EventStoreDB server on this machine)', () => undefined);
  });
}
