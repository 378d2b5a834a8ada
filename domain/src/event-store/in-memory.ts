import { WrongExpectedRevisionError, assert } from '../shared/errors.js';
import { GENESIS_HASH, chainHash } from './hash.js';
import { ChangeNotifier, pollingSubscription } from './subscription.js';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  MultiStreamAppendResult,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
} from './types.js';
import { READ_ALL_MAX_COUNT_DEFAULT, START, SUBSCRIPTION_BATCH_MAX, comparePositions, latestPosition } from './types.js';

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
    const plan = this.plan({ streamId, events, expectedRevision: options.expectedRevision });
    return plan.repeated ? plan.repeated : this.write(plan.streamId, plan.events);
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    assert(appends.length > 0, 'appendToStreams needs at least one stream');
    assert(new Set(appends.map((a) => a.streamId)).size === appends.length, 'appendToStreams: a stream may appear once per call');
    // Every check first, then every write: nothing is stored unless all of it is (one turn of the event loop).
    const plans = appends.map((a) => this.plan(a));
    const repeats = plans.filter((p) => p.repeated);
    if (repeats.length === plans.length) {
      const streams = plans.map((p) => p.repeated!);
      return { streams, position: latestPosition(...streams.map((r) => r.position))!, repeated: true };
    }
    if (repeats.length > 0) {
      const first = repeats[0]!;
      throw new WrongExpectedRevisionError(first.streamId, first.expected, first.repeated!.nextExpectedRevision);
    }
    const streams = plans.map((p) => this.write(p.streamId, p.events, false));
    this.notifier.notify();
    return { streams, position: streams[streams.length - 1]!.position, repeated: false };
  }

  /** The checks of an append: its idempotent repeat, or a refusal, or the go-ahead. */
  private plan(a: StreamAppend): { streamId: string; events: readonly NewEvent[]; expected: ExpectedRevision; repeated?: AppendResult } {
    const { streamId, events } = a;
    const expected = a.expectedRevision ?? 'any';
    assert(events.length > 0, 'append needs at least one event');
    const stream = this.streams.get(streamId) ?? [];
    const known = events.filter((e) => stream.some((r) => r.id === e.id));
    if (known.length === events.length) {
      const last = stream.find((r) => r.id === events[events.length - 1]!.id)!;
      return { streamId, events, expected, repeated: { nextExpectedRevision: stream.length - 1, position: last.position, repeated: true } };
    }
    // Part of the batch is stored: a twin of this command got there first and the stream moved
    // on. The caller decides again on fresh state, as after any other wrong expected revision.
    if (known.length > 0) throw new WrongExpectedRevisionError(streamId, expected, stream.length - 1);
    assert(!events.some((e) => this.log.some((r) => r.id === e.id)), 'event id already stored in another stream');
    const actual = stream.length - 1;
    if (expected === 'no_stream' && stream.length > 0) throw new WrongExpectedRevisionError(streamId, expected, actual);
    if (typeof expected === 'number' && expected !== actual) {
      throw new WrongExpectedRevisionError(streamId, expected, stream.length === 0 ? 'no_stream' : actual);
    }
    return { streamId, events, expected };
  }

  private write(streamId: string, events: readonly NewEvent[], notify = true): AppendResult {
    const stream = this.streams.get(streamId) ?? [];
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
    if (notify) this.notifier.notify();
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
    if (start < 0) return [];
    if (!options.eventTypes) return this.log.slice(start, start + maxCount);
    const types = new Set(options.eventTypes);
    const out: RecordedEvent[] = [];
    for (let i = start; i < this.log.length && out.length < maxCount; i++) if (types.has(this.log[i]!.type)) out.push(this.log[i]!);
    return out;
  }

  subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent[]> {
    return pollingSubscription({
      readAll: (after: Position, maxCount: number) => this.readAll({ after, maxCount }),
      // With the version, an append that lands while a read or the consumer is busy wakes the next wait.
      version: () => this.notifier.version,
      waitForChange: (signal, since) => this.notifier.wait(signal, undefined, since),
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
