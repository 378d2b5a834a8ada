// Proves the erasure decision: for any facts, a person is erased only with no open bet, no open pool and every balance zero (else the reason, in that order); once erased, erasing again decides nothing and every other command about them is refused as not found; the erased state keeps no personal field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deciderSpec } from '../testing/decider-spec.js';
import { userDecider, type ErasureFacts, type UserCommand, type UserEvent } from './index.js';

const now = new Date('2026-11-26T12:00:00Z');
const userId = '6a1d2b3c-0000-4000-8000-000000000001';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'ada', email: 'ada@example.com', phoneNumber: '+2348012345678', psnUsername: 'ada_psn', activisionId: 'ada#1', country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-15', signupForm: 'full', ipAddress: '203.0.113.7', registeredAt: now.toISOString() },
};
const spec = deciderSpec(userDecider);
const erase = (facts: ErasureFacts): UserCommand => ({ type: 'ErasePerson', data: { by: 'admin:a-1', facts }, metadata: { now } });
const amount = fc.constantFrom('0.00', '0.01', '10.00', '-0.01');
const facts = fc.record({ openBets: fc.nat(3), openPools: fc.nat(2), balances: fc.array(fc.record({ currency: fc.constantFrom('NGN', 'USD'), amount }), { maxLength: 3 }) });

describe('ErasePerson', () => {
  it('erases exactly when nothing is in play and nothing is left, else says why', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const when = spec.given(registered).when(erase(f));
        const clear = f.openBets === 0 && f.openPools === 0 && f.balances.every((b) => Number(b.amount) === 0);
        if (clear) {
          when.then([{ type: 'PersonErased', data: { userId, by: 'admin:a-1', erasedAt: now.toISOString() } }]);
        } else {
          const code = f.openBets > 0 ? 'erasure_open_bets' : f.openPools > 0 ? 'erasure_open_pools' : 'erasure_balance_left';
          expect(when.thenRefused({ code })).toMatchObject({ status: 409 });
        }
      }),
    );
  });

  it('once erased: again decides nothing, anything else is not found, and the state holds nothing personal', () => {
    const none = { openBets: 0, openPools: 0, balances: [] };
    const state = spec.given(registered).when(erase(none)).after();
    spec.givenState(state).when(erase(none)).thenNothing();
    expect(spec.givenState(state).when({ type: 'ChangeProfile', data: { changes: { psnUsername: 'again' } }, metadata: { now } } as unknown as UserCommand).thenRefused({ code: 'user_not_found' })).toMatchObject({ status: 404 });
    expect(state).toMatchObject({ erased: true, username: null, email: null, phoneNumber: null, psnUsername: null, activisionId: null });
  });

  it('a request waits its cooling period (asked again, the first time stands) and can be cancelled once', () => {
    fc.assert(
      fc.property(fc.nat(90 * 24), (hours) => {
        const coolingMs = hours * 3_600_000;
        const request: UserCommand = { type: 'RequestErasure', data: { coolingMs }, metadata: { now } };
        const asked = spec.given(registered).when(request);
        asked.then([{ type: 'ErasureRequested', data: { userId, requestedAt: now.toISOString(), effectiveAt: new Date(now.getTime() + coolingMs).toISOString() } }]);
        const pending = asked.after();
        spec.givenState(pending).when({ ...request, metadata: { now: new Date(now.getTime() + 1000) } }).thenNothing();
        const cancel: UserCommand = { type: 'CancelErasureRequest', data: {}, metadata: { now } };
        const cancelled = spec.givenState(pending).when(cancel).after();
        expect(cancelled.erasureEffectiveAt).toBeNull();
        expect(spec.givenState(cancelled).when(cancel).thenRefused({ code: 'no_erasure_request' })).toMatchObject({ status: 409 });
      }),
    );
  });
});
