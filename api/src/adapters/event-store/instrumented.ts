/**
 * Any event store, measured and traced: each append is timed (by outcome) and its conflicts
 * counted (runtime/metrics.ts), runs in an `append` span, and, with tracing on, carries that
 * span's W3C `traceparent` in each event's metadata, beside the correlation and causation ids,
 * so the reactors the events wake continue the same trace (runtime/tracing.ts). The metadata is
 * outside the hash chain (which covers type and data), so it changes nothing an audit checks.
 * Everything else passes straight through (ForwardingEventStore).
 */
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type MultiStreamAppendResult, type NewEvent, type StreamAppend } from '@wager/domain';
import { eventStoreAppendDuration, eventStoreConflicts } from '../../runtime/metrics.js';
import { SpanKind, TRACEPARENT_METADATA_KEY, currentTraceparent, inSpan } from '../../runtime/tracing.js';
import { ForwardingEventStore } from './forwarding.js';

export class InstrumentedEventStore extends ForwardingEventStore {
  override async append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return inSpan(`append ${streamCategory(streamId)}`, { 'wager.stream.id': streamId, 'wager.events': events.length, 'wager.event.types': events.map((e) => e.type).join(',') }, () => this.measuredAppend(streamId, events, options), { kind: SpanKind.CLIENT });
  }

  /** One atomic append over several streams: measured and traced as one append (one commit). */
  override async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    const streams = appends.map((a) => a.streamId);
    const events = appends.flatMap((a) => a.events);
    return inSpan(
      `append ${[...new Set(streams.map(streamCategory))].join('+')}`,
      { 'wager.stream.id': streams.join(','), 'wager.events': events.length, 'wager.event.types': events.map((e) => e.type).join(',') },
      () => this.measured((stamp) => this.inner.appendToStreams(appends.map((a) => ({ ...a, events: stamp(a.events) })))),
      { kind: SpanKind.CLIENT },
    );
  }

  private measuredAppend(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    return this.measured((stamp) => this.inner.append(streamId, stamp(events), options));
  }

  /** Times an append by outcome, counts its conflicts, and stamps the current trace on its events. */
  private async measured<T>(append: (stamp: (events: readonly NewEvent[]) => readonly NewEvent[]) => Promise<T>): Promise<T> {
    const traceparent = currentTraceparent();
    const stamp = (events: readonly NewEvent[]) => (traceparent ? events.map((e) => ({ ...e, metadata: { ...e.metadata, [TRACEPARENT_METADATA_KEY]: traceparent } })) : events);
    const started = performance.now();
    try {
      const result = await append(stamp);
      eventStoreAppendDuration.observe({ outcome: 'ok' }, (performance.now() - started) / 1000);
      return result;
    } catch (error) {
      const conflict = error instanceof WrongExpectedRevisionError;
      eventStoreAppendDuration.observe({ outcome: conflict ? 'conflict' : 'error' }, (performance.now() - started) / 1000);
      if (conflict) eventStoreConflicts.inc();
      throw error;
    }
  }
}

/** A stream's type, the part of its id before the first `-` (`wallet-…` → `wallet`): a bounded span name. */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}
