/**
 * One command, one transaction: a decision over several streams (a wallet and a bet), appended
 * with one `appendToStreams`. The decision stays pure: a function of the states read, returning
 * the events of each stream. Conflicts are handled as for one stream (handleCommand): a
 * concurrent writer on any stream makes the whole append fail and the command is decided again
 * on fresh state, so a refusal always rests on fresh state and no move is ever half done.
 */
import { IMMEDIATE_RETRY, afterFailedAppend, staleAsUndefined, storedTwin, type Decider, type RetryPolicy } from './command-handler.js';
import { readStreamState, type SnapshotCache, type StreamSnapshot } from './snapshots.js';
import type { AppendResult, EventStore, MultiStreamAppendResult, NewEvent, Position } from './types.js';
import { latestPosition } from './types.js';

type AnyEvent = { type: string; data: unknown };

/** One stream a decision reads and may append to. */
export interface StreamPart<State, Event extends AnyEvent> {
  readonly streamId: string;
  readonly decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>;
  /** Deterministic ids of the events decided for this stream at `revision` (see docs/ledger.md). */
  readonly eventIds: (events: Event[], revision: number) => string[];
  /** Metadata of one event of this stream, over the command's (a batch of commands has one per command). */
  readonly metadataOf?: (event: Event) => Record<string, unknown> | undefined;
  /**
   * A stream the command expects not to exist yet (a bet being created, the chat its acceptance
   * opens): with no snapshot held, it is decided as empty without a read, the append's expected
   * revision "no stream" being the check (a stream that exists after all fails the append, and the
   * command is decided again on every stream as read).
   */
  readonly fresh?: boolean;
}

export type StreamParts = Record<string, StreamPart<any, any>>;
export type StatesOf<P extends StreamParts> = { [K in keyof P]: P[K] extends StreamPart<infer S, infer _E> ? S : never };
export type EventsOf<P extends StreamParts> = { [K in keyof P]: P[K] extends StreamPart<infer _S, infer E> ? E[] : never };
/** The pure decision: the events of each stream (a stream left out, or given [], is not written). */
export type MultiStreamDecision<P extends StreamParts> = (states: StatesOf<P>) => Partial<EventsOf<P>>;

export interface MultiStreamResult<P extends StreamParts> {
  /** Each stream's events as recorded (on a repeat, the stored ones); [] for a stream not written. */
  readonly events: EventsOf<P>;
  /** Each stream's state after the command. */
  readonly states: StatesOf<P>;
  readonly append: MultiStreamAppendResult | null;
  /** Each written stream's own append result, by part (absent for a stream not written, and on a repeat or a no-op). */
  readonly appended: Partial<Record<keyof P, AppendResult>>;
  /** The latest position among the streams as read (what a no-op answer waits for). */
  readonly readPosition: Position | null;
}

type Snapshots<P extends StreamParts> = { [K in keyof P]: StreamSnapshot<StatesOf<P>[K]> };

/**
 * Reads every stream, decides once over all of them, appends once. With `snapshots`, when every
 * stream is cached (or `fresh` and not cached: decided as empty) the command is first decided without reading (the expected revisions of the
 * append are the check, as in handleCommand); a refusal or a no-op is decided again on the
 * streams as read. A stream the decision reads but does not write is not locked by the append:
 * a decision must write every stream whose state its answer depends on.
 */
