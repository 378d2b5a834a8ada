import {
  BACKWARDS,
  END,
  KurrentDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  GENESIS_HASH,
  READ_ALL_MAX_COUNT_DEFAULT,
  SUBSCRIPTION_BATCH_MAX,
  WrongExpectedRevisionError,
  assert,
  chainHash,
  comparePositions,
  latestPosition,
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

/** ESDB's own idempotency is by expected version; ours also holds for a stale one, within this window. */
export const IDEMPOTENCY_WINDOW = 100;
export const APPEND_RETRIES_MAX = 10;
export const RESUBSCRIBE_DELAY_MS = 1000;

type AnyResolved = ResolvedEvent | AllStreamResolvedEvent;

function toRecorded(resolved: AnyResolved): RecordedEvent | undefined {
  const e = resolved.event;
  if (!e || e.type.startsWith('$') || e.streamId.startsWith('$')) return undefined;
  const position = 'position' in e && e.position ? e.position : undefined;
  return {
    id: e.id,
    type: e.type,
    data: e.isJson ? e.data : null,
    metadata: (e.isJson ? (e.metadata as Record<string, unknown>) : {}) ?? {},
    streamId: e.streamId,
    streamRevision: Number(e.revision),
    position: position ? { commit: Number(position.commit), prepare: Number(position.prepare) } : { commit: -1, prepare: -1 },
    recordedAt: e.created instanceof Date ? e.created : new Date(Number(e.created) / 10_000 - 62_135_596_800_000),
  };
}

const toEsdbPosition = (p: Position) => ({ commit: BigInt(p.commit), prepare: BigInt(p.prepare) });

/**
 * Multi-stream append records carry properties, string values only: a non-string metadata
 * value is stored as its JSON text.
 */
function properties(metadata: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
}

/**
 * The EventStoreDB / KurrentDB adapter (used when EVENTSTORE_URL is set), through
 * `@kurrent/kurrentdb-client`. `appendToStreams` uses the server's multi-stream append, which
 * needs KurrentDB 25.1 or later (docs/event-store.md); single-stream appends and reads work
 * with older EventStoreDB servers too. Streams are `<type>-<id>`; $all
 * is read with system events excluded. The hash chain is computed here from the stream's
 * last event, and the append is made with that exact revision so a concurrent writer cannot
 * break the chain (an 'any' append retries on conflict).
 */
export class EsdbEventStore implements EventStore {
  private constructor(private readonly client: KurrentDBClient) {}

  static async connect(connectionString: string): Promise<EsdbEventStore> {
    const client = KurrentDBClient.connectionString(connectionString);
    const store = new EsdbEventStore(client);
    await store.headPosition();
    return store;
  }

  private async lastEvents(streamId: string, count: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: count })) {
        const r = toRecorded(resolved);
        if (r) out.push(r);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    assert(events.length > 0, 'append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    for (let attempt = 0; ; attempt++) {
      const recent = await this.lastEvents(streamId, IDEMPOTENCY_WINDOW);
      const known = events.filter((e) => recent.some((r) => r.id === e.id));
      if (known.length === events.length) {
        const last = recent.find((r) => r.id === events[events.length - 1]!.id)!;
        return { nextExpectedRevision: recent[0]!.streamRevision, position: last.position, repeated: true };
      }
      // Part of the batch is stored: a twin of this command got there first and the stream moved
      // on. The caller decides again on fresh state, as after any other wrong expected revision.
      if (known.length > 0) throw new WrongExpectedRevisionError(streamId, expected, recent[0]!.streamRevision);
      const actual = recent.length === 0 ? 'no_stream' : recent[0]!.streamRevision;
      if ((expected === 'no_stream' && actual !== 'no_stream') || (typeof expected === 'number' && expected !== actual)) {
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      let previousHash = recent.length === 0 ? GENESIS_HASH : String(recent[0]!.metadata.hash ?? GENESIS_HASH);
      const toWrite = events.map((e) => {
        const hash = chainHash(previousHash, e.type, e.data);
        previousHash = hash;
        return jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: { ...(e.metadata ?? {}), hash } as never });
      });
      try {
        const result = await this.client.appendToStream(streamId, toWrite, { streamState: actual === 'no_stream' ? NO_STREAM : BigInt(actual) });
        const position = result.position ? { commit: Number(result.position.commit), prepare: Number(result.position.prepare) } : { commit: -1, prepare: -1 };
        return { nextExpectedRevision: Number(result.nextExpectedRevision), position, repeated: false };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          if (expected === 'any' && attempt < APPEND_RETRIES_MAX) continue;
          const a = error.actualState;
          throw new WrongExpectedRevisionError(streamId, expected, typeof a === 'bigint' ? Number(a) : 'no_stream');
        }
        throw error;
      }
    }
  }

  /**
   * The server's multi-stream append (KurrentDB >= 25.1): one commit for every stream, each with
   * its exact expected revision, so a conflict on any stream stores nothing. The idempotency and
   * hash-chain checks are made per stream first, from each stream's recent events, as `append`
   * makes them; the exact revisions make a writer that came in between fail the commit.
   */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    assert(appends.length > 0, 'appendToStreams needs at least one stream');
    assert(new Set(appends.map((a) => a.streamId)).size === appends.length, 'appendToStreams: a stream may appear once per call');
    for (let attempt = 0; ; attempt++) {
      const plans = await Promise.all(
        appends.map(async (a) => {
          assert(a.events.length > 0, 'append needs at least one event');
          const expected = a.expectedRevision ?? 'any';
          const recent = await this.lastEvents(a.streamId, IDEMPOTENCY_WINDOW);
          const known = a.events.filter((e) => recent.some((r) => r.id === e.id));
          const actual = recent.length === 0 ? ('no_stream' as const) : recent[0]!.streamRevision;
          if (known.length === a.events.length) {
            const last = recent.find((r) => r.id === a.events[a.events.length - 1]!.id)!;
            return { a, expected, actual, repeated: { nextExpectedRevision: recent[0]!.streamRevision, position: last.position, repeated: true } };
          }
          if (known.length > 0) throw new WrongExpectedRevisionError(a.streamId, expected, actual);
          if ((expected === 'no_stream' && actual !== 'no_stream') || (typeof expected === 'number' && expected !== actual)) {
            throw new WrongExpectedRevisionError(a.streamId, expected, actual);
          }
          let previousHash = recent.length === 0 ? GENESIS_HASH : String(recent[0]!.metadata.hash ?? GENESIS_HASH);
          const events = a.events.map((e) => {
            const hash = chainHash(previousHash, e.type, e.data);
            previousHash = hash;
            return jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: properties({ ...(e.metadata ?? {}), hash }) as never });
          });
          return { a, expected, actual, events };
        }),
      );
      const repeats = plans.filter((p) => 'repeated' in p);
      if (repeats.length === plans.length) {
        const streams = plans.map((p) => ('repeated' in p ? p.repeated : undefined)!);
        return { streams, position: latestPosition(...streams.map((r) => r.position))!, repeated: true };
      }
      if (repeats.length > 0) throw new WrongExpectedRevisionError(repeats[0]!.a.streamId, repeats[0]!.expected, repeats[0]!.actual);
      try {
        const result = await this.client.multiStreamAppend(
          plans.map((p) => ({ streamName: p.a.streamId, events: 'events' in p ? p.events! : [], expectedState: p.actual === 'no_stream' ? NO_STREAM : BigInt(p.actual) })),
        );
        // The server answers one log position for the whole commit.
        const position = { commit: Number(result.position), prepare: Number(result.position) };
        const revisions = new Map(result.responses.map((r) => [r.streamName, Number(r.revision)]));
        const streams = appends.map((a) => ({ nextExpectedRevision: revisions.get(a.streamId)!, position, repeated: false }));
        return { streams, position, repeated: false };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const conflicted = appends.find((a) => a.streamId === error.streamName);
          if (conflicted && (conflicted.expectedRevision ?? 'any') === 'any' && appends.every((a) => (a.expectedRevision ?? 'any') === 'any') && attempt < APPEND_RETRIES_MAX) continue;
          const a = error.actualState;
          throw new WrongExpectedRevisionError(error.streamName, conflicted?.expectedRevision ?? 'any', typeof a === 'bigint' ? Number(a) : 'no_stream');
        }
        throw error;
      }
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: options.fromRevision === undefined ? ESDB_START : BigInt(options.fromRevision),
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) {
        const r = toRecorded(resolved);
        if (r) out.push(r);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? READ_ALL_MAX_COUNT_DEFAULT;
    const out: RecordedEvent[] = [];
    let from: ReadPosition = options.after ? toEsdbPosition(options.after) : ESDB_START;
    // Only the types asked for: the server's event-type filter (an anchored regex of the exact
    // names), so the others are never sent; the types are checked again here.
    const types = options.eventTypes ? new Set(options.eventTypes) : null;
    if (types && types.size === 0) return out;
    const filter = types ? eventTypeFilter({ regex: `^(${[...types].map(escapeRegex).join('|')})$` }) : undefined;
    // $all holds system events too; page until maxCount product events or the end.
    for (;;) {
      let read = 0;
      const page = this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: maxCount + 1, ...(filter ? { filter } : {}) });
      for await (const item of page) {
        const resolved: AllStreamResolvedEvent = item;
        read++;
        const e = resolved.event;
        if (!e?.position) continue;
        from = e.position;
        const r = toRecorded(resolved);
        if (r && (!types || types.has(r.type)) && (!options.after || comparePositions(r.position, options.after) > 0)) out.push(r);
        if (out.length >= maxCount) return out;
      }
      if (read <= 1) return out;
    }
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncGenerator<RecordedEvent[]> {
    const maxBatch = options.maxBatch ?? SUBSCRIPTION_BATCH_MAX;
    let after = options.after;
    const signal = options.signal;
    while (!signal?.aborted) {
      const subscription = this.client.subscribeToAll({ fromPosition: after ? toEsdbPosition(after) : ESDB_START, filter: excludeSystemEvents() });
      const abort = (): void => void subscription.unsubscribe();
      signal?.addEventListener('abort', abort, { once: true });
      const buffer: RecordedEvent[] = [];
      let wake: (() => void) | undefined;
      let failed = false;
      let ended = false;
      subscription.on('data', (resolved: AllStreamResolvedEvent) => {
        const r = toRecorded(resolved);
        if (r && (!after || comparePositions(r.position, after) > 0)) buffer.push(r);
        wake?.();
      });
      subscription.on('error', () => {
        failed = true;
        wake?.();
      });
      subscription.on('end', () => {
        ended = true;
        wake?.();
      });
      try {
        while (!signal?.aborted && !failed && !ended) {
          if (buffer.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              signal?.addEventListener('abort', () => resolve(), { once: true });
            });
            wake = undefined;
            continue;
          }
          const batch = buffer.splice(0, maxBatch);
          after = batch[batch.length - 1]!.position;
          yield batch;
        }
      } finally {
        signal?.removeEventListener('abort', abort);
        await subscription.unsubscribe().catch(() => undefined);
      }
      // Dropped: resubscribe from the last delivered position.
      if (!signal?.aborted) await new Promise((r) => setTimeout(r, RESUBSCRIBE_DELAY_MS));
    }
  }

  async headPosition(): Promise<Position | null> {
    let from: ReadPosition = END;
    for (let page = 0; page < 100; page++) {
      let read = 0;
      for await (const resolved of this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: 50 })) {
        read++;
        const r = toRecorded(resolved);
        if (r) return r.position;
        if (resolved.event?.position) from = resolved.event.position;
      }
      if (read < 50) return null;
    }
    return null;
  }

  async countAfter(position: Position, cap: number): Promise<number> {
    return (await this.readAll({ after: position, maxCount: cap })).length;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}


function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
