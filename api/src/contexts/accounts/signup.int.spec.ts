// Proves sign-up (full and quick forms) creates an account with a session, a mailed code, the spec's messages, and exactly one winner of a race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, freshUsername, fullSignupPayload, latestVerificationCode, makeAdmin, quickSignupPayload, signUpUser } from '../../testing/users.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'signup' });
});
afterAll(async () => {
  await h.close();
});

describe('POST /api/auth/signup', () => {
  it('given a full-form payload, creates the user, returns a working token and mails a 6-digit code', async () => {
    const payload = fullSignupPayload(h);
    const response = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.requiresVerification).toBe(true);
    expect(body.user).toMatchObject({
      username: payload.username,
      email: payload.email,
      phoneNumber: payload.phoneNumber,
      country: 'NG',
      preferredCurrency: 'NGN',
      balance: '0.00',
      cryptoBalance: '0.00',
      dailySpent: '0.00',
      dailyLimit: '50000.00',
      isAdmin: false,
      isModerator: false,
      isEmailVerified: false,
      rating: 1000,
    });
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.user.id);
    const { code } = await latestVerificationCode(h, String(payload.email));
    expect(code).toMatch(/^\d{6}$/);
  });

  it('given a quick-signup payload, lowercases the email and applies the detected defaults', async () => {
    const payload = quickSignupPayload(h, { email: `  ${freshUsername().toUpperCase()}@Example.COM ` });
    const response = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.email).toBe(String(payload.email).trim().toLowerCase());
    expect(response.json().user.phoneNumber).toBeNull();
  });

  it('makeAdmin grants the flag through the event path', async () => {
    const { user, token } = await signUpUser(h);
    await makeAdmin(h, user.id);
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) });
    expect(me.json().isAdmin).toBe(true);
  });
});

describe('POST /api/auth/signup refusals', () => {
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters', 'username'],
    [{ email: 'nope' }, 'Invalid email address', 'email'],
    [{ password: 'short' }, 'Password must be at least 8 characters', 'password'],
    [{ phoneNumber: '' }, 'Phone number is required', 'phoneNumber'],
    [{ country: '' }, 'Country is required', 'country'],
    [{ timezone: '' }, 'Timezone is required', 'timezone'],
    [{ preferredCurrency: '' }, 'Currency preference is required', 'preferredCurrency'],
    [{ preferredLanguage: '' }, 'Language preference is required', 'preferredLanguage'],
    [{ dateOfBirth: '' }, 'Date of birth is required', 'dateOfBirth'],
  ])('full form %j → 400 %s', async (override, message, field) => {
    const response = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fullSignupPayload(h, override) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'validation_failed', field });
  });

  it.each([
    [{ username: 'has space' }, 'Username cannot contain spaces'],
    [{ username: 'bad!name' }, 'Username can only contain letters, numbers, hyphens, and underscores'],
    [{ password: 'alllower1' }, 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ agreeTerms: false }, 'You must agree to the terms and conditions'],
  ])('quick form %j → 400 %s', async (override, message) => {
    const response = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: quickSignupPayload(h, override) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('applies the 18+ rule on the server clock, not the client', async () => {
    const now = h.clock.now();
    const seventeenToday = `${now.getUTCFullYear() - 18}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate() + 1).padStart(2, '0')}`;
    const quick = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: quickSignupPayload(h, { dateOfBirth: seventeenToday }) });
    expect(quick.json()).toEqual({ error: 'You must be at least 18 years old to create an account', code: 'validation_failed', field: 'dateOfBirth' });
    const full = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fullSignupPayload(h, { dateOfBirth: seventeenToday }) });
    expect(full.json()).toEqual({ error: 'You must be 18 or older to register (Current age: 17)', code: 'under_age', params: { age: 17 }, field: 'dateOfBirth' });
    h.clock.advance(2 * 24 * 60 * 60 * 1000);
    const later = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: quickSignupPayload(h, { dateOfBirth: seventeenToday }) });
    expect(later.statusCode).toBe(201);
  });

  it('refuses a taken username or email case-insensitively with 409, writing nothing', async () => {
    const first = await signUpUser(h);
    const headBefore = await h.deps.store.headPosition();
    const sameName = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fullSignupPayload(h, { username: first.user.username.toUpperCase() }) });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: 'Username already taken', code: 'conflict' });
    const sameEmail = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fullSignupPayload(h, { email: first.user.email.toUpperCase() }) });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: 'Email already registered', code: 'conflict' });
    expect(await h.deps.store.headPosition()).toEqual(headBefore);
  });

  it('given two sign-ups racing for one username, exactly one account is created and the other gets 409', async () => {
    const username = freshUsername('race');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: fullSignupPayload(h, { username: i % 2 ? username : username.toUpperCase(), email: `${username}-${i}@example.com` }) })),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await h.deps.db.selectFrom('users').select('id').where('username_lower', '=', username.toLowerCase()).execute();
    expect(rows).toHaveLength(1);
    const credentials = await h.deps.db.selectFrom('credentials').select('user_id').execute();
    const userIds = new Set((await h.deps.db.selectFrom('users').select('id').execute()).map((r) => r.id));
    expect(credentials.every((c) => userIds.has(c.user_id))).toBe(true);
  });

  it('refuses a body that is not a JSON object, and one over 1 MB with 413', async () => {
    const array = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    const huge = await h.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(huge.statusCode).toBe(413);
  });
});

