/**
 * The one "given events, expect rows" of projector specs (docs/conventions.md, "Tests"): a fresh
 * migrated database per spec file, events applied as the at-least-once runner applies them (each
 * in one transaction for every projector that reads it, delivered twice by default), and the rows
 * they leave compared with what the spec expects.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { InMemoryEventStore, type RecordedEvent } from '@wager/domain';
import { createDatabase, type Database } from '../database.js';
import { migrateToLatest } from '../migrations/index.js';
import { applyEvents, handles, type Projector } from '../projector.js';
import { freshDatabaseUrl } from './database.js';

export interface GivenOptions {
  /** How many times each event is delivered (an at-least-once runner may redeliver): 2 by default. */
  readonly times?: number;
  /** Apply the whole list as one batch per projector (`applyBatch` when it has one), as the runner and rebuild do. */
  readonly asBatch?: boolean;
  /** Only these projectors (a spec's test about one read model among several): all of the spec's by default. */
  readonly projectors?: readonly Projector[];
}

export interface ProjectorSpec {
  /** The spec's database, migrated (available inside tests). */
  readonly db: Kysely<Database>;
  /** An in-memory event store for specs that make their events with deciders. */
  readonly store: InMemoryEventStore;
  /** Applies `events` to the projectors. */
  given(events: readonly RecordedEvent[], options?: GivenOptions): Promise<void>;
  /** Applies what was appended to `store` since the last call. Returns those events. */
  givenAppended(options?: GivenOptions): Promise<RecordedEvent[]>;
  /** The rows of `table` whose columns equal `where`. */
  rows(table: string, where?: Record<string, unknown>): Promise<Record<string, unknown>[]>;
  /** Expects exactly as many rows as `expected` in `table` under `where`, each matching one of them (in any order). */
  expectRows(table: string, where: Record<string, unknown>, expected: readonly Record<string, unknown>[]): Promise<void>;
}

/**
 * Sets up a projector spec: call at the top of a spec file, once per database the spec needs (two
 * to compare `applyBatch` with `apply`). `now` is the store's clock (the events' `recordedAt`).
 */
export function projectorSpec(label: string, all: readonly Projector[], options: { now?: () => Date } = {}): ProjectorSpec {
  let db: Kysely<Database> | undefined;
  const store = new InMemoryEventStore({ now: options.now ?? (() => new Date()) });
  let seen = 0;

  beforeAll(async () => {
    db = createDatabase(await freshDatabaseUrl(label));
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const database = (): Kysely<Database> => {
    if (!db) throw new Error('projectorSpec: the database is ready only inside tests (after beforeAll)');
    return db;
  };

  const spec: ProjectorSpec = {
    get db() {
      return database();
    },
    store,
    async given(events, { times = 2, asBatch = false, projectors: only } = {}) {
      const d = database();
      const projectors = only ?? all;
      for (let delivery = 0; delivery < times; delivery++) {
        if (asBatch) {
          for (const projector of projectors) {
            await d.transaction().execute((trx) => applyEvents(projector, trx, events.filter((e) => handles(projector, e))));
          }
          continue;
        }
        for (const event of events) {
          await d.transaction().execute(async (trx) => {
            for (const projector of projectors) if (handles(projector, event)) await projector.apply(trx, event);
          });
        }
      }
    },
    async givenAppended(givenOptions) {
      const all = await store.readAll();
      const fresh = all.slice(seen);
      seen = all.length;
      await spec.given(fresh, givenOptions);
      return fresh;
    },
    async rows(table, where = {}) {
      let query = database().selectFrom(table as never).selectAll();
      for (const [column, value] of Object.entries(where)) query = query.where(sql.ref(column), value === null ? 'is' : '=', value as never);
      return (await query.execute()) as Record<string, unknown>[];
    },
    async expectRows(table, where, expected) {
      const rows = await spec.rows(table, where);
      expect(rows).toHaveLength(expected.length);
      expect(rows).toEqual(expect.arrayContaining(expected.map((row) => expect.objectContaining(row))));
    },
  };
  return spec;
}

let position = 0;

/** A recorded event for specs that write events by hand: a fresh id and the next position of this file's run. */
export function recordedEvent(type: string, data: unknown, options: { streamId?: string; streamRevision?: number; recordedAt?: Date; metadata?: Record<string, unknown> } = {}): RecordedEvent {
  position++;
  return {
    id: randomUUID(),
    streamId: options.streamId ?? `spec-${position}`,
    streamRevision: options.streamRevision ?? 0,
    type,
    data,
    metadata: (options.metadata ?? {}) as RecordedEvent['metadata'],
    position: { commit: position, prepare: position },
    recordedAt: options.recordedAt ?? new Date(),
  } as RecordedEvent;
}
