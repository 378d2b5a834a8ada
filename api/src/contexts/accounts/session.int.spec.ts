// Proves sign-in by username or email, one message for unknown user and wrong password, per-account (also against guesses sent at once) and per-IP rate limits, bearer-only sessions and logout revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser } from '../../testing/users.js';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_PER_IP } from './rate-limit.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'session' });
});
afterAll(async () => {
  await h.close();
});

const login = (payload: unknown, ip = '203.0.113.10') => h.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('signs in with the username or the email, in any case', async () => {
    const { user, password } = await signUpUser(h);
    for (const name of [user.username, user.email.toUpperCase()]) {
      const response = await login({ username: name, password });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(user.id);
      const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(response.json().token) });
      expect(me.json().username).toBe(user.username);
    }
  });

  it('answers unknown user and wrong password alike', async () => {
    const { user } = await signUpUser(h);
    const wrong = await login({ username: user.username, password: 'Wrong-pass1' });
    const unknown = await login({ username: 'nobody_here_at_all', password: 'Wrong-pass1' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ error: 'Invalid username or password', code: 'unauthorized' });
    expect(unknown.json()).toEqual({ error: 'Invalid username or password', code: 'unauthorized' });
  });

  it('validates with the spec messages', async () => {
    expect((await login({ username: '', password: 'x' })).json()).toEqual({ error: 'Username is required', code: 'validation_failed' });
    expect((await login({ username: 'someone' })).json()).toEqual({ error: 'Password is required', code: 'validation_failed' });
  });

  it('locks an account after repeated failures (429 with retryAfter), even for the right password, until the window passes', async () => {
    const { user, password } = await signUpUser(h);
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max; i++) expect((await login({ username: user.username, password: 'Wrong-pass1' }, `198.51.100.${i}`)).statusCode).toBe(401);
    const locked = await login({ username: user.username, password }, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retryAfter).toBeGreaterThan(0);
    expect(locked.json()).toEqual({ error: 'Too many login attempts. Please try again later.', code: 'too_many_login_attempts', params: { retryAfter: locked.json().retryAfter }, retryAfter: locked.json().retryAfter });
    expect(locked.headers['retry-after']).toBe(String(locked.json().retryAfter));
    h.clock.advance(LOGIN_FAILURES_PER_ACCOUNT.windowMs + 1000);
    expect((await login({ username: user.username, password }, '198.51.100.99')).statusCode).toBe(200);
  });

  it('lets only the limit of wrong passwords sent at once reach the password check; the rest are 429', async () => {
    const { user, password } = await signUpUser(h);
    const attempts = 100;
    // Each from its own address, so only the per-account limit applies.
    const responses = await Promise.all(Array.from({ length: attempts }, (_, i) => login({ username: user.username, password: 'Wrong-pass1' }, `198.18.0.${i + 1}`)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(attempts - LOGIN_FAILURES_PER_ACCOUNT.max);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ error: 'Too many login attempts. Please try again later.', code: 'too_many_login_attempts', params: { retryAfter: expect.any(Number) }, retryAfter: expect.any(Number) });
    expect(refused.json().params.retryAfter).toBe(refused.json().retryAfter);
    expect((await login({ username: user.username, password }, '198.18.1.1')).statusCode).toBe(429);
    h.clock.advance(LOGIN_FAILURES_PER_ACCOUNT.windowMs + 1000);
    expect((await login({ username: user.username, password }, '198.18.1.1')).statusCode).toBe(200);
  });

  it('counts failures per account whichever name they use, and a successful sign-in clears them', async () => {
    const { user, password } = await signUpUser(h);
    const wrong = (name: string, i: number) => login({ username: name, password: 'Wrong-pass1' }, `198.18.2.${i}`);
    for (let i = 1; i < LOGIN_FAILURES_PER_ACCOUNT.max; i++) expect((await wrong(user.username, i)).statusCode).toBe(401);
    expect((await login({ username: user.email, password }, '198.18.2.100')).statusCode).toBe(200);
    for (let i = 1; i <= LOGIN_FAILURES_PER_ACCOUNT.max; i++) expect((await wrong(i % 2 ? user.email : user.username, 10 + i)).statusCode).toBe(401);
    expect((await wrong(user.email.toUpperCase(), 50)).statusCode).toBe(429);
    expect((await login({ username: user.username, password }, '198.18.2.100')).statusCode).toBe(429);
  });

  it('limits attempts per IP address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < LOGIN_PER_IP.max; i++) await login({ username: `nobody_${i}`, password: 'Wrong-pass1' }, ip);
    const blocked = await login({ username: 'nobody_else', password: 'Wrong-pass1' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'Too many login attempts. Please try again later.' });
    expect((await login({ username: 'nobody_else', password: 'Wrong-pass1' }, '192.0.2.78')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /api/user is 401 without a session, and never takes the token from a query string', async () => {
    const { token } = await signUpUser(h);
    expect((await h.app.inject({ method: 'GET', url: '/api/user' })).json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
    expect((await h.app.inject({ method: 'GET', url: `/api/user?token=${token}` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: `/api/user?access_token=${token}` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer not-a-real-token' } })).statusCode).toBe(401);
  });

  it('logout revokes the session server-side; other sessions stay valid', async () => {
    const { user, token, password } = await signUpUser(h);
    const second = (await login({ username: user.username, password })).json().token as string;
    const out = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeader(token) });
    expect(out.statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeader(token) })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(second) })).statusCode).toBe(200);
  });

  it('a session expires after its lifetime, and stores only a hash of the token', async () => {
    const { token, user } = await signUpUser(h);
    const rows = await h.deps.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.every((r) => r.token_hash !== token && r.token_hash.length === 64)).toBe(true);
    h.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) })).statusCode).toBe(401);
  });
});
