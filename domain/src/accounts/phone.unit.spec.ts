// Proves the phone verification rules: number parsing to E.164, the per-account code rules (lifetime, 5 tries, 60 s resend) and the per-number rules (5 codes a day, one account per verified number), with fast-check over random histories.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import {
  PHONE_CODES_PER_NUMBER_PER_DAY,
  PHONE_CODE_ATTEMPTS_MAX,
  PHONE_CODE_DAY_MS,
  PHONE_CODE_LIFETIME_MS,
  PHONE_CODE_RESEND_COOLDOWN_SECONDS,
  parseMobileNumber,
  phoneDailyCapWaitSeconds,
  phoneDecider,
  userDecider,
  type PhoneCommand,
  type PhoneEvent,
  type PhoneState,
  type UserCommand,
  type UserEvent,
  type UserState,
} from './index.js';

const t0 = new Date('2026-11-26T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const userId = '6a1d2b3c-0000-4000-8000-000000000024';
const phone = '+2348031234567';


const registeredEvents: UserEvent[] = [
  { type: 'UserRegistered', data: { userId, username: 'Ada', email: 'ada@example.com', phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01', signupForm: 'quick', ipAddress: null, registeredAt: t0.toISOString() } },
];
const spec = deciderSpec(userDecider);
const fold = (events: UserEvent[], from?: UserState): UserState => spec.stateOf(events, from);
const issue = (now: Date, codeId = `code-${now.getTime()}`, number = phone): UserCommand => ({
  type: 'IssuePhoneCode',
  data: { phone: number, code: { codeId, codeHash: `hash-${codeId}`, expiresAt: new Date(now.getTime() + PHONE_CODE_LIFETIME_MS) } },
  metadata: { now },
});
const verify = (now: Date, matches: boolean): UserCommand => ({ type: 'VerifyPhone', data: { codeMatches: () => matches }, metadata: { now } });

describe('parseMobileNumber', () => {
  it('reads the ways a Nigerian mobile is typed as one E.164 number', () => {
    for (const typed of ['08031234567', '0803 123 4567', '+234 803 123 4567', '2348031234567', '234-803-123-4567', '8031234567']) {
      expect(parseMobileNumber(typed)).toBe('+2348031234567');
    }
  });
  it('refuses what cannot receive an SMS or is not a number', () => {
    for (const typed of ['080312345', 'abc', '', '0800123456789', '+2341']) expect(parseMobileNumber(typed)).toBeNull();
  });
  it('keeps a foreign number given with its country code', () => {
    expect(parseMobileNumber('+44 7400 123456')).toBe('+447400123456');
  });
});

describe('IssuePhoneCode and VerifyPhone on the user stream', () => {
  it('a code issue records the number and a hash, never the code', () => {
    const [event] = spec.given(...registeredEvents).when(issue(t0, 'c1')).events();
    expect(event).toEqual({ type: 'PhoneVerificationCodeIssued', data: { userId, codeId: 'c1', phone, codeHash: 'hash-c1', expiresAt: at(PHONE_CODE_LIFETIME_MS).toISOString(), issuedAt: t0.toISOString() } });
  });

  it('property: another code is refused exactly within 60 s of the last one, with the seconds left', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * PHONE_CODE_RESEND_COOLDOWN_SECONDS * 1000 }), (elapsedMs) => {
        const state = spec.given(...registeredEvents).when(issue(t0, 'c1')).after();
        const error = spec.givenState(state).when(issue(at(elapsedMs), 'c2')).refusal();
        if (elapsedMs < PHONE_CODE_RESEND_COOLDOWN_SECONDS * 1000) {
          expect(error?.status).toBe(429);
          expect(error?.code).toBe('resend_too_soon');
          expect(error?.extra).toEqual({ retryAfter: Math.ceil((PHONE_CODE_RESEND_COOLDOWN_SECONDS * 1000 - elapsedMs) / 1000) });
        } else {
          expect(error).toBeNull();
        }
      }),
    );
  });

  it('property: over any sequence of tries, a code verifies only if right, unexpired and fewer than 5 wrong tries came first', () => {
    const tryArb = fc.record({ afterMs: fc.integer({ min: 0, max: 4 * 60 * 1000 }), right: fc.boolean() });
    fc.assert(
      fc.property(fc.array(tryArb, { maxLength: 12 }), (tries) => {
        let state = spec.given(...registeredEvents).when(issue(t0, 'c1')).after();
        let wrong = 0;
        let elapsed = 0;
        let verified = false;
        for (const attempt of tries) {
          elapsed += attempt.afterMs;
          const error = spec.givenState(state).when(verify(at(elapsed), attempt.right)).refusal();
          if (verified) {
            expect(error?.code).toBe('phone_code_not_requested');
            continue;
          }
          if (wrong >= PHONE_CODE_ATTEMPTS_MAX) {
            expect(error?.code).toBe('verification_code_locked');
            continue;
          }
          if (elapsed >= PHONE_CODE_LIFETIME_MS) {
            expect(error?.code).toBe('verification_code_expired');
            continue;
          }
          const decided = spec.givenState(state).when(verify(at(elapsed), attempt.right));
          if (attempt.right) {
            decided.then([{ type: 'PhoneVerified', data: { userId, phone, codeId: 'c1', verifiedAt: at(elapsed).toISOString() } }]);
            verified = true;
          } else {
            wrong++;
            decided.then([{ type: 'PhoneVerificationAttemptFailed', data: { userId, codeId: 'c1', attempts: wrong, failedAt: at(elapsed).toISOString() } }]);
          }
          state = decided.after();
        }
        expect(state.isPhoneVerified).toBe(verified);
      }),
    );
  });

  it('a new code after a lock starts the count again; the same verified number is refused; another number may be verified', () => {
    let state = spec.given(...registeredEvents).when(issue(t0, 'c1')).after();
    for (let i = 0; i < PHONE_CODE_ATTEMPTS_MAX; i++) state = spec.givenState(state).when(verify(at(1000), false)).after();
    expect(spec.givenState(state).when(verify(at(2000), true)).refusal()?.code).toBe('verification_code_locked');
    state = spec.givenState(state).when(issue(at(60_000), 'c2')).after();
    state = spec.givenState(state).when(verify(at(61_000), true)).after();
    expect(state).toMatchObject({ isPhoneVerified: true, verifiedPhone: phone, phoneNumber: phone, pendingPhoneCode: null });
    expect(spec.givenState(state).when(issue(at(200_000), 'c3')).refusal()?.code).toBe('phone_already_verified');
    expect(spec.givenState(state).when(issue(at(200_000), 'c3', '+2348091234567')).refusal()).toBeNull();
  });

  it('a profile change of the phone number drops the verification', () => {
    let state = spec.given(...registeredEvents).when(issue(t0, 'c1')).after();
    state = spec.givenState(state).when(verify(at(1000), true)).after();
    state = fold([{ type: 'ProfileChanged', data: { userId, changes: { phoneNumber: '+2348091234567' }, changedAt: at(2000).toISOString() } }], state);
    expect(state).toMatchObject({ isPhoneVerified: false, verifiedPhone: null });
  });
});

