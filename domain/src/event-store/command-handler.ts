import { createHash } from 'node:crypto';
import { IdempotencyConflictError, WrongExpectedRevisionError } from '../shared/errors.js';
import { canonicalJson } from './hash.js';
import type { AppendResult, EventStore, NewEvent, Position, RecordedEvent } from './types.js';
import { readStreamState, type SnapshotCache } from './snapshots.js';

/** A decider, as in Emmett: pure functions from (command, state) to events. */
export interface Decider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

/**
 * Each conflict round lets exactly one writer of a stream through, so N writers racing on one
 * stream (a burst of stake locks on one wallet, many acceptors of one challenge) need up to N
 * rounds before the last is decided on fresh state. Bounded, so a pathological hot stream
 * still ends in a typed error rather than spinning.
 */
export const COMMAND_RETRIES_MAX = 64;

/**
 * How a conflicted command is tried again: at most `attemptsMax` decisions, with `pause` awaited
 * before each retry. The API passes a jittered backoff (api/src/runtime/command-pipeline.ts);
 * the domain itself keeps no clock, so its default retries at once.
 */
export interface RetryPolicy {
  readonly attemptsMax: number;
  readonly pause: (retry: number) => Promise<void>;
}
export const IMMEDIATE_RETRY: RetryPolicy = { attemptsMax: COMMAND_RETRIES_MAX + 1, pause: async () => undefined };

/**
 * A handler's answer to a failed append of a decision made on a cached (possibly stale) state:
 * undefined, so the command is decided again on the stream as read. A conflict is stale state
 * too here: ids already stored with other content mean another writer recorded that step first
 * (a webhook and the reconciler both marking a transfer sent), which the stream as read shows as
 * done. Any other error is thrown.
 */
export function staleAsUndefined(error: unknown): undefined {
  if (error instanceof WrongExpectedRevisionError || error instanceof IdempotencyConflictError) return undefined;
  throw error;
}

/**
 * A handler's answer to a failed append of a decision made on the stream as read: returns when
 * the command is to be decided once more, after the policy's pause; throws otherwise. Ids already
 * stored with other content: another writer recorded that step first, decided on a state this
 * decision had not seen (a webhook and the route both marking a transfer sent); decided once
 * more on the stream as read, where an idempotent decider finds the step done, and a second
 * conflict is a real one (one key, two meanings) and is refused. A wrong expected revision is
 * decided again up to `attemptsMax` decisions in all. One per command.
 */
export function afterFailedAppend(retry: RetryPolicy): (error: unknown, attempt: number) => Promise<void> {
  let conflictRedecided = false;
  return async (error, attempt) => {
    if (error instanceof IdempotencyConflictError && !conflictRedecided) {
      conflictRedecided = true;
      return;
    }
    if (!(error instanceof WrongExpectedRevisionError) || attempt >= retry.attemptsMax) throw error;
    await retry.pause(attempt);
  };
}

export function foldStream<State, Event extends { type: string; data: unknown }>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), decider.initialState());
}

export interface HandleResult<State, Event> {
  /** The command's events as recorded: on a repeat, the stored ones, never the ones just decided. */
  readonly events: Event[];
  readonly state: State;
  readonly append: AppendResult | null;
  /**
   * Where the stream stood when the command was decided: the last event read. A command that
   * decided nothing (already done) waits for this before answering, so its answer is never
   * older than what it decided on.
   */
  readonly readPosition: Position | null;
}

/**
 * The position an answer must be at least as new as: the command's own append, or, when it
 * decided nothing (a repeat, or the work already done by someone else), the state it decided on.
 * Waiting only for an append would let a no-op answer read a read model older than that state.
 */
export function decidedAt(result: { readonly append: { readonly position: Position } | null; readonly readPosition: Position | null }): Position | null {
  return result.append?.position ?? result.readPosition;
}

/** How many hex digits of the intent hash go into an event id's name (128 bits). */
const INTENT_KEY_HEX_LENGTH = 32;

/**
 * What a command means, as a short key for deterministic event ids: a hash of its type and its
 * data without the time it was sent (`now`). Two different commands (another winner, another
 * result) never share a key; the same command sent twice, or retried after a crash, does. An
 * event id built from it therefore names the intent, not only the author and the step.
 */
export function commandIntentKey(type: string, data: Readonly<Record<string, unknown>>): string {
  const { now: _sentAt, ...meaning } = data;
  return createHash('sha256').update(`${type}\u001f${canonicalJson(meaning)}`, 'utf8').digest('hex').slice(0, INTENT_KEY_HEX_LENGTH);
}

/**
 * Event data without its time fields (named `…At`, by convention): two records of one intent
 * decided a moment apart differ only there.
 */
function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([key]) => !key.endsWith('At')).map(([key, v]) => [key, withoutTimes(v)]));
}

