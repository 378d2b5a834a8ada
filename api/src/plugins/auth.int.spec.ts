// Proves the auth plugin: requireUser answers 401, requireAdmin 403 for a player and passes an admin, request.auth carries the session, and the app's protected routes answer a visitor 401 before looking at the body.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { authHeader, makeAdmin, signUpUser } from '../testing/users.js';
import { authPlugin, authenticateToken } from './auth.js';
import { depsPlugin } from './deps.js';
import { registerErrorHandler } from './errors.js';

let h: TestHarness;
let app: FastifyInstance;
beforeAll(async () => {
  h = await createTestHarness({ label: 'auth_plugin' });
  app = Fastify();
  registerErrorHandler(app);
  await app.register(depsPlugin, { deps: h.deps });
  await app.register(authPlugin);
  app.get('/who', { preHandler: app.requireUser }, async (request) => request.auth);
  app.get('/admin-only', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await h.close();
});

describe('auth plugin', () => {
  it('refuses without a session (401) and a non-admin on admin routes (403)', async () => {
    const { token } = await signUpUser(h);
    expect((await app.inject({ url: '/who' })).json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
    expect((await app.inject({ url: '/admin-only' })).statusCode).toBe(401);
    const player = await app.inject({ url: '/admin-only', headers: authHeader(token) });
    expect(player.statusCode).toBe(403);
    expect(player.json()).toEqual({ error: 'Access Denied', code: 'forbidden' });
  });

  it('sets request.auth from the bearer token, and lets an admin through', async () => {
    const { token, user } = await signUpUser(h);
    const who = await app.inject({ url: '/who', headers: authHeader(token) });
    expect(who.json()).toMatchObject({ userId: user.id, isAdmin: false });
    await makeAdmin(h, user.id);
    expect((await app.inject({ url: '/admin-only', headers: authHeader(token) })).json()).toEqual({ ok: true });
    expect(await authenticateToken(h.deps.db, token, h.clock.now())).toMatchObject({ userId: user.id, isAdmin: true });
    expect(await authenticateToken(h.deps.db, 'x'.repeat(500), h.clock.now())).toBeNull();
  });
});

describe('protected routes of the app', () => {
  it.each([
    ['POST', '/api/paystack/deposits/initialize'],
    ['POST', '/api/crypto/deposits/create'],
    ['POST', '/api/crypto/withdrawals/create'],
    ['POST', '/api/bets'],
    ['PATCH', '/api/user/profile'],
  ] as const)('%s %s answers a visitor with a bad body 401, not a validation error', async (method, url) => {
    const response = await h.app.inject({ method, url, payload: { nonsense: true } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'Authentication required' });
  });
});