export async function handleMultiStreamCommand<P extends StreamParts>(
  store: EventStore,
  parts: P,
  decide: MultiStreamDecision<P>,
  options: { metadata?: Record<string, unknown>; retry?: RetryPolicy; snapshots?: SnapshotCache } = {},
): Promise<MultiStreamResult<P>> {
  const retry = options.retry ?? IMMEDIATE_RETRY;
  const keys = Object.keys(parts) as (keyof P & string)[];
  if (options.snapshots) {
    const held = (k: keyof P & string) => options.snapshots!.get(store, parts[k]!.decider, parts[k]!.streamId) ?? (parts[k]!.fresh ? { revision: -1, state: parts[k]!.decider.initialState(), position: null } : undefined);
    const cached = Object.fromEntries(keys.map((k) => [k, held(k)])) as Partial<Snapshots<P>>;
    if (keys.every((k) => cached[k])) {
      const from = cached as Snapshots<P>;
      const optimistic = decideOrUndefined(decide, statesOf(from));
      if (optimistic && keys.some((k) => (optimistic[k]?.length ?? 0) > 0)) {
        const done = await appendDecided(store, parts, optimistic, from, options).catch(staleAsUndefined);
        if (done) return done;
      }
    }
  }
  const failed = afterFailedAppend(retry);
  for (let attempt = 1; ; attempt++) {
    const read = await Promise.all(keys.map((k) => readStreamState(store, parts[k]!.streamId, parts[k]!.decider, options.snapshots)));
    const from = Object.fromEntries(keys.map((k, i) => [k, read[i]!])) as unknown as Snapshots<P>;
    const decided = decide(statesOf(from));
    if (!keys.some((k) => (decided[k]?.length ?? 0) > 0)) {
      return { events: emptyEvents(keys), states: statesOf(from), append: null, appended: {}, readPosition: latestPosition(...read.map((r) => r.position)) };
    }
    try {
      return await appendDecided(store, parts, decided, from, options);
    } catch (error) {
      await failed(error, attempt);
    }
  }
}

function statesOf<P extends StreamParts>(from: Snapshots<P>): StatesOf<P> {
  return Object.fromEntries(Object.entries(from).map(([k, s]) => [k, s.state])) as StatesOf<P>;
}

function emptyEvents<P extends StreamParts>(keys: readonly (keyof P & string)[]): EventsOf<P> {
  return Object.fromEntries(keys.map((k) => [k, []])) as unknown as EventsOf<P>;
}

function decideOrUndefined<P extends StreamParts>(decide: MultiStreamDecision<P>, states: StatesOf<P>): Partial<EventsOf<P>> | undefined {
  try {
    return decide(states);
  } catch {
    return undefined;
  }
}

async function appendDecided<P extends StreamParts>(
  store: EventStore,
  parts: P,
  decided: Partial<EventsOf<P>>,
  from: Snapshots<P>,
  options: { metadata?: Record<string, unknown>; snapshots?: SnapshotCache },
): Promise<MultiStreamResult<P>> {
  const keys = Object.keys(parts) as (keyof P & string)[];
  const written = keys.filter((k) => (decided[k]?.length ?? 0) > 0);
  const toAppend = new Map<string, NewEvent[]>();
  for (const k of written) {
    const events = decided[k] as AnyEvent[];
    const ids = parts[k]!.eventIds(events, from[k].revision);
    const metadataOf = parts[k]!.metadataOf as ((event: AnyEvent) => Record<string, unknown> | undefined) | undefined;
    toAppend.set(k, events.map((e, i) => ({ id: ids[i]!, type: e.type, data: e.data, metadata: { ...options.metadata, ...metadataOf?.(e) } })));
  }
  const append = await store.appendToStreams(
    written.map((k) => ({ streamId: parts[k]!.streamId, events: toAppend.get(k)!, expectedRevision: from[k].revision < 0 ? ('no_stream' as const) : from[k].revision })),
  );
  const events = emptyEvents<P>(keys) as Record<string, AnyEvent[]>;
  const states = statesOf(from) as Record<string, unknown>;
  const appended: Partial<Record<keyof P, AppendResult>> = {};
  if (append.repeated) {
    // Every stream's ids were stored: the stored events are the command's record (see storedTwin).
    for (const k of written) {
      const twin = await storedTwin(store, parts[k]!.streamId, parts[k]!.decider, toAppend.get(k)!, options.snapshots);
      events[k] = twin.events;
      states[k] = twin.state;
    }
  } else {
    written.forEach((k, i) => {
      const part = parts[k]!;
      const evolve = part.decider.evolve as (state: unknown, event: AnyEvent) => unknown;
      const mine = decided[k] as AnyEvent[];
      events[k] = mine;
      states[k] = mine.reduce(evolve, from[k].state);
      appended[k] = append.streams[i]!;
      if (options.snapshots) {
        // Folded from the events as a read returns them (JSON), exactly as the next read would fold them.
        const stored = mine.map((e) => ({ type: e.type, data: JSON.parse(JSON.stringify(e.data)) as unknown }));
        const result = append.streams[i]!;
        options.snapshots.set(store, part.decider, part.streamId, { revision: result.nextExpectedRevision, state: stored.reduce(evolve, from[k].state), position: result.position });
      }
    });
  }
  return { events: events as EventsOf<P>, states: states as StatesOf<P>, append, appended, readPosition: latestPosition(...keys.map((k) => from[k].position)) };
}

