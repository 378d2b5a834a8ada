// Proves email verification: the mail is in the player's language with the expiry in their zone; the mailed code verifies the session's own user, wrong and expired codes are refused, 5 wrong tries lock the code, resend waits 60 s, and events never hold the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStreamId } from '@wager/domain/accounts/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, latestVerificationCode, signUpUser, waitForMail } from '../../testing/users.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'verification' });
});
afterAll(async () => {
  await h.close();
});

const verify = (token: string, payload: object) => h.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: authHeader(token), payload });
const resend = (token: string, payload: object = {}) => h.app.inject({ method: 'POST', url: '/api/auth/resend-code', headers: authHeader(token), payload });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/verify-email', () => {
  it('verifies the email with the mailed code; the code is in no event', async () => {
    const { token, user } = await signUpUser(h);
    const { code } = await latestVerificationCode(h, user.email);
    const events = await h.deps.store.readStream(userStreamId(user.id));
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(code);
    const response = await verify(token, { code, userId: user.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isEmailVerified).toBe(true);
    expect((await verify(token, { code })).json()).toEqual({ error: 'Email already verified', code: 'validation_failed' });
  });

  it("mails the code in the player's language with the expiry in the player's time zone, never a raw UTC timestamp", async () => {
    const { user } = await signUpUser(h, { preferredLanguage: 'fr', timezone: 'Africa/Lagos' });
    const { code } = await latestVerificationCode(h, user.email);
    const mail = await waitForMail(h, user.email, 'email-verification');
    const issued = (await h.deps.store.readStream(userStreamId(user.id))).find((e) => e.type === 'EmailVerificationCodeIssued')!.data as { expiresAt: string };
    const lagos = new Intl.DateTimeFormat('fr', { timeZone: 'Africa/Lagos', dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(issued.expiresAt));
    expect(mail.subject).toBe(`Votre code de vérification : ${code}`);
    expect(mail.text).toContain(`Il expire le ${lagos} (Africa/Lagos), 15 minutes après son envoi.`);
    expect(mail.text).not.toContain(issued.expiresAt);
  });

  it("refuses another user's id with 403, whatever the code", async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const { code } = await latestVerificationCode(h, bob.user.email);
    const response = await verify(alice.token, { code, userId: bob.user.id });
    expect(response.statusCode).toBe(403);
    const bobNow = await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(bob.token) });
    expect(bobNow.json().isEmailVerified).toBe(false);
  });

  it('answers a wrong code with 400 and locks the code after 5 wrong tries', async () => {
    const { token, user } = await signUpUser(h);
    const { code } = await latestVerificationCode(h, user.email);
    for (let i = 1; i <= 5; i++) {
      const wrong = await verify(token, { code: otherCode(code), userId: user.id });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: 'Invalid verification code', code: 'invalid_verification_code', params: { attemptsLeft: 5 - i }, attemptsLeft: 5 - i });
    }
    const locked = await verify(token, { code, userId: user.id });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'Too many wrong codes. Request a new code.', code: 'verification_code_locked' });
    expect(locked.json().params).toEqual({ retryAfter: locked.json().retryAfter });
  });

  it('refuses an expired code', async () => {
    const { token, user } = await signUpUser(h);
    const { code } = await latestVerificationCode(h, user.email);
    h.clock.advance(15 * 60 * 1000);
    const response = await verify(token, { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/expired/);
  });

  it('validates the code format and needs a session', async () => {
    const { token } = await signUpUser(h);
    expect((await verify(token, { code: '12ab56' })).json()).toEqual({ error: 'Verification code must be 6 digits', code: 'validation_failed' });
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { code: '123456' } })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/resend-code', () => {
  it('sends at most one code per 60 s, then a new code that replaces the old one', async () => {
    const { token, user } = await signUpUser(h);
    const first = await latestVerificationCode(h, user.email);
    h.clock.advance(20_000);
    const tooSoon = await resend(token, { userId: user.id });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ error: 'Please wait before requesting another code', code: 'resend_too_soon', params: { retryAfter: 40 }, retryAfter: 40 });
    h.clock.advance(40_000);
    const ok = await resend(token, { userId: user.id });
    expect(ok.statusCode).toBe(200);
    const second = await latestVerificationCode(h, user.email, [first.mailId]);
    if (second.code !== first.code) expect((await verify(token, { code: first.code })).statusCode).toBe(400);
    expect((await verify(token, { code: second.code })).statusCode).toBe(200);
  });

  it("refuses to resend for another user's id", async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    h.clock.advance(61_000);
    expect((await resend(alice.token, { userId: bob.user.id })).statusCode).toBe(403);
  });

  it('accepts a call with no body', async () => {
    const { token } = await signUpUser(h);
    h.clock.advance(61_000);
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/resend-code', headers: authHeader(token) })).statusCode).toBe(200);
  });
});
