// The one given/when/then of decider specs (docs/conventions.md, "Tests"): a decider is a pure
// function of (command, state), so every spec states a history, a command and what it decides.
import { expect } from 'vitest';
import type { Decider } from '../event-store/command-handler.js';
import { DomainError } from '../shared/errors.js';

type AnyEvent = { type: string; data: unknown };

/** What a command decided: its events, or the refusal it threw. */
export type Decision<Event> = { readonly events: Event[]; readonly error?: undefined } | { readonly events?: undefined; readonly error: unknown };

export interface When<State, Event> {
  /** The state the command was decided on. */
  readonly state: State;
  /** The events decided; a refusal is thrown as the decider threw it. */
  events(): Event[];
  /** Expects exactly these events (or, given a function, hands them over for finer assertions). */
  then(expected: readonly Event[] | ((events: Event[], state: State) => void)): Event[];
  /** Expects no event: the command was a no-op (already done, nothing to do). */
  thenNothing(): void;
  /**
   * Expects a refusal: of this error class (any DomainError by default), with this code, and with
   * this exact message (a string) or a message matching this pattern, when given. Returns it
   * for further assertions.
   */
  thenRefused(expected?: { type?: abstract new (...args: never[]) => DomainError; code?: string; message?: string | RegExp }): DomainError;
  /** The refusal thrown, or null when the command decided events (for properties where either may hold). */
  refusal(): DomainError | null;
  /** The state after applying what was decided (for chaining a further command). */
  after(): State;
}

export interface Given<State, Command, Event> {
  readonly state: State;
  when(command: Command): When<State, Event>;
}

export interface DeciderSpec<State, Command, Event extends AnyEvent> {
  /** The history as events: the state the decider folds from them. */
  given(...events: Event[]): Given<State, Command, Event>;
  /** The history as commands, each decided on the state its predecessors left (how most specs build a wallet). */
  givenCommands(...commands: Command[]): Given<State, Command, Event>;
  /** A state built elsewhere (a property's generated history, a helper's fixture). */
  givenState(state: State): Given<State, Command, Event>;
  /** The state after these events (folded from `from`, the initial state by default). */
  stateOf(events: readonly Event[], from?: State): State;
  /** The state after these commands. */
  stateAfter(commands: readonly Command[]): State;
}

/** The given/when/then of one decider. */
export function deciderSpec<State, Command, Event extends AnyEvent>(decider: Decider<State, Command, Event>): DeciderSpec<State, Command, Event> {
  const stateOf = (events: readonly Event[], from: State = decider.initialState()): State => events.reduce(decider.evolve, from);
  const stateAfter = (commands: readonly Command[]): State => commands.reduce((state, command) => decider.decide(command, state).reduce(decider.evolve, state), decider.initialState());

  const given = (state: State): Given<State, Command, Event> => ({
    state,
    when(command: Command): When<State, Event> {
      let decision: Decision<Event>;
      try {
        decision = { events: decider.decide(command, state) };
      } catch (error) {
        decision = { error };
      }
      const events = (): Event[] => {
        // The refusal itself, as the decider threw it: the failing spec shows its message and code.
        if (decision.error !== undefined) throw decision.error;
        return decision.events!;
      };
      return {
        state,
        events,
        then(expected) {
          const decided = events();
          if (typeof expected === 'function') expected(decided, state);
          else expect(decided).toEqual(expected);
          return decided;
        },
        thenNothing() {
          expect(events()).toEqual([]);
        },
        thenRefused(expected = {}) {
          if (decision.error === undefined) throw new Error(`expected a refusal, but the command decided ${JSON.stringify(decision.events!.map((e) => e.type))}`);
          const error = decision.error as DomainError;
          expect(error).toBeInstanceOf(expected.type ?? DomainError);
          if (expected.code !== undefined) expect((error as { code?: string }).code).toBe(expected.code);
          if (typeof expected.message === 'string') expect(error.message).toBe(expected.message);
          else if (expected.message !== undefined) expect(error.message).toMatch(expected.message);
          return error;
        },
        refusal() {
          if (decision.error === undefined) return null;
          // Anything but a typed refusal is a defect of the decider, not an answer: it fails the spec.
          if (!(decision.error instanceof DomainError)) throw decision.error;
          return decision.error;
        },
        after() {
          return events().reduce(decider.evolve, state);
        },
      };
    },
  });

  return {
    given: (...events) => given(stateOf(events)),
    givenCommands: (...commands) => given(stateAfter(commands)),
    givenState: given,
    stateOf,
    stateAfter,
  };
}
