// Proves the profile change over the account's and the numbers' streams: a new number releases the verified one on its stream, a number another account holds verified is refused (409 phone_in_use), no change of number touches no number, and a verified number that moved since its stream was chosen asks for the streams again.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { ConflictError } from '../shared/errors.js';
import { ProfilePhonesUnread, decideProfileChange, initialPhoneState, phoneDecider, profilePhonesRead, userDecider, type ChangeProfile, type RegisterUser, type UserEvent } from './index.js';

const t0 = new Date('2026-11-21T12:00:00Z');
const userId = '6a1d2b3c-0000-4000-8000-000000000001';
const otherId = '6a1d2b3c-0000-4000-8000-000000000002';
const spec = deciderSpec(userDecider);
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId, profile: { username: 'Player', email: 'p@example.com', phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'UTC', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01' }, signupForm: 'full', ipAddress: null, code: null },
  metadata: { now: t0 },
};
const registered = spec.givenState(userDecider.initialState()).when(register).events();
const verified: UserEvent[] = [...registered, { type: 'PhoneVerified', data: { userId, phone: '+2348031234567', codeId: 'c', verifiedAt: t0.toISOString() } }];
const user = spec.stateOf(verified);
const heldBy = (holder: string | null) => phoneDecider.evolve(initialPhoneState(), { type: 'PhoneClaimed', data: { phone: '+x', userId: holder ?? userId, claimedAt: t0.toISOString() } });
const change = (changes: ChangeProfile['data']['changes']): ChangeProfile => ({ type: 'ChangeProfile', data: { changes, code: null }, metadata: { now: t0 } });

describe('decideProfileChange', () => {
  it('releases the verified number on its stream when the number changes', () => {
    const command = change({ phoneNumber: '0803 765 4321' });
    const read = profilePhonesRead(user, command.data.changes);
    expect(read).toEqual({ verifiedPhone: '+2348031234567', newPhone: '+2348037654321' });
    const decided = decideProfileChange(command, read, { user, oldPhone: heldBy(userId), newPhone: initialPhoneState() });
    expect(decided.user.map((e) => e.type)).toEqual(['ProfileChanged']);
    expect(decided.oldPhone).toEqual([{ type: 'PhoneReleased', data: { phone: '+2348031234567', userId, releasedAt: t0.toISOString() } }]);
  });

  it('refuses a new number another account holds verified', () => {
    const command = change({ phoneNumber: '+2348037654321' });
    const read = profilePhonesRead(user, command.data.changes);
    const refusal = (() => {
      try {
        decideProfileChange(command, read, { user, oldPhone: heldBy(userId), newPhone: heldBy(otherId) });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).status).toBe(409);
    expect((refusal as ConflictError).code).toBe('phone_in_use');
  });

  it('touches no number when the number does not change, or when the account held none verified', () => {
    const same = change({ phoneNumber: '+2348031234567', psnUsername: 'psn' });
    expect(decideProfileChange(same, profilePhonesRead(user, same.data.changes), { user, oldPhone: heldBy(userId) })).toEqual({ user: [expect.objectContaining({ type: 'ProfileChanged' })] });
    const unverified = spec.stateOf(registered);
    const command = change({ phoneNumber: null });
    expect(decideProfileChange(command, profilePhonesRead(unverified, command.data.changes), { user: unverified }).oldPhone).toBeUndefined();
  });

  it('asks for the streams again when the verified number moved since they were chosen', () => {
    const command = change({ phoneNumber: '+2348037654321' });
    const stale = { verifiedPhone: null, newPhone: '+2348037654321' };
    expect(() => decideProfileChange(command, stale, { user, newPhone: initialPhoneState() })).toThrow(ProfilePhonesUnread);
  });
});