/** One command of a batch (see handleCommandBatch): the stream it is decided on, its event ids and metadata. */
export interface BatchStep<Command, Event extends AnyEvent> {
  readonly streamId: string;
  readonly command: Command;
  /** Deterministic ids of the events this command decides (see docs/ledger.md): a repeat stores nothing. */
  readonly eventIds: (events: Event[]) => string[];
  /** Metadata of this command's events (actor, causation id). */
  readonly metadata?: Record<string, unknown>;
  /** A refusal that drops this command alone (the others are still appended); any other refusal fails the batch. */
  readonly skipIf?: (error: unknown) => boolean;
  /** The first command on a stream it expects not to exist yet (a match's tracking started): see `StreamPart.fresh`. */
  readonly fresh?: boolean;
}

/**
 * Many commands of one decider, on one stream or several, decided together and appended with ONE
 * `appendToStreams` (one transaction): the follow-ups a reactor decides for a batch of events.
 * Each stream's commands are decided in the order given, each on the state its predecessors left.
 * Idempotent as each command is: every step's ids are deterministic and its decider decides
 * nothing for what is already stored, so a batch handled again (after a crash before the
 * checkpoint), whole or with other events beside it, stores only what is missing; a repeat that
 * meets a stream part-stored is a conflict, decided again on the streams as read. Returns null
 * when nothing was decided.
 */
export async function handleCommandBatch<State, Command, Event extends AnyEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  steps: readonly BatchStep<Command, Event>[],
  options: { retry?: RetryPolicy; snapshots?: SnapshotCache } = {},
): Promise<MultiStreamResult<StreamParts> | null> {
  const byStream = new Map<string, BatchStep<Command, Event>[]>();
  for (const step of steps) byStream.set(step.streamId, [...(byStream.get(step.streamId) ?? []), step]);
  if (byStream.size === 0) return null;
  /** The step each decided event came from (a decision may run again: each run tags its own events). */
  const stepOf = new WeakMap<object, { id: string; metadata: Record<string, unknown> | undefined }>();
  const parts: StreamParts = Object.fromEntries(
    [...byStream.keys()].map((streamId) => [
      streamId,
      {
        streamId,
        decider,
        eventIds: (events: Event[]) => events.map((e) => stepOf.get(e)!.id),
        metadataOf: (event: Event) => stepOf.get(event)?.metadata,
        fresh: byStream.get(streamId)![0]!.fresh === true,
      } satisfies StreamPart<State, Event>,
    ]),
  );
  const decide = (states: Record<string, unknown>): Record<string, Event[]> =>
    Object.fromEntries(
      [...byStream].map(([streamId, mine]) => {
        let state = states[streamId] as State;
        const decided: Event[] = [];
        for (const step of mine) {
          let events: Event[];
          try {
            events = decider.decide(step.command, state);
          } catch (error) {
            if (step.skipIf?.(error)) continue;
            throw error;
          }
          const ids = step.eventIds(events);
          events.forEach((e, i) => stepOf.set(e, { id: ids[i]!, metadata: step.metadata }));
          decided.push(...events);
          state = events.reduce(decider.evolve, state);
        }
        return [streamId, decided];
      }),
    );
  const result = await handleMultiStreamCommand(store, parts, decide as MultiStreamDecision<StreamParts>, options);
  return result.append ? result : null;
}
