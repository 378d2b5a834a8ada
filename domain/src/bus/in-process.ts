import type { RecordedEvent } from '../event-store/types.js';
import type { Bus, BusMessage } from './types.js';
import { assertSignalSubject, subjectFor, subjectMatches, toWireEvent } from './types.js';

/** The embedded default fan-out: one process, synchronous delivery to local subscribers. */
export class InProcessBus implements Bus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Set<{ pattern: string; handler: (m: BusMessage) => void }>();
  private readonly signalHandlers = new Set<{ subject: string; handler: (data: Readonly<Record<string, unknown>>) => void }>();

  async publish(events: readonly RecordedEvent[]): Promise<void> {
    for (const e of events) {
      const message: BusMessage = { subject: subjectFor(e.streamId), event: toWireEvent(e) };
      for (const s of this.subscribers) {
        if (!subjectMatches(s.pattern, message.subject)) continue;
        try {
          s.handler(message);
        } catch {
          // A subscriber's failure must not stop delivery to the others.
        }
      }
    }
  }

  subscribe(pattern: string, handler: (message: BusMessage) => void): () => void {
    const entry = { pattern, handler };
    this.subscribers.add(entry);
    return () => this.subscribers.delete(entry);
  }

  async signal(subject: string, data: Readonly<Record<string, unknown>>): Promise<void> {
    assertSignalSubject(subject);
    // A copy through JSON, as a signal crossing processes would arrive.
    const copy = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    for (const s of this.signalHandlers) {
      if (s.subject !== subject) continue;
      try {
        s.handler(copy);
      } catch {
        // A receiver's failure must not stop delivery to the others.
      }
    }
  }

  onSignal(subject: string, handler: (data: Readonly<Record<string, unknown>>) => void): () => void {
    assertSignalSubject(subject);
    const entry = { subject, handler };
    this.signalHandlers.add(entry);
    return () => this.signalHandlers.delete(entry);
  }

  status(): { connected: boolean; kind: string } {
    return { connected: true, kind: this.kind };
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    this.signalHandlers.clear();
  }
}