describe('the phone-<e164> stream', () => {
  const phoneSpec = deciderSpec(phoneDecider);
  const request = (now: Date, who = userId, codeId = `c-${now.getTime()}`): PhoneCommand => ({ type: 'RequestPhoneCode', data: { phone, userId: who, codeId }, metadata: { now } });
  const claim = (who: string, now = t0): PhoneCommand => ({ type: 'ClaimPhone', data: { phone, userId: who }, metadata: { now } });

  it('property: a code is sent only while fewer than 5 went to the number in the 24 hours before', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 8 * 60 * 60 * 1000 }), { maxLength: 20 }), fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 20, maxLength: 20 }), (gaps, accounts) => {
        let state = phoneSpec.given().state;
        const sent: number[] = [];
        let elapsed = 0;
        gaps.forEach((gap, i) => {
          elapsed += gap;
          const inLastDay = sent.filter((t) => elapsed - t < PHONE_CODE_DAY_MS).length;
          const error = phoneSpec.givenState(state).when(request(at(elapsed), accounts[i]!)).refusal();
          if (inLastDay >= PHONE_CODES_PER_NUMBER_PER_DAY) {
            expect(error?.code).toBe('phone_daily_limit');
            expect(error?.status).toBe(429);
            // Waiting the seconds it names is enough.
            const wait = (error!.extra as { retryAfter: number }).retryAfter;
            expect(phoneSpec.givenState(state).when(request(at(elapsed + wait * 1000), accounts[i]!)).refusal()).toBeNull();
          } else {
            expect(error).toBeNull();
            state = phoneSpec.givenState(state).when(request(at(elapsed), accounts[i]!)).after();
            sent.push(elapsed);
          }
        });
        expect(state.recentRequests.length).toBeLessThanOrEqual(PHONE_CODES_PER_NUMBER_PER_DAY);
      }),
    );
  });

  it('phoneDailyCapWaitSeconds ignores sends older than a day', () => {
    const times = [0, 1, 2, 3, 4].map((h) => at(h * 3600_000).toISOString());
    expect(phoneDailyCapWaitSeconds(times, at(5 * 3600_000))).toBe(19 * 3600);
    expect(phoneDailyCapWaitSeconds(times, at(PHONE_CODE_DAY_MS))).toBe(0);
  });

  it('property: whatever the order of claims and releases, at most one account holds the number, and only its holder releases it', () => {
    const step = fc.record({ kind: fc.constantFrom('claim', 'release', 'request'), who: fc.constantFrom('a', 'b', 'c') });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state = phoneSpec.given().state;
        let holder: string | null = null;
        for (const s of steps) {
          const command: PhoneCommand = s.kind === 'claim' ? claim(s.who) : s.kind === 'release' ? { type: 'ReleasePhone', data: { phone, userId: s.who }, metadata: { now: t0 } } : request(t0, s.who, 'x');
          const error = phoneSpec.givenState({ ...state, recentRequests: [] }).when(command).refusal();
          if (s.kind !== 'release' && holder !== null && holder !== s.who) {
            expect(error?.code).toBe('phone_in_use');
            expect(error?.status).toBe(409);
            continue;
          }
          expect(error).toBeNull();
          state = phoneSpec.stateOf(phoneSpec.givenState({ ...state, recentRequests: [] }).when(command).events(), state);
          if (s.kind === 'claim') holder = s.who;
          if (s.kind === 'release' && holder === s.who) holder = null;
          expect(state.claimedBy).toBe(holder);
        }
      }),
    );
  });

  it('claiming twice by the same account records one claim', () => {
    phoneSpec.givenCommands(claim('a')).when(claim('a')).thenNothing();
  });
});

