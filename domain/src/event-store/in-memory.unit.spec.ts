// Proves the in-memory event store keeps the same contract as the real adapters.
import { describeEventStoreContract } from './contract.js';
import { InMemoryEventStore } from './in-memory.js';

const shared = new InMemoryEventStore();
describeEventStoreContract('in-memory', { create: async () => shared });
