import { WrongExpectedRevisionError, assert } from '../shared/errors.js';
import { GENESIS_HASH, chainHash } from './hash.js';
import { ChangeNotifier, pollingSubscription } from './subscription.js';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from './types.js';
import { READ_ALL_MAX_COUNT_DEFAULT, START, SUBSCRIPTION_BATCH_MAX, comparePositions } from './types.js';

/** The in-memory event store: for unit tests of deciders and projectors only. */
export class InMemoryEventStore implements EventStore {
  private readonly log: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly notifier = new ChangeNotifier();
  private readonly now: () => Date;

  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date(0));
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    assert(events.length > 0, 'append needs at least one event');
    const stream = this.streams.get(streamId) ?? [];
    const known = events.filter((e) => stream.some((r) => r.id === e.id));
    if (known.length === events.length) {
      const last = stream.find((r) => r.id === events[events.length - 1]!.id)!;
      return { nextExpectedRevision: stream.length - 1, position: last.position, repeated: true };
    }
    // Part of the batch is stored: a twin of this command got there first and the stream moved
    // on. The caller decides again on fresh state, as after any other wrong expected revision.
    if (known.length > 0) throw new WrongExpectedRevisionError(streamId, options.expectedRevision ?? 'any', stream.length - 1);
    assert(!events.some((e) => this.log.some((r) => r.id === e.id)), 'event id already stored in another stream');
    const expected = options.expectedRevision ?? 'any';
    const actual = stream.length - 1;
    if (expected === 'no_stream' && stream.length > 0) throw new WrongExpectedRevisionError(streamId, expected, actual);
    if (typeof expected === 'number' && expected !== actual) {
      throw new WrongExpectedRevisionError(streamId, expected, stream.length === 0 ? 'no_stream' : actual);
    }
    let previousHash = stream.length > 0 ? String(stream[stream.length - 1]!.metadata.hash ?? GENESIS_HASH) : GENESIS_HASH;
    const recordedAt = this.now();
    for (const event of events) {
      const hash = chainHash(previousHash, event.type, event.data);
      const index = this.log.length;
      const recorded: RecordedEvent = {
        id: event.id,
        type: event.type,
        data: structuredClone(event.data),
        metadata: { ...(event.metadata ?? {}), hash },
        streamId,
        streamRevision: stream.length,
        position: { commit: index, prepare: index },
        recordedAt,
      };
      stream.push(recorded);
      this.log.push(recorded);
      previousHash = hash;
    }
    this.streams.set(streamId, stream);
    this.notifier.notify();
    return { nextExpectedRevision: stream.length - 1, position: stream[stream.length - 1]!.position, repeated: false };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    const stream = this.streams.get(streamId) ?? [];
    return stream.slice(from, options.maxCount === undefined ? undefined : from + options.maxCount);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const maxCount = options.maxCount ?? READ_ALL_MAX_COUNT_DEFAULT;
    const start = this.log.findIndex((e) => comparePositions(e.position, after) > 0);
    return start < 0 ? [] : this.log.slice(start, start + maxCount);
  }

  subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent[]> {
    return pollingSubscription({
      readAll: (after: Position, maxCount: number) => this.readAll({ after, maxCount }),
      waitForChange: (signal) => this.notifier.wait(signal),
      after: options.after,
      maxBatch: options.maxBatch ?? SUBSCRIPTION_BATCH_MAX,
      signal: options.signal,
    });
  }

  async headPosition(): Promise<Position | null> {
    return this.log.length === 0 ? null : this.log[this.log.length - 1]!.position;
  }

  async countAfter(position: Position, cap: number): Promise<number> {
    return (await this.readAll({ after: position, maxCount: cap })).length;
  }

  async close(): Promise<void> {
    this.notifier.notify();
  }
}
