/**
 * The event store port. Adapters: in-memory (this package, for unit tests), PostgreSQL and
 * EventStoreDB (both in `api`). One contract suite (`contract.ts`) holds them to the same rules.
 */

/**
 * A position in the global log ($all). Compared lexicographically (commit, then prepare).
 * PostgreSQL: commit = writing transaction id, prepare = the row's sequence number.
 * EventStoreDB: its own commit/prepare log positions. In-memory: both are the index.
 */
export interface Position {
  readonly commit: number;
  readonly prepare: number;
}

export const START: Position = Object.freeze({ commit: -1, prepare: -1 });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** The latest of some positions (nulls ignored), or null when there is none. */
export function latestPosition(...positions: (Position | null)[]): Position | null {
  return positions.reduce<Position | null>((a, b) => (!b ? a : !a || comparePositions(b, a) > 0 ? b : a), null);
}

export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export interface EventMetadata {
  /** sha256(previous hash in the stream + type + canonical JSON of data), hex. */
  readonly hash?: string;
  /** Who caused the event: a user id, 'system', 'admin:<id>', a provider name. */
  readonly actor?: string;
  readonly causationId?: string;
  readonly correlationId?: string;
  readonly [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly streamId: string;
  readonly streamRevision: number;
  readonly position: Position;
  readonly recordedAt: Date;
  /**
   * The data exactly as stored, when a reader showed `data` otherwise (personal fields opened,
   * docs/architecture.md "Personal data and erasure"). The hash chain is over this form: use
   * `storedDataOf(event)` to verify it.
   */
  readonly storedData?: unknown;
}

/** The data the hash chain covers: as stored. */
export function storedDataOf(event: Pick<RecordedEvent, 'data' | 'storedData'>): unknown {
  return event.storedData === undefined ? event.data : event.storedData;
}

/** 'any': no check; 'no_stream': the stream must not exist; a number: the last revision must be exactly it. */
export type ExpectedRevision = 'any' | 'no_stream' | number;

export interface AppendResult {
  /** The revision of the stream's last event after the append. */
  readonly nextExpectedRevision: number;
  /** The position of the last event appended (or of the already stored one on an idempotent repeat). */
  readonly position: Position;
  /**
   * True when every event id was already stored in the stream, so nothing was written. The
   * caller must then act on what is stored, never on the events it passed in: an id names an
   * intent, and the stored events are that intent's record (see command-handler.ts).
   */
  readonly repeated: boolean;
}

/** One stream's part of an atomic multi-stream append (see `EventStore.appendToStreams`). */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expectedRevision?: ExpectedRevision;
}

export interface MultiStreamAppendResult {
  /** One result per stream, in the order the streams were given. */
  readonly streams: readonly AppendResult[];
  /** The position of the last event of the commit (on a repeat, the latest of the stored ones): the command's consistency token. */
  readonly position: Position;
  /** True when every stream's ids were already stored, so nothing was written. */
  readonly repeated: boolean;
}

export interface ReadStreamOptions {
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  readonly after?: Position;
  /** The most events returned (of the types asked for, when `eventTypes` is given). */
  readonly maxCount?: number;
  /**
   * Only events of these types, still in global order (a rebuild reads only what its projector
   * folds). The store skips the others itself (PostgreSQL in the `$all` index scan, KurrentDB
   * with its server-side filter), so they are never sent nor decoded. Fewer than `maxCount`
   * events means the end of `$all` was reached; continue after the last event returned.
   */
  readonly eventTypes?: readonly string[];
}

export interface SubscribeOptions {
  readonly after?: Position;
  /** The largest batch a subscription yields at once. */
  readonly maxBatch?: number;
  readonly signal?: AbortSignal;
}

export interface EventStore {
  /** Atomic: every event of the call is stored, or none. */
  append(streamId: string, events: readonly NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Atomic across streams: every stream's expected revision holds and every event of every
   * stream is stored in one commit, or nothing is stored at all (a conflict on any stream throws
   * WrongExpectedRevisionError for that stream). In $all the events of one call are adjacent,
   * in the order given (streams in order, each stream's events in order). Idempotent per stream
   * as `append` is: when every stream's ids are all stored, nothing is written and `repeated`
   * is true; when some streams' ids are stored and others' are not, the streams moved on since
   * the decision, which is a wrong expected revision. A stream id may appear once per call.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult>;
  /** Events of one stream, oldest first; an empty array for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream in global order, each once. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up, then live: batches in global order, never skipping an event that commits late. */
  subscribeToAll(options?: SubscribeOptions): AsyncIterable<RecordedEvent[]>;
  /** The position of the last event a reader of $all can see now, or null when there are none. */
  headPosition(): Promise<Position | null>;
  /** How many events a reader after `position` has still to read, counted up to `cap`. */
  countAfter(position: Position, cap: number): Promise<number>;
  close(): Promise<void>;
}

export const READ_ALL_MAX_COUNT_DEFAULT = 1000;
export const SUBSCRIPTION_BATCH_MAX = 500;

/** `wallet-5b1c…` → `{ type: 'wallet', id: '5b1c…' }`. Stream ids are `<type>-<id>`. */
export function parseStreamId(streamId: string): { type: string; id: string } {
  const dash = streamId.indexOf('-');
  if (dash <= 0) return { type: streamId, id: '' };
  return { type: streamId.slice(0, dash), id: streamId.slice(dash + 1) };
}
