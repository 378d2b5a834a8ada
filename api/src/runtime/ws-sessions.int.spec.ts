// Proves live sockets end with their sessions in every process: two app instances on one database and one in-process bus; a sign-out on one closes that session's sockets on both (and no other session's), and a suspension closes every socket of the account with the code the browser reads as "suspended".
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '@wager/domain';
import { WS_CLOSE_ACCOUNT_SUSPENDED, WS_CLOSE_SESSION_ENDED } from '@wager/domain/contracts/ws';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { authHeader, makeAdmin, signUpUser } from '../testing/users.js';

let a: TestHarness;
let b: TestHarness;
beforeAll(async () => {
  const bus = new InProcessBus();
  a = await createTestHarness({ label: 'ws_sessions', bus });
  b = await createTestHarness({ databaseUrl: a.databaseUrl, bus, project: false });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface Live {
  readonly socket: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the next message of `type`. */
  next(type: string): Promise<Record<string, unknown>>;
}

/** A socket on instance `h`, authenticated with `token` (resolves once `ready` came). */
async function connect(h: TestHarness, token: string): Promise<Live> {
  const socket = await h.app.injectWS('/ws');
  const inbox: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  socket.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Record<string, unknown>;
    const w = waiters.find((x) => x.type === m.type);
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    } else inbox.push(m);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return resolve(inbox.splice(i, 1)[0]!);
      waiters.push({ type, resolve });
    });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await next('ready');
  return { socket, closed, next };
}

describe('/ws sockets end with their sessions, in every process', () => {
  it('a sign-out on one instance closes that session\'s sockets on both with 4440, and leaves the user\'s other session connected', async () => {
    const alice = await signUpUser(a);
    const login = await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: alice.user.username, password: alice.password } });
    expect(login.statusCode, login.body).toBe(200);
    const otherToken = (login.json() as { token: string }).token;
    const onA = await connect(a, alice.token);
    const onB = await connect(b, alice.token);
    const otherSession = await connect(b, otherToken);

    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeader(alice.token) })).statusCode).toBe(200);

    expect(await onA.closed).toEqual({ code: WS_CLOSE_SESSION_ENDED, reason: 'Session ended' });
    expect(await onB.closed).toEqual({ code: WS_CLOSE_SESSION_ENDED, reason: 'Session ended' });
    // The other session still answers: the signal named one session only.
    otherSession.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await otherSession.next('pong')).toEqual({ type: 'pong' });
    otherSession.socket.terminate();
  });

  it('a suspension closes every socket of the account, on every instance, with 4403 "Account suspended"; an outsider\'s socket stays', async () => {
    const admin = await signUpUser(a);
    await makeAdmin(a, admin.user.id);
    const player = await signUpUser(a);
    const bystander = await signUpUser(a);
    const first = await connect(a, player.token);
    const second = await connect(b, player.token);
    const outsider = await connect(b, bystander.token);

    const suspended = await a.app.inject({ method: 'POST', url: `/api/admin/users/${player.user.id}/suspend`, headers: authHeader(admin.token), payload: { reason: 'Chargeback fraud' } });
    expect(suspended.statusCode, suspended.body).toBe(200);

    expect(await first.closed).toEqual({ code: WS_CLOSE_ACCOUNT_SUSPENDED, reason: 'Account suspended' });
    expect(await second.closed).toEqual({ code: WS_CLOSE_ACCOUNT_SUSPENDED, reason: 'Account suspended' });
    outsider.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await outsider.next('pong')).toEqual({ type: 'pong' });
    // And the suspended account cannot come back on a new socket.
    const again = await b.app.injectWS('/ws');
    const refused = new Promise<number>((resolve) => again.on('close', (code) => resolve(code)));
    again.send(JSON.stringify({ type: 'auth', token: player.token }));
    expect(await refused).toBe(4401);
    outsider.socket.terminate();
  });

  it('ending every session of a user (a password reset, an erasure) closes their sockets with 4440', async () => {
    const carol = await signUpUser(a);
    const live = await connect(b, carol.token);
    await a.app.endSessions({ userId: carol.user.id });
    expect(await live.closed).toEqual({ code: WS_CLOSE_SESSION_ENDED, reason: 'Session ended' });
  });
});
