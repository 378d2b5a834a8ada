import pg from 'pg';
import {
  ChangeNotifier,
  READ_ALL_MAX_COUNT_DEFAULT,
  START,
  SUBSCRIPTION_BATCH_MAX,
  WrongExpectedRevisionError,
  assert,
  canonicalJson,
  latestPosition,
  pollingSubscription,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type MultiStreamAppendResult,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
} from '@wager/domain';
import { eventStoreSchemaSql } from './postgres.schema.js';

const NOTIFY_CHANNEL = 'es_events_appended';
/** How often a live subscription looks again when no notification came (the fallback). */
export const POLL_INTERVAL_MS_DEFAULT = 1000;
export const POOL_SIZE_DEFAULT = 20;
/** NOTIFYs to other processes are sent at most this often: the cost of a wake-up is bounded under load. */
export const NOTIFY_INTERVAL_MS_MIN = 5;

interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

const COLUMNS = 'global_position, transaction_id, event_id, stream_id, stream_revision, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamRevision: Number(row.stream_revision),
    position: { commit: Number(row.transaction_id), prepare: Number(row.global_position) },
    recordedAt: row.recorded_at,
  };
}

function expectedCode(expected: ExpectedRevision): number {
  if (expected === 'any') return -2;
  if (expected === 'no_stream') return -1;
  assert(Number.isInteger(expected) && expected >= 0, 'expected revision must be a whole number');
  return expected;
}

