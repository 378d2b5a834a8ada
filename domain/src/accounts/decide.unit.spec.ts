// Proves the user decider: registration, code issue cooldown, verification with wrong tries and lock, profile deltas, location and admin events, the security facts (password changed, new device) and the device label.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { DomainError } from '../shared/errors.js';
import { UNKNOWN_DEVICE, deviceLabel, userDecider, type UserCommand, type UserEvent, type UserState, type RegisterUser } from './index.js';

const t0 = new Date('2026-11-21T12:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const userId = '6a1d2b3c-0000-4000-8000-000000000001';

const spec = deciderSpec(userDecider);
const given = (events: UserEvent[]): UserState => spec.stateOf(events);
const when = (state: UserState, command: UserCommand): UserEvent[] => spec.givenState(state).when(command).events();
/** The refusal `command` meets on `state`. */
const refused = (state: UserState, command: UserCommand): DomainError => spec.givenState(state).when(command).thenRefused() as DomainError;

const register: RegisterUser = {
  type: 'RegisterUser', data: { userId, profile: { username: 'Player', email: 'p@example.com', phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'UTC', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01' }, signupForm: 'full', ipAddress: '127.0.0.1', code: { codeId: 'code-1', codeHash: 'hash-1', expiresAt: at(900) } }, metadata: { now: t0 } };
const registered = () => when(spec.given().state, register);

describe('RegisterUser', () => {
  it('a full signup chose its currency (currencySetByUser); a quick one had it guessed from the browser', () => {
    expect(given(registered()).currencySetByUser).toBe(true);
    const quick = when(spec.given().state, { ...register, data: { ...register.data, signupForm: 'quick' } });
    expect(given(quick).currencySetByUser).toBe(false);
  });

  it('records the registration and a code issue, never a code in clear', () => {
    const events = registered();
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationCodeIssued']);
    expect(JSON.stringify(events)).not.toMatch(/password/i);
  });
  it('a seeded account starts verified', () => {
    expect(when(spec.given().state, { ...register, data: { ...register.data, code: null } }).map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerified']);
  });
  it('refuses a second registration of the same stream', () => {
    expect(refused(given(registered()), register).status).toBe(409);
  });
});

describe('IssueVerificationCode', () => {
  const issue = (now: Date): UserCommand => ({ type: 'IssueVerificationCode', data: { code: { codeId: 'code-2', codeHash: 'hash-2', expiresAt: at(2000) }, reason: 'resend' }, metadata: { now } });
  it('refuses within 60 s of the last code with the seconds left', () => {
    const error = refused(given(registered()), issue(at(45)));
    expect(error.status).toBe(429);
    expect(error.extra).toEqual({ retryAfter: 15 });
  });
  it('issues after 60 s', () => {
    expect(when(given(registered()), issue(at(60)))[0]!.type).toBe('EmailVerificationCodeIssued');
  });
});

describe('VerifyEmail', () => {
  const verify = (matches: boolean, now = at(10)): UserCommand => ({ type: 'VerifyEmail', data: { codeMatches: () => matches }, metadata: { now } });
  it('verifies with the right code', () => {
    expect(when(given(registered()), verify(true))[0]).toMatchObject({ type: 'EmailVerified', data: { codeId: 'code-1', method: 'code' } });
  });
  it('records a wrong try, and locks the code after 5', () => {
    let history = registered();
    for (let i = 1; i <= 5; i++) {
      const events = when(given(history), verify(false));
      expect(events[0]).toMatchObject({ type: 'EmailVerificationAttemptFailed', data: { attempts: i } });
      history = [...history, ...events];
    }
    expect(refused(given(history), verify(true)).status).toBe(429);
  });
  it('refuses an expired code', () => {
    expect(refused(given(registered()), verify(true, at(900))).message).toMatch(/expired/);
  });
});

describe('ChangeProfile', () => {
  it('records only what changed; a new email clears verification and issues a code to it', () => {
    const verified = [...registered(), ...when(given(registered()), { type: 'VerifyEmail', data: { codeMatches: () => true }, metadata: { now: at(5) } })];
    const events = when(given(verified), {
      type: 'ChangeProfile', data: { changes: { username: 'Player', email: 'new@example.com', country: 'GB' }, code: { codeId: 'code-3', codeHash: 'hash-3', expiresAt: at(1000) } }, metadata: { now: at(100) } });
    expect(events[0]).toMatchObject({ type: 'ProfileChanged', data: { changes: { email: 'new@example.com', country: 'GB' } } });
    expect(events[1]).toMatchObject({ type: 'EmailVerificationCodeIssued', data: { email: 'new@example.com', reason: 'email-changed' } });
    expect(given([...verified, ...events]).isEmailVerified).toBe(false);
  });
  it('records nothing when nothing changed', () => {
    expect(when(given(registered()), { type: 'ChangeProfile', data: { changes: { username: 'Player', country: 'NG' }, code: null }, metadata: { now: at(1) } })).toEqual([]);
  });
});

describe('location, currency, admin', () => {
  it('confirming takes the recorded detection; declining uses USD', () => {
    const detected = [...registered(), ...when(given(registered()), { type: 'RecordDetectedLocation', data: { location: { country: 'GB', city: 'London', currency: 'GBP' }, source: 'geoip', ipAddress: '81.2.69.142' }, metadata: { now: at(1) } })];
    const accept = when(given(detected), { type: 'ConfirmLocation', data: { acceptLocation: true, clientLocation: { country: 'FR', city: '', currency: 'EUR' } }, metadata: { now: at(2) } });
    expect(accept[0]).toMatchObject({ data: { country: 'GB', currency: 'GBP' } });
    const decline = when(given(detected), { type: 'ConfirmLocation', data: { acceptLocation: false, clientLocation: null }, metadata: { now: at(2) } });
    expect(decline[0]).toMatchObject({ data: { country: null, currency: 'USD' } });
  });
  it('granting admin and verifying age are recorded once', () => {
    const admin = [...registered(), ...when(given(registered()), { type: 'GrantAdmin', data: { grantedBy: 'seed' }, metadata: { now: at(1) } })];
    expect(when(given(admin), { type: 'GrantAdmin', data: { grantedBy: 'seed' }, metadata: { now: at(2) } })).toEqual([]);
    const aged = [...admin, ...when(given(admin), { type: 'VerifyAge', data: { adminId: 'a' }, metadata: { now: at(3) } })];
    expect(when(given(aged), { type: 'VerifyAge', data: { adminId: 'a' }, metadata: { now: at(4) } })).toEqual([]);
  });
  it('an admin makes a user a moderator and takes it back, each change recorded once with the admin', () => {
    const made = when(given(registered()), { type: 'SetModeratorRole', data: { adminId: 'adm', isModerator: true }, metadata: { now: at(1) } });
    expect(made).toEqual([{ type: 'ModeratorRoleSet', data: { userId, isModerator: true, setBy: 'adm', setAt: at(1).toISOString() } }]);
    const moderator = [...registered(), ...made];
    expect(given(moderator).isModerator).toBe(true);
    expect(when(given(moderator), { type: 'SetModeratorRole', data: { adminId: 'adm', isModerator: true }, metadata: { now: at(2) } })).toEqual([]);
    expect(when(given(moderator), { type: 'SetModeratorRole', data: { adminId: 'adm', isModerator: false }, metadata: { now: at(3) } })[0]).toMatchObject({ data: { isModerator: false } });
    expect(refused(spec.given().state, { type: 'SetModeratorRole', data: { adminId: 'adm', isModerator: true }, metadata: { now: t0 } }).status).toBe(404);
  });
  it('refuses commands on an account that does not exist', () => {
    expect(refused(spec.given().state, { type: 'SetPreferredCurrency', data: { currency: 'EUR', setByUser: true }, metadata: { now: t0 } }).status).toBe(404);
  });
});

describe('security facts', () => {
  it('a password change is recorded with how it happened and when, never the password or its hash', () => {
    const events = when(given(registered()), { type: 'RecordPasswordChange', data: { via: 'reset' }, metadata: { now: at(5) } });
    expect(events).toEqual([{ type: 'PasswordChanged', data: { userId, via: 'reset', changedAt: at(5).toISOString() } }]);
    expect(JSON.stringify(events)).not.toMatch(/hash|scrypt/i);
    expect(given([...registered(), ...events])).toEqual(given(registered()));
  });
  it('a sign-in from a new device is recorded with its label and session, no IP address', () => {
    const events = when(given(registered()), { type: 'RecordNewDeviceSignIn', data: { sessionId: 's-2', device: 'Firefox · Linux' }, metadata: { now: at(6) } });
    expect(events).toEqual([{ type: 'NewDeviceSignedIn', data: { userId, sessionId: 's-2', device: 'Firefox · Linux', signedInAt: at(6).toISOString() } }]);
  });
  it('both are refused on an account that does not exist', () => {
    expect(refused(spec.given().state, { type: 'RecordPasswordChange', data: { via: 'change' }, metadata: { now: t0 } }).status).toBe(404);
    expect(refused(spec.given().state, { type: 'RecordNewDeviceSignIn', data: { sessionId: null, device: 'Chrome' }, metadata: { now: t0 } }).status).toBe(404);
  });
  it('labels a device by browser and system, the most specific browser first', () => {
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe('Chrome · Windows');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0')).toBe('Edge · Windows');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari · iPhone');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox · Linux');
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36')).toBe('Samsung Internet · Android');
    expect(deviceLabel('Mozilla/5.0 (PlayStation; PlayStation 5/6.00) AppleWebKit/605.1.15 (KHTML, like Gecko)')).toBe('PlayStation');
    expect(deviceLabel('curl/8.5.0')).toBe(UNKNOWN_DEVICE);
    expect(deviceLabel(null)).toBe(UNKNOWN_DEVICE);
  });
});
