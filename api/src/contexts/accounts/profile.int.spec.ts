// Proves profile changes (only the spec's fields, uniqueness, email change clears verification and mails a code), currency setting and location detect/confirm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, freshUsername, latestVerificationCode, signUpUser } from '../../testing/users.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'profile' });
});
afterAll(async () => {
  await h.close();
});

const patch = (token: string, payload: object) => h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: authHeader(token), payload });

describe('PATCH /api/user/profile', () => {
  it('changes the given fields, ignores unknown ones such as isAdmin', async () => {
    const { token } = await signUpUser(h);
    const response = await patch(token, { phoneNumber: '+447700900000', psnUsername: 'psn_new', country: 'GB', timezone: 'Europe/London', isAdmin: true, balance: '1000000.00' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ phoneNumber: '+447700900000', psnUsername: 'psn_new', country: 'GB', timezone: 'Europe/London', isAdmin: false, balance: '0.00' });
  });

  it('keeps usernames unique case-insensitively, and frees the old name after a change', async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const taken = await patch(bob.token, { username: alice.user.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Username already taken', code: 'conflict' });
    const newName = freshUsername('re');
    expect((await patch(alice.token, { username: newName })).json().user.username).toBe(newName);
    expect((await patch(bob.token, { username: alice.user.username })).statusCode).toBe(200);
  });

  it('applies the username and email rules', async () => {
    const { token } = await signUpUser(h);
    expect((await patch(token, { username: 'ab' })).json().error).toBe('Username must be at least 3 characters');
    expect((await patch(token, { username: 'a'.repeat(21) })).json().error).toBe('Username must be less than 20 characters');
    expect((await patch(token, { email: 'nope' })).json().error).toBe('Invalid email address');
  });

  it('a new email clears isEmailVerified and mails a code to the new address', async () => {
    const { token, user } = await signUpUser(h);
    const first = await latestVerificationCode(h, user.email);
    await h.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: authHeader(token), payload: { code: first.code } });
    const newEmail = `${freshUsername('mail')}@example.org`;
    const response = await patch(token, { email: newEmail });
    expect(response.json().user).toMatchObject({ email: newEmail, isEmailVerified: false });
    const second = await latestVerificationCode(h, newEmail);
    const verified = await h.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: authHeader(token), payload: { code: second.code } });
    expect(verified.json().user.isEmailVerified).toBe(true);
    const other = await signUpUser(h);
    expect((await patch(other.token, { email: newEmail.toUpperCase() })).json()).toEqual({ error: 'Email already registered', code: 'conflict' });
  });

  it('needs a session', async () => {
    expect((await h.app.inject({ method: 'PATCH', url: '/api/user/profile', payload: { country: 'GB' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/currency', () => {
  it('sets the preferred currency and currencySetByUser', async () => {
    const { token } = await signUpUser(h);
    const response = await h.app.inject({ method: 'PUT', url: '/api/user/currency', headers: authHeader(token), payload: { currency: 'eur', setByUser: true } });
    expect(response.json().user).toMatchObject({ preferredCurrency: 'EUR', currencySetByUser: true });
    expect((await h.app.inject({ method: 'PUT', url: '/api/user/currency', headers: authHeader(token), payload: { currency: 'euro' } })).json().error).toBe('Invalid currency');
  });
});

describe('location', () => {
  it('detects the country from a public IP with the bundled geo-IP database', async () => {
    const { token } = await signUpUser(h);
    const response = await h.app.inject({ method: 'POST', url: '/api/location/detect', headers: authHeader(token), remoteAddress: '81.2.69.142' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ country: 'GB', currency: 'GBP' });
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) });
    expect(me.json().locationDetectedAt).not.toBeNull();
  });

  it('falls back to the Accept-Language region on loopback, then confirms it', async () => {
    const { token } = await signUpUser(h);
    const detected = await h.app.inject({ method: 'POST', url: '/api/location/detect', headers: { ...authHeader(token), 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' }, remoteAddress: '127.0.0.1' });
    expect(detected.json()).toEqual({ country: 'FR', city: '', currency: 'EUR' });
    const confirmed = await h.app.inject({ method: 'POST', url: '/api/location/confirm', headers: authHeader(token), payload: { acceptLocation: true, detectedLocation: { country: 'JP', city: 'Tokyo', currency: 'JPY' } } });
    expect(confirmed.json().user).toMatchObject({ country: 'FR', preferredCurrency: 'EUR', currencySetByUser: true });
  });

  it('declining the location uses USD', async () => {
    const { token } = await signUpUser(h);
    await h.app.inject({ method: 'POST', url: '/api/location/detect', headers: { ...authHeader(token), 'accept-language': 'de-DE' } });
    const declined = await h.app.inject({ method: 'POST', url: '/api/location/confirm', headers: authHeader(token), payload: { acceptLocation: false, detectedLocation: null } });
    expect(declined.json().user).toMatchObject({ preferredCurrency: 'USD', currencySetByUser: true });
    expect((await h.app.inject({ method: 'POST', url: '/api/location/confirm', headers: authHeader(token), payload: { acceptLocation: 'yes' } })).json().error).toBe('acceptLocation must be true or false');
  });
});
