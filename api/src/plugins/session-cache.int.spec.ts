// Proves sessions are cached per process and ended in every process at once through the bus: two app instances on one database and one bus (in-process; NATS when NATS_URL is set), sign-out, a password reset and a role granted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus, type Bus } from '@wager/domain';
import { NatsBus } from '../adapters/bus/nats.js';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { eventually } from '../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser } from '../testing/users.js';
import { sha256Hex } from './sessions.js';

const natsUrl = process.env.NATS_URL;

const buses: [string, boolean, () => Promise<[Bus, Bus]>][] = [
  ['in-process', false, async () => { const bus = new InProcessBus(); return [bus, bus]; }],
  ['nats', !natsUrl, async () => [await NatsBus.connect(natsUrl!, 'wager-test-sessions-a'), await NatsBus.connect(natsUrl!, 'wager-test-sessions-b')]],
];

describe.each(buses)('sessions across two app instances on one bus (%s)', (name, skip, makeBuses) => {
  let a: TestHarness;
  let b: TestHarness;
  beforeAll(async () => {
    if (skip) return;
    const [busA, busB] = await makeBuses();
    a = await createTestHarness({ label: `sessions_${name.replace('-', '_')}`, bus: busA });
    b = await createTestHarness({ databaseUrl: a.databaseUrl, bus: busB, project: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  const me = (h: TestHarness, token: string) => h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) });

  it.skipIf(skip)('keeps a resolved session in memory, and a sign-out on one instance ends it on the other at once', async () => {
    // Given a session both instances have resolved
    const { token } = await signUpUser(a);
    expect((await me(a, token)).statusCode).toBe(200);
    expect((await me(b, token)).statusCode).toBe(200);
    expect(b.app.sessionCache.get(sha256Hex(token))).toBeDefined();
    // When the player signs out through instance a
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeader(token) })).statusCode).toBe(200);
    // Then instance b has dropped it and refuses it, as a does
    await eventually(async () => b.app.sessionCache.get(sha256Hex(token)), (entry) => entry === undefined);
    expect(b.app.sessionCache.get(sha256Hex(token))).toBeUndefined();
    expect((await me(b, token)).statusCode).toBe(401);
    expect((await me(a, token)).statusCode).toBe(401);
  });

  it.skipIf(skip)('ends every session of a user (as a password reset and an erasure do) on the other instance too', async () => {
    const { token, user, password } = await signUpUser(a);
    const second = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password } });
    expect(second.statusCode, second.body).toBe(200);
    const other = (second.json() as { token: string }).token;
    for (const t of [token, other]) expect((await me(b, t)).statusCode).toBe(200);
    // When the sessions end through the port every route uses (as the reset route does after its commit)
    await a.app.endSessions({ userId: user.id });
    await eventually(async () => b.app.sessionCache.get(sha256Hex(other)), (entry) => entry === undefined);
    expect(b.app.sessionCache.get(sha256Hex(token))).toBeUndefined();
    expect(b.app.sessionCache.get(sha256Hex(other))).toBeUndefined();
  });

  it.skipIf(skip)('forgets a cached role when the user\'s stream changes: an admin grant shows on the other instance', async () => {
    const { token, user } = await signUpUser(a);
    expect((await b.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: authHeader(token) })).statusCode).toBe(403);
    await makeAdmin(a, user.id);
    const granted = await eventually(() => b.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: authHeader(token) }), (r) => r.statusCode === 200);
    expect(granted.statusCode).toBe(200);
  });
});