export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly notifier = new ChangeNotifier();
  private readonly readsInFlight = new Map<string, Promise<RecordedEvent[]>>();
  private listener: pg.Client | undefined;
  private notifyInFlight = false;
  private notifyWanted = false;
  private notifyTimer: NodeJS.Timeout | undefined;
  private lastNotifyAt = 0;
  private closed = false;

  private constructor(
    private readonly connectionString: string,
    private readonly pollIntervalMs: number,
    poolSize: number,
  ) {
    this.pool = new pg.Pool({ connectionString, max: poolSize });
    this.pool.on('error', () => undefined);
    // The pool listens on idle clients only: a checked-out one the server ends (57P01 when
    // PostgreSQL shuts down) would otherwise emit 'error' unheard and crash the process.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /** The connection pool's occupancy (metrics). */
  poolStats(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  /** Connects, creates the schema if needed, and starts listening for appends by other processes. */
  static async connect(connectionString: string, options: { pollIntervalMs?: number; poolSize?: number } = {}): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(connectionString, options.pollIntervalMs ?? POLL_INTERVAL_MS_DEFAULT, options.poolSize ?? POOL_SIZE_DEFAULT);
    await store.ensureSchema();
    await store.listen();
    return store;
  }

  private async ensureSchema(): Promise<void> {
    const client = await this.pool.connect();
    try {
      // Serialize schema creation across processes starting at once.
      await client.query('select pg_advisory_lock(7243001)');
      await client.query(eventStoreSchemaSql);
    } finally {
      await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
      client.release();
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    // Our own NOTIFYs come back on this connection: appends in this process woke its readers already.
    client.on('notification', (n) => {
      if (n.processId !== (client as unknown as { processID?: number }).processID) this.notifier.notify();
    });
    // A lost listener only slows live subscriptions down to the polling fallback.
    client.on('error', () => {
      this.listener = undefined;
    });
    await client.connect();
    // This connection also sends the NOTIFYs (see scheduleNotify). A NOTIFY gets a transaction
    // id, so its commit would wait for a WAL flush: a lost NOTIFY costs nothing (readers poll),
    // so this connection, which never writes events, commits without waiting.
    await client.query('set synchronous_commit = off');
    await client.query(`listen ${NOTIFY_CHANNEL}`);
    this.listener = client;
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    assert(events.length > 0, 'append needs at least one event');
    const payload = events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {}, canonical: canonicalJson(e.data) }));
    const expected = options.expectedRevision ?? 'any';
    try {
      // Named, so each pooled connection parses and plans the call once.
      const { rows } = await this.pool.query<{ out_revision: string; out_transaction: string; out_position: string; out_repeated: boolean }>({
        name: 'es_append_v2',
        text: 'select * from es_append_v2($1, $2, $3::jsonb)',
        values: [streamId, expectedCode(expected), JSON.stringify(payload)],
      });
      const row = rows[0]!;
      if (!row.out_repeated) this.scheduleNotify();
      return { nextExpectedRevision: Number(row.out_revision), position: { commit: Number(row.out_transaction), prepare: Number(row.out_position) }, repeated: row.out_repeated };
    } catch (error) {
      const e = error as { code?: string; detail?: string; constraint?: string };
      if (e.code === 'P0001') {
        const actual = Number(e.detail);
        throw new WrongExpectedRevisionError(streamId, expected, actual < 0 ? 'no_stream' : actual);
      }
      // Two first appends to one stream can race on its es_streams row; the loser sees a
      // unique violation on (stream_id, stream_revision): that is a wrong expected revision.
      if (e.code === '23505' && e.constraint === 'es_events_stream_id_stream_revision_key') {
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      }
      throw error;
    }
  }

  /**
   * All streams in one transaction and one round trip: `es_append_multi` (docs/event-store.md,
   * "Multi-stream append"). A refusal on any stream raises inside the function, so nothing of
   * the call is stored.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    assert(appends.length > 0, 'appendToStreams needs at least one stream');
    assert(new Set(appends.map((a) => a.streamId)).size === appends.length, 'appendToStreams: a stream may appear once per call');
    const payload = appends.map((a) => {
      assert(a.events.length > 0, 'append needs at least one event');
      return {
        stream: a.streamId,
        expected: expectedCode(a.expectedRevision ?? 'any'),
        events: a.events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {}, canonical: canonicalJson(e.data) })),
      };
    });
    try {
      const { rows } = await this.pool.query<{ out_stream: string; out_revision: string; out_transaction: string; out_position: string; out_repeated: boolean }>({
        name: 'es_append_multi',
        text: 'select * from es_append_multi($1::jsonb)',
        values: [JSON.stringify(payload)],
      });
      const streams: AppendResult[] = rows.map((row) => ({
        nextExpectedRevision: Number(row.out_revision),
        position: { commit: Number(row.out_transaction), prepare: Number(row.out_position) },
        repeated: row.out_repeated,
      }));
      const repeated = streams.every((r) => r.repeated);
      if (!repeated) this.scheduleNotify();
      return { streams, position: latestPosition(...streams.map((r) => r.position))!, repeated };
    } catch (error) {
      const e = error as { code?: string; detail?: string };
      if (e.code === 'P0001' && e.detail?.startsWith('{')) {
        const { stream, actual } = JSON.parse(e.detail) as { stream: string; actual: number };
        const expected = appends.find((a) => a.streamId === stream)?.expectedRevision ?? 'any';
        throw new WrongExpectedRevisionError(stream, expected, actual < 0 ? 'no_stream' : actual);
      }
      throw error;
    }
  }

  /**
   * Wakes local subscribers at once, and other processes through NOTIFY, coalesced: one NOTIFY
   * at a time, at most one per NOTIFY_INTERVAL_MS_MIN, and every append is followed by one
   * sent after it committed. The first append after a quiet spell is announced at once; under
   * load many appends share one. A NOTIFY inside the append transaction would serialize every
   * commit on the notification queue lock, and one per append would double the transactions.
   * It goes through the listening connection (asynchronous commit), or the pool while that
   * connection is lost.
   */
  private scheduleNotify(): void {
    this.notifier.notify();
    this.notifyWanted = true;
    this.armNotify();
  }

  private armNotify(): void {
    if (this.closed || !this.notifyWanted || this.notifyInFlight || this.notifyTimer) return;
    const waitMs = Math.max(0, this.lastNotifyAt + NOTIFY_INTERVAL_MS_MIN - Date.now());
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      this.notifyWanted = false;
      this.notifyInFlight = true;
      this.lastNotifyAt = Date.now();
      (this.listener ?? this.pool)
        .query(`select pg_notify('${NOTIFY_CHANNEL}', '')`)
        .catch(() => undefined)
        .finally(() => {
          this.notifyInFlight = false;
          this.armNotify();
        });
    }, waitMs);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    const limit = options.maxCount ?? null;
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from es_events where stream_id = $1 and stream_revision >= $2 order by stream_revision limit $3`,
      [streamId, from, limit],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    if (options.eventTypes) return this.readAllOfTypes(after, options.maxCount ?? READ_ALL_MAX_COUNT_DEFAULT, options.eventTypes);
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from es_events
        where (transaction_id, global_position) > ($1::bigint, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        order by transaction_id, global_position
        limit $3`,
      [after.commit, after.prepare, options.maxCount ?? READ_ALL_MAX_COUNT_DEFAULT],
    );
    return rows.map(toRecorded);
  }

  /**
   * The type-filtered `$all` read: the same range scan of the primary key (the `$all` order, no
   * sort) with the types tested on each row in the scan, so only the rows asked for are sent and
   * decoded. An index led by `type` would not help a filter on many types in global order: it
   * would have to gather every matching row after `after` and sort them for each page.
   */
  private async readAllOfTypes(after: Position, maxCount: number, eventTypes: readonly string[]): Promise<RecordedEvent[]> {
    if (eventTypes.length === 0) return [];
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from es_events
        where (transaction_id, global_position) > ($1::bigint, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
          and type = any($4::text[])
        order by transaction_id, global_position
        limit $3`,
      [after.commit, after.prepare, maxCount, eventTypes],
    );
    return rows.map(toRecorded);
  }

  /**
   * readAll for subscribers: the projection runner and each process manager read $all on the
   * same wake-up from the same position, so a read already under way for the same position,
   * size and change notification is shared instead of sent again (a later notification starts
   * a fresh read, so nobody gets an answer older than the change that woke it).
   */
  private sharedReadAll(after: Position, maxCount: number): Promise<RecordedEvent[]> {
    const key = `${after.commit}:${after.prepare}:${maxCount}:${this.notifier.version}`;
    let read = this.readsInFlight.get(key);
    if (!read) {
      read = this.readAll({ after, maxCount }).finally(() => this.readsInFlight.delete(key));
      this.readsInFlight.set(key, read);
    }
    return read.then((events) => events.slice());
  }

  subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent[]> {
    return pollingSubscription({
      readAll: (after: Position, maxCount: number) => this.sharedReadAll(after, maxCount),
      version: () => this.notifier.version,
      waitForChange: (signal, since) => this.notifier.wait(signal, this.listener ? this.pollIntervalMs : Math.min(this.pollIntervalMs, 200), since),
      after: options.after,
      maxBatch: options.maxBatch ?? SUBSCRIPTION_BATCH_MAX,
      signal: options.signal,
    });
  }

  async headPosition(): Promise<Position | null> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id, global_position from es_events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        order by transaction_id desc, global_position desc limit 1`,
    );
    const row = rows[0];
    return row ? { commit: Number(row.transaction_id), prepare: Number(row.global_position) } : null;
  }

  /** Counts what a reader after `position` has still to read, up to `cap`. */
  async countAfter(position: Position, cap: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      `select count(*) as n from (select 1 from es_events where (transaction_id, global_position) > ($1::bigint, $2::bigint) limit $3) t`,
      [position.commit, position.prepare, cap],
    );
    return Number(rows[0]!.n);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.notifyTimer);
    this.notifier.notify();
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
