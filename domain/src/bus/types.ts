import type { RecordedEvent } from '../event-store/types.js';
import { parseStreamId } from '../event-store/types.js';

/**
 * The fan-out bus: projections publish each committed batch, the /ws gateway subscribes.
 * Subjects are `events.<streamType>.<streamId>`; patterns use NATS wildcards
 * (`*` one token, `>` the rest).
 */
export interface BusMessage {
  readonly subject: string;
  readonly event: WireEvent;
}

/** A recorded event as it travels on the bus (JSON-safe). */
export interface WireEvent {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly streamId: string;
  readonly streamRevision: number;
  readonly position: { commit: number; prepare: number };
  readonly recordedAt: string;
}

export interface Bus {
  readonly kind: 'nats' | 'in-process';
  publish(events: readonly RecordedEvent[]): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(pattern: string, handler: (message: BusMessage) => void): () => void;
  /**
   * A signal between processes that is not an event of the log (a session ended: sessions are
   * not events). `subject` is outside `events.>`, so the event subscribers never see it; the data
   * is a small JSON object. At most once, like the events: a receiver must not depend on it alone
   * (the session cache also expires its entries).
   */
  signal(subject: string, data: Readonly<Record<string, unknown>>): Promise<void>;
  /** Hears the signals on one exact subject. Returns an unsubscribe function. */
  onSignal(subject: string, handler: (data: Readonly<Record<string, unknown>>) => void): () => void;
  status(): { connected: boolean; kind: string };
  close(): Promise<void>;
}

export function subjectFor(streamId: string): string {
  const { type, id } = parseStreamId(streamId);
  return `events.${sanitizeToken(type)}.${sanitizeToken(id || '_')}`;
}

function sanitizeToken(token: string): string {
  return token.replace(/[.*>\s]/g, '_');
}

export function toWireEvent(e: RecordedEvent): WireEvent {
  return {
    id: e.id,
    type: e.type,
    data: e.data,
    streamId: e.streamId,
    streamRevision: e.streamRevision,
    position: e.position,
    recordedAt: e.recordedAt.toISOString(),
  };
}

/** NATS subject matching: `*` matches one token, `>` one or more trailing tokens. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Signal subjects live beside the events, never under `events.>`. */
export function assertSignalSubject(subject: string): void {
  if (!/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/.test(subject) || subject.startsWith('events.')) throw new Error(`bus: not a signal subject: ${subject}`);
}
