// Proves suspending and freezing (issue #29): for any sequence of admin acts, each is decided against a plain model (impose what is not in force, lift what is; refusals say why and change nothing), every event names the admin and the trimmed reason, money moves only with neither in force, and signing in only without a suspension.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../shared/errors.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { RESTRICTION_REASON_LENGTH_MAX, assertMayMoveMoney, assertMaySignIn, userDecider, type AccountRestriction, type UserCommand, type UserEvent, type UserState } from './index.js';

const spec = deciderSpec(userDecider);
const now = new Date('2026-11-27T02:00:00Z');
const userId = '6a1d2b3c-0000-4000-8000-0000000000aa';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'ada', email: 'ada@example.com', phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-15', signupForm: 'full', ipAddress: null, registeredAt: now.toISOString() },
};
const adminGranted: UserEvent = { type: 'AdminGranted', data: { userId, grantedBy: 'seed', grantedAt: now.toISOString() } };

const reason = fc.oneof(fc.constantFrom('', '   ', 'Chargeback fraud', '  spaces around  '), fc.string({ maxLength: 20 }), fc.string({ minLength: RESTRICTION_REASON_LENGTH_MAX - 2, maxLength: RESTRICTION_REASON_LENGTH_MAX + 3 }));
const act = fc.record({ restriction: fc.constantFrom<AccountRestriction>('suspension', 'freeze'), on: fc.boolean(), reason, adminId: fc.constantFrom('admin-1', 'admin-2') });
const command = (a: { restriction: AccountRestriction; on: boolean; reason: string; adminId: string }): UserCommand => ({ type: 'RestrictAccount', data: a, metadata: { now } });

/** The refusal of a rule that is not a decider (may this account move money, sign in). */
function refusalOf(fn: () => unknown): DomainError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('RestrictAccount', () => {
  it('follows the model for any sequence of acts, and the money and sign-in rules follow the state', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(act, { maxLength: 12 }), (isAdmin, acts) => {
        let state: UserState = spec.given(registered, ...(isAdmin ? [adminGranted] : [])).state;
        const model = { suspension: null as string | null, freeze: null as string | null };
        for (const a of acts) {
          const trimmed = a.reason.trim();
          const inForce = model[a.restriction] !== null;
          const expectedCode =
            trimmed.length === 0 ? 'reason_required'
            : [...trimmed].length > RESTRICTION_REASON_LENGTH_MAX ? 'reason_too_long'
            : a.on && isAdmin ? 'account_is_admin'
            : a.on && inForce ? (a.restriction === 'suspension' ? 'account_already_suspended' : 'account_already_frozen')
            : !a.on && !inForce ? (a.restriction === 'suspension' ? 'account_not_suspended' : 'account_not_frozen')
            : null;
          const decided = spec.givenState(state).when(command(a));
          const refusal = decided.refusal();
          if (expectedCode !== null) {
            expect(refusal?.code).toBe(expectedCode);
            expect(refusal?.status).toBe(expectedCode.startsWith('reason') ? 400 : 409);
            continue;
          }
          expect(refusal).toBeNull();
          const type = a.restriction === 'suspension' ? (a.on ? 'AccountSuspended' : 'AccountSuspensionLifted') : a.on ? 'AccountFrozen' : 'AccountUnfrozen';
          decided.then([{ type, data: { userId, reason: trimmed, by: a.adminId, at: now.toISOString() } }]);
          state = decided.after();
          model[a.restriction] = a.on ? trimmed : null;
        }
        expect(state.suspensionReason).toBe(model.suspension);
        expect(state.freezeReason).toBe(model.freeze);
        const money = refusalOf(() => assertMayMoveMoney(state));
        expect(money?.code ?? null).toBe(model.suspension !== null ? 'account_suspended' : model.freeze !== null ? 'account_frozen' : null);
        if (money) expect(money.status).toBe(403);
        expect(refusalOf(() => assertMaySignIn(state))?.code ?? null).toBe(model.suspension !== null ? 'account_suspended' : null);
      }),
    );
  });

  it('the refusal the player reads names the reason, in its params and its words', () => {
    const frozen = refusalOf(() => assertMayMoveMoney({ suspensionReason: null, freezeReason: 'Chargeback under review' }));
    expect(frozen).toMatchObject({ status: 403, code: 'account_frozen', params: { reason: 'Chargeback under review' } });
    expect(frozen?.message).toMatch(/frozen.*cannot deposit.*Chargeback under review/);
  });
});
