// Proves the erasure decision: for any facts, a person is erased only with no open bet, no open pool and every balance zero (else the reason, in that order); once erased, erasing again decides nothing and every other command about them is refused as not found; the erased state keeps no personal field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { userDecider, type ErasureFacts, type UserCommand, type UserEvent, type UserState } from './index.js';

const now = new Date('2026-11-26T12:00:00Z');
const userId = '6a1d2b3c-0000-4000-8000-000000000001';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'ada', email: 'ada@example.com', phoneNumber: '+2348012345678', psnUsername: 'ada_psn', activisionId: 'ada#1', country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-15', signupForm: 'full', ipAddress: '203.0.113.7', registeredAt: now.toISOString() },
};
const fold = (events: UserEvent[], state: UserState = userDecider.initialState()) => events.reduce(userDecider.evolve, state);
const erase = (facts: ErasureFacts): UserCommand => ({ type: 'ErasePerson', data: { by: 'admin:a-1', facts }, metadata: { now } });
const amount = fc.constantFrom('0.00', '0.01', '10.00', '-0.01');
const facts = fc.record({ openBets: fc.nat(3), openPools: fc.nat(2), balances: fc.array(fc.record({ currency: fc.constantFrom('NGN', 'USD'), amount }), { maxLength: 3 }) });

describe('ErasePerson', () => {
  it('erases exactly when nothing is in play and nothing is left, else says why', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const state = fold([registered]);
        const clear = f.openBets === 0 && f.openPools === 0 && f.balances.every((b) => Number(b.amount) === 0);
        if (clear) {
          expect(userDecider.decide(erase(f), state)).toEqual([{ type: 'PersonErased', data: { userId, by: 'admin:a-1', erasedAt: now.toISOString() } }]);
        } else {
          const code = f.openBets > 0 ? 'erasure_open_bets' : f.openPools > 0 ? 'erasure_open_pools' : 'erasure_balance_left';
          expect(() => userDecider.decide(erase(f), state)).toThrow(expect.objectContaining({ status: 409, code }));
        }
      }),
    );
  });

  it('once erased: again decides nothing, anything else is not found, and the state holds nothing personal', () => {
    const none = { openBets: 0, openPools: 0, balances: [] };
    const state = fold(userDecider.decide(erase(none), fold([registered])), fold([registered]));
    expect(userDecider.decide(erase(none), state)).toEqual([]);
    expect(() => userDecider.decide({ type: 'ChangeProfile', data: { changes: { psnUsername: 'again' } }, metadata: { now } } as unknown as UserCommand, state)).toThrow(expect.objectContaining({ status: 404, code: 'user_not_found' }));
    expect(state).toMatchObject({ erased: true, username: null, email: null, phoneNumber: null, psnUsername: null, activisionId: null });
  });

  it('a request waits its cooling period (asked again, the first time stands) and can be cancelled once', () => {
    fc.assert(
      fc.property(fc.nat(90 * 24), (hours) => {
        const coolingMs = hours * 3_600_000;
        const request: UserCommand = { type: 'RequestErasure', data: { coolingMs }, metadata: { now } };
        const asked = userDecider.decide(request, fold([registered]));
        expect(asked).toEqual([{ type: 'ErasureRequested', data: { userId, requestedAt: now.toISOString(), effectiveAt: new Date(now.getTime() + coolingMs).toISOString() } }]);
        const pending = fold(asked, fold([registered]));
        expect(userDecider.decide({ ...request, metadata: { now: new Date(now.getTime() + 1000) } }, pending)).toEqual([]);
        const cancel: UserCommand = { type: 'CancelErasureRequest', data: {}, metadata: { now } };
        const cancelled = fold(userDecider.decide(cancel, pending), pending);
        expect(cancelled.erasureEffectiveAt).toBeNull();
        expect(() => userDecider.decide(cancel, cancelled)).toThrow(expect.objectContaining({ status: 409, code: 'no_erasure_request' }));
      }),
    );
  });
});
