// Proves text that is not storable Unicode (a lone UTF-16 surrogate, a NUL) is refused with 400 `invalid_characters` on the routes it reached PostgreSQL through (issue #22 item 1), in the body, the query string and the path, and in a /ws frame, and that a refused request writes nothing.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { fundedPlayer, type Player } from '../contexts/bets/testing.js';
import { changedTables, fingerprint, quiesce } from '../testing/fuzz/writes.js';

let h: TestHarness;
let alice: Player;
let chatId: string;

beforeAll(async () => {
  h = await createTestHarness({ label: 'input_guard' });
  [alice] = [await fundedPlayer(h)];
  const bob = await fundedPlayer(h);
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  chatId = ((await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers })).json() as { id: string }).id;
  // Nothing runs in the background from here on: every write is a request's own.
  await quiesce(h);
});
afterAll(async () => {
  await h.close();
});

const REFUSAL = { error: 'Invalid characters in request', code: 'invalid_characters' };
/** JSON spelling a lone high surrogate, a lone low one, a reversed pair, and a NUL. */
const UNSTORABLE = ['a\\ud800b', '\\udfff', 'x\\udc00\\ud800', 'a\\u0000b'];

async function refusedWithoutWriting(request: InjectOptions) {
  const before = await fingerprint(h.deps.db);
  const response = await h.app.inject(request);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual(REFUSAL);
  expect(changedTables(before, await fingerprint(h.deps.db))).toEqual([]);
}

describe('text that is not valid Unicode, over HTTP', () => {
  const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
  for (const text of UNSTORABLE) {
    it(`refuses ${text} in the body of the routes that answered 500`, async () => {
      await refusedWithoutWriting({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: json(alice.headers), payload: `{"content":"${text}"}` });
      await refusedWithoutWriting({ method: 'POST', url: '/api/fpl/pools', headers: json(alice.headers), payload: `{"name":"${text}"}` });
      await refusedWithoutWriting({ method: 'PATCH', url: '/api/user/profile', headers: json(alice.headers), payload: `{"psnUsername":"${text}"}` });
      await refusedWithoutWriting({
        method: 'POST',
        url: '/api/support/messages',
        headers: json({}),
        payload: `{"kind":"contact","name":"Ada","email":"ada@example.com","subject":"Hi","message":"${text}","clientMessageId":"${randomUUID()}"}`,
      });
    });
  }

  it('refuses a lone surrogate in a key, deep in the body', async () => {
    await refusedWithoutWriting({ method: 'PATCH', url: '/api/user/profile', headers: json(alice.headers), payload: '{"psnUsername":"ok","x":[{"\\ud83d":1}]}' });
  });

  it('refuses one in the query string and in a path parameter (percent-encoded UTF-16 escapes decode to them)', async () => {
    await refusedWithoutWriting({ method: 'GET', url: '/api/leaderboard?game=%00', headers: alice.headers });
    const nul = await h.app.inject({ method: 'GET', url: `/api/chats/a%00b`, headers: alice.headers });
    expect(nul.json()).toEqual(REFUSAL);
  });

  it('lets well-formed text through, astral characters and right-to-left marks included', async () => {
    const response = await h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: json(alice.headers), payload: JSON.stringify({ psnUsername: 'ok_name' }) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const message = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: alice.headers, payload: { content: 'gg \u{1F3C6} \u200F\u05E9\u05DC\u05D5\u05DD' } });
    expect(message.statusCode, message.body).toBeLessThan(300);
  });
});

describe('text that is not valid Unicode, over /ws', () => {
  function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
    return new Promise((resolve) => socket.once('message', (raw) => resolve(JSON.parse(String(raw)) as Record<string, unknown>)));
  }

  it('answers a chat_message holding a lone surrogate or a NUL with an invalid_characters error, and appends nothing', async () => {
    const socket = await h.app.injectWS('/ws');
    try {
      const ready = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'auth', token: alice.token }));
      expect(await ready).toMatchObject({ type: 'ready' });
      for (const text of UNSTORABLE) {
        const before = await fingerprint(h.deps.db);
        const answer = nextMessage(socket);
        socket.send(`{"type":"chat_message","chatId":"${chatId}","content":"${text}"}`);
        expect(await answer).toEqual({ type: 'error', ...REFUSAL });
        expect(changedTables(before, await fingerprint(h.deps.db))).toEqual([]);
      }
      const pong = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'ping' }));
      expect(await pong).toEqual({ type: 'pong' });
    } finally {
      socket.terminate();
    }
  });

  it('answers a frame whose type names an Object.prototype property invalid_message, not internal_error (found by the fuzz suite)', async () => {
    const socket = await h.app.injectWS('/ws');
    try {
      const ready = nextMessage(socket);
      socket.send(JSON.stringify({ type: 'auth', token: alice.token }));
      await ready;
      for (const type of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const answer = nextMessage(socket);
        socket.send(JSON.stringify({ type }));
        expect(await answer).toEqual({ type: 'error', error: 'Invalid message', code: 'invalid_message' });
      }
    } finally {
      socket.terminate();
    }
  });
});
