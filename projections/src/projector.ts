import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { Database } from './database.js';

/**
 * A projector turns recorded events into rows of the tables it owns. It runs inside the
 * runner's transaction (`db` is that transaction), must never reject a recorded event, and
 * must be idempotent: applying an event twice leaves the same rows (upserts keyed by ids).
 *
 * Owned tables must not use serial/identity columns or foreign keys: `rebuild` builds fresh
 * copies with `CREATE TABLE … (LIKE … INCLUDING ALL)` and swaps them in.
 */
export interface Projector {
  readonly name: string;
  readonly tables: readonly string[];
  /** The event types it reads; others only advance its checkpoint. Omit for all. */
  readonly eventTypes?: readonly string[];
  apply(db: Transaction<Database> | Kysely<Database>, event: RecordedEvent): Promise<void>;
  /**
   * Optional: applies several events at once (only those it handles, in order), e.g. one
   * multi-row statement per table. Must leave the same rows as `apply` on each event in turn.
   * The runner and rebuild use it when present.
   */
  applyBatch?(db: Transaction<Database> | Kysely<Database>, events: readonly RecordedEvent[]): Promise<void>;
}

/** Applies `events` (already filtered to those the projector handles) through `applyBatch` when it has one. */
export async function applyEvents(projector: Projector, db: Transaction<Database> | Kysely<Database>, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (projector.applyBatch) return projector.applyBatch(db, events);
  for (const event of events) await projector.apply(db, event);
}

export function handles(projector: Projector, event: RecordedEvent): boolean {
  return !projector.eventTypes || projector.eventTypes.includes(event.type);
}