describe('moving a phone-<e164> stream to its keyed stream', () => {
  const phoneSpec = deciderSpec(phoneDecider);
  const fold = (events: PhoneEvent[]): PhoneState => phoneSpec.stateOf(events);
  const legacyEvent = fc.oneof(
    fc.integer({ min: 0, max: 48 * 60 }).map((min): PhoneEvent => ({ type: 'PhoneCodeRequested', data: { phone, userId, codeId: `c${min}`, requestedAt: at(min * 60_000).toISOString() } })),
    fc.constantFrom('a', 'b').map((who): PhoneEvent => ({ type: 'PhoneClaimed', data: { phone, userId: who, claimedAt: t0.toISOString() } })),
    fc.constantFrom('a', 'b').map((who): PhoneEvent => ({ type: 'PhoneReleased', data: { phone, userId: who, releasedAt: t0.toISOString() } })),
  );

  it('property: the keyed stream decides every later command as the old stream would have; each step of the move happens once', () => {
    fc.assert(
      fc.property(fc.array(legacyEvent, { maxLength: 12 }), fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 72 * 60 }), (events, who, laterMin) => {
        // Code times in order, as the stream recorded them.
        const times = events.flatMap((e) => (e.type === 'PhoneCodeRequested' ? [e.data.requestedAt] : [])).sort();
        let next = 0;
        const sorted = events.map((e): PhoneEvent => (e.type === 'PhoneCodeRequested' ? { ...e, data: { ...e.data, requestedAt: times[next++]! } } : e));
        const old = fold(sorted);
        const now = at(laterMin * 60_000);
        const keyed = phoneSpec.given().when({ type: 'CarryOverPhoneStream', data: { claimedBy: old.claimedBy, recentRequests: old.recentRequests }, metadata: { now } }).after();
        phoneSpec.givenState(keyed).when({ type: 'CarryOverPhoneStream', data: { claimedBy: null, recentRequests: [] }, metadata: { now } }).thenNothing();
        const outcome = (state: PhoneState, command: PhoneCommand) => {
          const decided = phoneSpec.givenState(state).when(command);
          const refusal = decided.refusal();
          return refusal ? (refusal.code ?? refusal.message) : decided.events().map((e) => e.type);
        };
        for (const command of [
          { type: 'RequestPhoneCode', data: { phone, userId: who, codeId: 'x' }, metadata: { now } },
          { type: 'ClaimPhone', data: { phone, userId: who }, metadata: { now } },
          { type: 'ReleasePhone', data: { phone, userId: who }, metadata: { now } },
        ] as PhoneCommand[]) {
          expect(outcome(keyed, command)).toEqual(outcome(old, command));
        }
        const closed = phoneSpec.givenState(old).when({ type: 'ClosePhoneStream', data: { to: 'phone-key' }, metadata: { now } }).after();
        phoneSpec.givenState(closed).when({ type: 'ClosePhoneStream', data: { to: 'phone-key' }, metadata: { now } }).thenNothing();
        // Not a refusal but a defect: nothing may write to a moved stream (the error as the decider throws it).
        expect(() => phoneSpec.givenState(closed).when({ type: 'ClaimPhone', data: { phone, userId: who }, metadata: { now } }).events()).toThrow(/moved/);
      }),
    );
  });
});
