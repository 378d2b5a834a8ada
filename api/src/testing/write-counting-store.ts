/**
 * Test support: an event store that counts the appends that wrote something (an idempotent
 * repeat writes nothing and is not counted), to prove how many transactions a step takes.
 */
import type { AppendResult, EventStore, ExpectedRevision, MultiStreamAppendResult, NewEvent, StreamAppend } from '@wager/domain';
import { ForwardingEventStore } from '../adapters/event-store/forwarding.js';

export class WriteCountingEventStore extends ForwardingEventStore {
  /** Appends that wrote, one per transaction: each `append` or `appendToStreams` call is one. */
  writes = 0;
  /** The events those appends wrote. */
  events = 0;

  constructor(inner: EventStore) {
    super(inner);
  }

  override async append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const result = await super.append(streamId, events, options);
    this.count(result.repeated, events.length);
    return result;
  }

  override async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    const result = await super.appendToStreams(appends);
    this.count(result.repeated, appends.reduce((n, a) => n + a.events.length, 0));
    return result;
  }

  private count(repeated: boolean, events: number): void {
    if (repeated) return;
    this.writes++;
    this.events += events;
  }
}