function sameIntent(stored: RecordedEvent, decided: NewEvent): boolean {
  return stored.type === decided.type && canonicalJson(withoutTimes(stored.data)) === canonicalJson(withoutTimes(decided.data));
}

/**
 * An append that found every id already stored wrote nothing. The stored events are the
 * command's record: the caller acts on those (follow-ups, answers), never on what it decided
 * this time. If they say something else than this decision, the ids were shared by two
 * different commands: a conflict, never a silent success.
 */
export async function storedTwin<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  toAppend: readonly NewEvent[],
  snapshots?: SnapshotCache,
): Promise<{ events: Event[]; state: State }> {
  const recorded = await store.readStream(streamId);
  const byId = new Map(recorded.map((e) => [e.id, e]));
  const stored = toAppend.map((e) => byId.get(e.id));
  if (stored.some((e, i) => !e || !sameIntent(e, toAppend[i]!))) throw new IdempotencyConflictError(streamId);
  // The state from the snapshot when there is one (folding a long stream again is what costs).
  const state = snapshots ? (await readStreamState(store, streamId, decider, snapshots)).state : foldStream(decider, recorded);
  return { events: stored.map((e) => ({ type: e!.type, data: e!.data }) as Event), state };
}

/**
 * Read the stream, fold it, decide, append with the revision read. A concurrent writer makes
 * the append fail with WrongExpectedRevision; the command is then decided again on the new
 * state (up to COMMAND_RETRIES_MAX times), so a refusal is always decided on fresh state.
 * `eventIds` turns decided events into stored ones: ids are passed in, never drawn here.
 *
 * With `snapshots`, a stream this process has folded (or appended to) is first decided on the
 * cached state without reading: when that decision appends, the append's expected revision is
 * the check (a writer elsewhere makes it fail, and the command goes the way above); when it
 * refuses or decides nothing, it is decided again on the stream as read, so neither a refusal
 * nor a no-op ever rests on a state that might be stale. After an append, the cache holds the
 * state with the events appended, so the next command on the stream reads nothing either.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: {
    eventIds: (events: Event[], revision: number) => string[];
    metadata?: Record<string, unknown>;
    retry?: RetryPolicy;
    /** Folded states validated by revision: the stream is then read only after the cached revision. */
    snapshots?: SnapshotCache;
  },
): Promise<HandleResult<State, Event>> {
  const retry = options.retry ?? IMMEDIATE_RETRY;
  const cached = options.snapshots?.get<State>(store, decider, streamId);
  if (cached) {
    const optimistic = decideOrUndefined(decider, command, cached.state);
    if (optimistic && optimistic.length > 0) {
      // Stale: decided again below, on the stream as read.
      const done = await appendDecided(store, streamId, decider, optimistic, cached, options).catch(staleAsUndefined);
      if (done) return done;
    }
  }
  const failed = afterFailedAppend(retry);
  for (let attempt = 1; ; attempt++) {
    const snapshot = await readStreamState(store, streamId, decider, options.snapshots);
    const events = decider.decide(command, snapshot.state);
    if (events.length === 0) return { events, state: snapshot.state, append: null, readPosition: snapshot.position };
    try {
      return await appendDecided(store, streamId, decider, events, snapshot, options);
    } catch (error) {
      await failed(error, attempt);
    }
  }
}

function decideOrUndefined<State, Command, Event extends { type: string; data: unknown }>(decider: Decider<State, Command, Event>, command: Command, state: State): Event[] | undefined {
  try {
    return decider.decide(command, state);
  } catch {
    return undefined;
  }
}

/** Appends `events` decided on `from` with its revision as the expected one; on success the cache holds the state after them. */
async function appendDecided<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: Event[],
  from: { readonly revision: number; readonly state: State; readonly position: Position | null },
  options: { eventIds: (events: Event[], revision: number) => string[]; metadata?: Record<string, unknown>; snapshots?: SnapshotCache },
): Promise<HandleResult<State, Event>> {
  const ids = options.eventIds(events, from.revision);
  const toAppend: NewEvent[] = events.map((e, i) => ({ id: ids[i]!, type: e.type, data: e.data, metadata: options.metadata ?? {} }));
  const append = await store.append(streamId, toAppend, { expectedRevision: from.revision < 0 ? 'no_stream' : from.revision });
  if (append.repeated) return { ...(await storedTwin(store, streamId, decider, toAppend, options.snapshots)), append, readPosition: from.position };
  if (options.snapshots) {
    // Folded from the events as a read returns them (JSON), exactly as the next read would fold them.
    const stored = events.map((e) => ({ type: e.type, data: JSON.parse(JSON.stringify(e.data)) as unknown }) as Event);
    options.snapshots.set(store, decider, streamId, { revision: append.nextExpectedRevision, state: stored.reduce(decider.evolve, from.state), position: append.position });
  }
  return { events, state: events.reduce(decider.evolve, from.state), append, readPosition: from.position };
}
