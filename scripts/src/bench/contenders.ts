/**
 * The three ways the event store benchmark writes the same rows: our PostgreSQL event store,
 * a bare INSERT into a table with no constraints or indexes (the ceiling: what one round trip
 * per append costs on this server) and Emmett's PostgreSQL event store (a peer). Each opens its
 * own pool of `poolSize` connections, so the three are measured with the same resources.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import type { NewEvent } from '@wager/domain';
import { PostgresEventStore } from '../../../api/src/adapters/event-store/postgres.js';

export interface Appender {
  /** Appends `events` to the new stream `streamId`. */
  append(streamId: string, events: readonly NewEvent[]): Promise<void>;
  close(): Promise<void>;
}

export interface Contender {
  readonly name: string;
  open(url: string, poolSize: number): Promise<Appender>;
}

/** An event shaped like the product's money events: ids, a decimal string amount, a time. */
export function benchEvents(count: number): NewEvent[] {
  const betId = randomUUID();
  const userId = randomUUID();
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    type: 'StakeLocked',
    data: { betId, userId, stakeNgn: `${1000 + i}.00`, feeNgn: '20.00', currency: 'NGN', lockedAt: new Date(Date.UTC(2026, 10, 21, 12, 0, i)).toISOString() },
    metadata: { actor: userId, correlationId: betId },
  }));
}

export const ours: Contender = {
  name: 'ours',
  open: async (url, poolSize) => {
    const store = await PostgresEventStore.connect(url, { poolSize });
    return {
      append: async (streamId, events) => {
        await store.append(streamId, events, { expectedRevision: 'no_stream' });
      },
      close: () => store.close(),
    };
  },
};

export const CEILING_TABLE = 'bench_ceiling';

export const ceiling: Contender = {
  name: 'ceiling',
  open: async (url, poolSize) => {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    await pool.query(`create table if not exists ${CEILING_TABLE} (
      event_id uuid not null, stream_id text not null, stream_revision bigint not null, type text not null,
      data jsonb not null, metadata jsonb not null, recorded_at timestamptz not null default now())`);
    return {
      append: async (streamId, events) => {
        const values: unknown[] = [];
        const rows = events.map((e, i) => {
          values.push(e.id, streamId, i, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata ?? {}));
          const p = i * 6;
          return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6})`;
        });
        await pool.query(`insert into ${CEILING_TABLE} (event_id, stream_id, stream_revision, type, data, metadata) values ${rows.join(', ')}`, values);
      },
      close: () => pool.end(),
    };
  },
};

export const emmett: Contender = {
  name: 'emmett',
  open: async (url, poolSize) => {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
    await store.schema.migrate();
    return {
      append: async (streamId, events) => {
        await store.appendToStream(
          streamId,
          events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: e.metadata ?? {} })),
          { expectedStreamVersion: STREAM_DOES_NOT_EXIST },
        );
      },
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  },
};
