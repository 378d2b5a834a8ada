// Proves the decider spec helper fails when it should: wrong events, a refusal where events were expected and the reverse, a refusal of another class, code or message.
import { describe, expect, it } from 'vitest';
import type { Decider } from '../event-store/command-handler.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { deciderSpec } from './decider-spec.js';

type Event = { type: 'Added'; data: { n: number } };
type Command = { type: 'Add'; data: { n: number } };
/** A counter that refuses to pass 10 and treats adding 0 as a no-op. */
const counter: Decider<number, Command, Event> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.n,
  decide: (command, total) => {
    if (total + command.data.n > 10) throw new ValidationError('Too much', { code: 'too_much' });
    return command.data.n === 0 ? [] : [{ type: 'Added', data: { n: command.data.n } }];
  },
};
const spec = deciderSpec(counter);
const add = (n: number): Command => ({ type: 'Add', data: { n } });
const added = (n: number): Event => ({ type: 'Added', data: { n } });

describe('deciderSpec', () => {
  it('builds the state from events or from commands, and passes what holds', () => {
    expect(spec.stateOf([added(2), added(3)])).toBe(5);
    expect(spec.stateAfter([add(2), add(3)])).toBe(5);
    spec.given(added(4)).when(add(1)).then([added(1)]);
    spec.givenCommands(add(4)).when(add(0)).thenNothing();
    expect(spec.given(added(4)).when(add(1)).after()).toBe(5);
    const error = spec.given(added(9)).when(add(2)).thenRefused({ type: ValidationError, code: 'too_much', message: 'Too much' });
    expect(error.message).toBe('Too much');
    spec.given(added(9)).when(add(2)).thenRefused({ message: /much/ });
  });

  it('fails on other events, on a refusal where events were expected, and on events where a refusal was expected', () => {
    expect(() => spec.given().when(add(1)).then([added(2)])).toThrow();
    expect(() => spec.given().when(add(1)).thenNothing()).toThrow();
    expect(() => spec.given(added(10)).when(add(1)).events()).toThrow('Too much');
    expect(() => spec.given().when(add(1)).thenRefused()).toThrow(/expected a refusal/);
  });

  it('fails on a refusal of another class, code or message', () => {
    const when = spec.given(added(10)).when(add(1));
    expect(() => when.thenRefused({ type: ConflictError })).toThrow();
    expect(() => when.thenRefused({ code: 'other' })).toThrow();
    expect(() => when.thenRefused({ message: 'Too' })).toThrow();
  });
});
