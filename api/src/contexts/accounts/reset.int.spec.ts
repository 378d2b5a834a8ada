// Proves password reset: always 200 for any email, a mailed single-use link on PUBLIC_URL (never the request's Host) valid 30 minutes, and a reset that revokes the user's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser, waitForMail } from '../../testing/users.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'reset' });
});
afterAll(async () => {
  await h.close();
});

const requestReset = (email: string) => h.app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email } });
const resetPassword = (token: string, password: string) => h.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (username: string, password: string) => h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

async function resetToken(email: string, exclude: string[] = []): Promise<{ token: string; mailId: string }> {
  const mail = await waitForMail(h, email, 'password-reset', { exclude });
  const match = /resetToken=([A-Za-z0-9_-]+)/.exec(mail.text);
  return { token: match![1]!, mailId: mail.id };
}

describe('password reset', () => {
  it('answers 200 alike for a known and an unknown email, mailing only the known one', async () => {
    const { user } = await signUpUser(h);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await resetToken(user.email);
    const strangers = await h.deps.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'nobody-at-all@example.com').execute();
    expect(strangers).toHaveLength(0);
    expect((await requestReset('not-an-email')).json()).toMatchObject({ error: 'Invalid email address' });
  });

  it('sets the new password, revokes every session, and refuses the same link again', async () => {
    const { user, token: session, password } = await signUpUser(h);
    h.clock.advance(61_000);
    await requestReset(user.email);
    const { token } = await resetToken(user.email);
    const done = await resetPassword(token, 'NewPassw0rd');
    expect(done.statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(session) })).statusCode).toBe(401);
    expect((await login(user.username, password)).statusCode).toBe(401);
    expect((await login(user.username, 'NewPassw0rd')).statusCode).toBe(200);
    const again = await resetPassword(token, 'Another1Pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Invalid or expired reset link', code: 'validation_failed' });
  });

  it('mails a link on PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const { user } = await signUpUser(h);
    const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
    const asked = await h.app.inject({ method: 'POST', url: '/api/auth/request-reset', headers: forged, payload: { email: user.email }, remoteAddress: '203.0.113.66' });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(h, user.email, 'password-reset');
    const link = mail.text.split('\n').find((line) => line.includes('resetToken='));
    expect(link).toMatch(/\/auth\?resetToken=[A-Za-z0-9_-]+$/);
    expect(link!.startsWith(`${TEST_PUBLIC_URL}/auth?resetToken=`)).toBe(true);
    expect(mail.text).not.toContain('attacker.example');
  });

  it('refuses a link after 30 minutes', async () => {
    const { user } = await signUpUser(h);
    h.clock.advance(61_000);
    await requestReset(user.email);
    const { token } = await resetToken(user.email);
    h.clock.advance(30 * 60 * 1000 + 1);
    expect((await resetPassword(token, 'NewPassw0rd')).json()).toEqual({ error: 'Invalid or expired reset link', code: 'validation_failed' });
  });

  it('a newer link replaces an older one, and the new password must be strong', async () => {
    const { user } = await signUpUser(h);
    h.clock.advance(61_000);
    await requestReset(user.email);
    const older = await resetToken(user.email);
    h.clock.advance(61_000);
    await requestReset(user.email);
    const newer = await resetToken(user.email, [older.mailId]);
    expect((await resetPassword(older.token, 'NewPassw0rd')).statusCode).toBe(400);
    expect((await resetPassword(newer.token, 'weakpassword')).json().error).toBe('Password must contain at least one uppercase letter, one lowercase letter, and one number');
    expect((await resetPassword(newer.token, 'NewPassw0rd')).statusCode).toBe(200);
  });
});
