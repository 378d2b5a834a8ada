import { WrongExpectedRevisionError } from '../shared/errors.js';
import type { AppendResult, EventStore, NewEvent, RecordedEvent } from './types.js';

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

export function foldStream<State, Event extends { type: string; data: unknown }>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly RecordedEvent[],
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), decider.initialState());
}

export interface HandleResult<State, Event> {
  readonly events: Event[];
  readonly state: State;
  readonly append: AppendResult | null;
}

/**
 * Read the stream, fold it, decide, append with the revision read. A concurrent writer makes
 * the append fail with WrongExpectedRevision; the command is then decided again on the new
 * state (up to COMMAND_RETRIES_MAX times), so a refusal is always decided on fresh state.
 * `eventIds` turns decided events into stored ones: ids are passed in, never drawn here.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: { eventIds: (events: Event[], revision: number) => string[]; metadata?: Record<string, unknown> },
): Promise<HandleResult<State, Event>> {
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = foldStream(decider, recorded);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, append: null };
    const revision = recorded.length - 1;
    const ids = options.eventIds(events, revision);
    const toAppend: NewEvent[] = events.map((e, i) => ({ id: ids[i]!, type: e.type, data: e.data, metadata: options.metadata ?? {} }));
    try {
      const append = await store.append(streamId, toAppend, { expectedRevision: recorded.length === 0 ? 'no_stream' : revision });
      return { events, state: events.reduce(decider.evolve, state), append };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < COMMAND_RETRIES_MAX) continue;
      throw error;
    }
  }
}
