// Proves the security notices on PostgreSQL: a password reset records PasswordChanged (no hash in it) and mails the owner a notice with no unsubscribe header even with every email switched off; a sign-in from a second user agent records NewDeviceSignedIn and mails a "new device" notice naming it; the same device again, the sign-up's own device and sign-up itself record and mail nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStreamId } from '@wager/domain/accounts/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser, waitForMail } from '../../testing/users.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'security_mail' });
});
afterAll(async () => {
  await h.close();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const login = (username: string, password: string, userAgent?: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: userAgent ? { 'user-agent': userAgent } : {} });

async function eventsOf(userId: string, type: string) {
  return (await h.deps.store.readStream(userStreamId(userId))).filter((e) => e.type === type);
}
async function mailsOf(userId: string, kind: string) {
  return h.deps.db.selectFrom('email_outbox').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();
}

describe('password changed', () => {
  it('a reset is recorded without the hash and mailed to the owner with no unsubscribe, even with every email switched off', async () => {
    const { user, token } = await signUpUser(h);
    const off = await h.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: authHeader(token), payload: Object.fromEntries(['challenges', 'results', 'bets', 'pools', 'moderation', 'safer_play'].map((c) => [c, { email: false, push: false }])) });
    expect(off.statusCode, off.body).toBe(200);
    const locked = await h.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: authHeader(token), payload: { account: { email: false } } });
    expect(locked.statusCode).toBe(400);

    h.clock.advance(61_000);
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email: user.email } })).statusCode).toBe(200);
    const reset = await waitForMail(h, user.email, 'password-reset');
    const resetToken = /resetToken=([A-Za-z0-9_-]+)/.exec(reset.text)![1]!;
    const done = await h.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'NewPassw0rd' } });
    expect(done.statusCode, done.body).toBe(200);

    const [changed, ...more] = await eventsOf(user.id, 'PasswordChanged');
    expect(more).toEqual([]);
    expect(changed!.data).toEqual({ userId: user.id, via: 'reset', changedAt: h.clock.now().toISOString() });
    const credentials = await h.deps.db.selectFrom('credentials').select('password_hash').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(changed)).not.toContain(credentials.password_hash);

    const mail = await waitForMail(h, user.email, 'notification-password_changed');
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('/profile?tab=security');
    const [row] = await mailsOf(user.id, 'notification-password_changed');
    expect(row!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
    expect(row!.text_body).not.toContain('/api/notifications/unsubscribe');
  });

  it('a refused reset link records nothing', async () => {
    const { user } = await signUpUser(h);
    const refused = await h.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: 'not-a-token', password: 'NewPassw0rd' } });
    expect(refused.statusCode).toBe(400);
    expect(await eventsOf(user.id, 'PasswordChanged')).toEqual([]);
  });
});

describe('a new device', () => {
  it('is told once per device: a second user agent is mailed, the same one again and the sign-up device are not', async () => {
    const { user, password } = await signUpUser(h, { preferredLanguage: 'fr' });
    expect(await eventsOf(user.id, 'NewDeviceSignedIn')).toEqual([]);

    // The sign-up's own device (the test client's user agent): known.
    expect((await login(user.username, password)).statusCode).toBe(200);
    expect(await eventsOf(user.id, 'NewDeviceSignedIn')).toEqual([]);

    const first = await login(user.username, password, FIREFOX);
    expect(first.statusCode, first.body).toBe(200);
    const [signedIn] = await eventsOf(user.id, 'NewDeviceSignedIn');
    expect(signedIn!.data).toMatchObject({ userId: user.id, device: 'Firefox · Linux', signedInAt: h.clock.now().toISOString() });
    expect(JSON.stringify(signedIn!.data)).not.toMatch(/127\.0\.0\.1|ipAddress/);

    const mail = await waitForMail(h, user.email, 'notification-new_device');
    expect(mail.subject).toBe('Nouvelle connexion à votre compte');
    expect(mail.text).toContain('(Firefox · Linux)');
    const [row] = await mailsOf(user.id, 'notification-new_device');
    expect(row!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');

    h.clock.advance(60_000);
    expect((await login(user.username, password, FIREFOX)).statusCode).toBe(200);
    expect(await eventsOf(user.id, 'NewDeviceSignedIn')).toHaveLength(1);
    await h.settle();
    expect(await mailsOf(user.id, 'notification-new_device')).toHaveLength(1);

    const list = await h.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: authHeader(first.json().token) });
    expect(list.json().notifications.filter((n: { type: string }) => n.type === 'new_device')).toMatchObject([{ link: '/profile?tab=security', params: { device: 'Firefox · Linux' } }]);
  });

  it('a failed sign-in from a new device records nothing', async () => {
    const { user } = await signUpUser(h);
    expect((await login(user.username, 'WrongPassw0rd', FIREFOX)).statusCode).toBe(401);
    expect(await eventsOf(user.id, 'NewDeviceSignedIn')).toEqual([]);
  });
});
