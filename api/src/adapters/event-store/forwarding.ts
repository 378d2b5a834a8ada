/**
 * The base of every event store decorator (InstrumentedEventStore, PersonalDataEventStore): each
 * method of the `EventStore` port passed straight to `inner`, so a decorator overrides only what
 * it changes. A method added to the port is forwarded here, once: this class implements the
 * port, so the typecheck fails until it does. The decorated stacks run the port's contract suite
 * (decorators.unit.spec.ts).
 */
import type { AppendResult, EventStore, ExpectedRevision, MultiStreamAppendResult, NewEvent, Position, ReadAllOptions, ReadStreamOptions, RecordedEvent, StreamAppend, SubscribeOptions } from '@wager/domain';

/** A pool's occupancy, as the PostgreSQL store reports it (runtime/metrics.ts `collectPools`). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export abstract class ForwardingEventStore implements EventStore {
  constructor(readonly inner: EventStore) {}

  append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.append(streamId, events, options);
  }
  appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    return this.inner.appendToStreams(appends);
  }
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent[]> {
    return this.inner.subscribeToAll(options);
  }
  headPosition(): Promise<Position | null> {
    return this.inner.headPosition();
  }
  countAfter(position: Position, cap: number): Promise<number> {
    return this.inner.countAfter(position, cap);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  /** The inner store's pool occupancy, when it has a pool (metrics); undefined otherwise. */
  poolStats(): PoolStats | undefined {
    const inner = this.inner as Partial<{ poolStats(): PoolStats | undefined }>;
    return typeof inner.poolStats === 'function' ? inner.poolStats() : undefined;
  }
}
