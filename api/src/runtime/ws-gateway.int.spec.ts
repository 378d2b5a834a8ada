// Proves the /ws gateway: a socket hears nothing until it authenticates with a session token, a frame the /ws contract does not describe is refused, its messages are handled in the order sent, and then it hears only of streams its user may see, after the read model shows them.
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessage, serverMessage } from '@wager/domain/contracts/ws';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { EVENTUALLY_TIMEOUT_MS } from '../testing/eventually.js';
import { signUpUser } from '../testing/users.js';
import { WS_CLOSE_TOO_MANY_MESSAGES, WS_PENDING_MESSAGES_MAX } from './ws-gateway.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'ws' });
});
afterAll(async () => {
  await h.close();
});

function messages(socket: WebSocket): { list: Record<string, unknown>[]; next: (predicate: (m: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>> } {
  const list: Record<string, unknown>[] = [];
  const waiters: { predicate: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  socket.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Record<string, unknown>;
    list.push(m);
    for (const w of [...waiters]) if (w.predicate(m)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  return {
    list,
    next: (predicate) =>
      new Promise((resolve, reject) => {
        const found = list.find(predicate);
        if (found) return resolve(found);
        waiters.push({ predicate, resolve });
        setTimeout(() => reject(new Error(`no matching message within ${EVENTUALLY_TIMEOUT_MS} ms`)), EVENTUALLY_TIMEOUT_MS);
      }),
  };
}

describe('/ws gateway', () => {
  it('ignores a bare userId, and after a token authenticates, forwards only the own wallet stream', async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const socket = await h.app.injectWS('/ws');
    const inbox = messages(socket);
    socket.send(JSON.stringify({ type: 'join_match', betId: randomUUID(), userId: alice.user.id }));
    await inbox.next((m) => m.type === 'error' && m.error === 'Authentication required');

    socket.send(JSON.stringify({ type: 'auth', token: alice.token }));
    await inbox.next((m) => m.type === 'ready' && m.userId === alice.user.id);

    await h.deps.store.append(`wallet-${bob.user.id}`, [{ id: randomUUID(), type: 'ProbeForBob', data: {} }]);
    await h.deps.store.append(`wallet-${alice.user.id}`, [{ id: randomUUID(), type: 'ProbeForAlice', data: {} }]);
    const heard = await inbox.next((m) => m.type === 'changed' && m.eventType === 'ProbeForAlice');
    expect(heard).toMatchObject({ streamType: 'wallet', id: alice.user.id });
    expect(inbox.list.some((m) => m.eventType === 'ProbeForBob')).toBe(false);
    socket.terminate();
  });

  it('handles a message sent right behind auth, without waiting for ready, as authenticated', async () => {
    const alice = await signUpUser(h);
    const socket = await h.app.injectWS('/ws');
    const inbox = messages(socket);
    socket.send(JSON.stringify({ type: 'auth', token: alice.token }));
    socket.send(JSON.stringify({ type: 'ping' }));
    socket.send(JSON.stringify({ type: 'join_match', betId: randomUUID() }));
    await inbox.next((m) => m.type === 'error' && m.error === 'Bet Not Found');
    expect(inbox.list).toEqual([{ type: 'ready', userId: alice.user.id }, { type: 'pong' }, { type: 'error', error: 'Bet Not Found', code: 'not_found' }]);
    socket.terminate();
  });

  it('refuses every frame the /ws contract does not describe (unknown type, missing or bad field, not JSON) and stays usable; every answer is one the contract describes', async () => {
    const alice = await signUpUser(h);
    const socket = await h.app.injectWS('/ws');
    const inbox = messages(socket);
    const invalid = { type: 'error', error: 'Invalid message', code: 'invalid_message' };
    const refused = [
      'not json',
      JSON.stringify({ no: 'type' }),
      JSON.stringify({ type: 'teleport' }),
      JSON.stringify({ type: 'new_message', chatId: randomUUID() }),
      JSON.stringify({ type: 'join_chat' }),
      JSON.stringify({ type: 'join_match', betId: 'not-an-id' }),
      JSON.stringify({ type: 'chat_message', chatId: randomUUID() }),
      JSON.stringify({ type: 'chat_message', chatId: randomUUID(), content: 42 }),
      JSON.stringify({ type: 'auth', token: '' }),
      JSON.stringify({ type: '__proto__' }),
    ];
    // Before and after authenticating alike: refused by the contract, not by who sends it.
    for (const frame of refused) socket.send(frame);
    socket.send(JSON.stringify({ type: 'auth', token: alice.token }));
    for (const frame of refused) socket.send(frame);
    socket.send(JSON.stringify({ type: 'ping' }));
    await inbox.next((m) => m.type === 'pong');
    expect(inbox.list).toEqual([...refused.map(() => invalid), { type: 'ready', userId: alice.user.id }, ...refused.map(() => invalid), { type: 'pong' }]);
    for (const m of inbox.list) expect(serverMessage.safeParse(m).error).toBeUndefined();
    // A frame the contract describes is still answered as before (the gateway's own, and a context's).
    expect(clientMessage.safeParse({ type: 'join_chat', chatId: randomUUID() }).success).toBe(true);
    socket.send(JSON.stringify({ type: 'join_chat', chatId: randomUUID() }));
    await inbox.next((m) => m.type === 'error' && m.code === 'not_found');
    socket.terminate();
  });

  it('closes a socket that sends more messages at once than it may have waiting', async () => {
    const alice = await signUpUser(h);
    const socket = await h.app.injectWS('/ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', token: alice.token }));
    for (let i = 0; i < WS_PENDING_MESSAGES_MAX * 4; i++) socket.send(JSON.stringify({ type: 'join_match', betId: randomUUID() }));
    expect(await closed).toBe(WS_CLOSE_TOO_MANY_MESSAGES);
  });

  it('closes a socket whose token is not a valid session', async () => {
    const socket = await h.app.injectWS('/ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'auth', token: 'not-a-session-token' }));
    expect(await closed).toBe(4401);
  });
});

describe('/ws gateway: deposits', () => {
  it("tells a player of their own deposit's status, and nobody else", async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const open = async (token: string) => {
      const socket = await h.app.injectWS('/ws');
      const inbox = messages(socket);
      socket.send(JSON.stringify({ type: 'auth', token }));
      await inbox.next((m) => m.type === 'ready');
      return { socket, inbox };
    };
    const [a, b] = await Promise.all([open(alice.token), open(bob.token)]);
    // The Paystack sandbox is mounted in the app and called over HTTP: the app must listen.
    if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
    const init = await h.app.inject({ method: 'POST', url: '/api/paystack/deposits/initialize', headers: { authorization: `Bearer ${alice.token}` }, payload: { amount: '500', email: alice.user.email } });
    expect(init.statusCode, init.body).toBe(200);
    const reference = String(init.json().data.reference);
    await a.inbox.next((m) => m.streamId === `paystack-${reference}` && m.eventType === 'PaystackDepositInitialized');
    await h.settle();
    expect(b.inbox.list.some((m) => m.streamId === `paystack-${reference}`)).toBe(false);
    for (const s of [a, b]) s.socket.terminate();
  });
});

describe('/ws gateway: bets', () => {
  it("tells a private bet's players of its changes and nobody else", async () => {
    const { fundedPlayer } = await import('../contexts/bets/testing.js');
    const alice = await fundedPlayer(h, '500.00');
    const bob = await fundedPlayer(h, '0.00');
    const sockets = await Promise.all([alice, bob].map(async (p) => {
      const socket = await h.app.injectWS('/ws');
      const inbox = messages(socket);
      socket.send(JSON.stringify({ type: 'auth', token: p.token }));
      await inbox.next((m) => m.type === 'ready');
      return { socket, inbox };
    }));
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'private' } });
    expect(created.statusCode).toBe(201);
    const betId = (created.json() as { bet: { id: string } }).bet.id;
    await sockets[0]!.inbox.next((m) => m.type === 'changed' && m.streamId === `bet-${betId}` && m.eventType === 'BetCreated');
    await h.settle();
    await new Promise((r) => setTimeout(r, 200));
    expect(sockets[1]!.inbox.list.some((m) => m.streamId === `bet-${betId}`)).toBe(false);
    for (const s of sockets) s.socket.terminate();
  });

  it('lets the player who joins hear of the bet and its chat from then on, and a socket opened later hear of bets made before', async () => {
    const { fundedPlayer } = await import('../contexts/bets/testing.js');
    const alice = await fundedPlayer(h, '500.00');
    const bob = await fundedPlayer(h, '500.00');
    const carol = await fundedPlayer(h, '0.00');
    const open = async (p: { token: string }) => {
      const socket = await h.app.injectWS('/ws');
      const inbox = messages(socket);
      socket.send(JSON.stringify({ type: 'auth', token: p.token }));
      await inbox.next((m) => m.type === 'ready');
      return { socket, inbox };
    };
    const [a, b, c] = await Promise.all([open(alice), open(bob), open(carol)]);
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
    const betId = (created.json() as { bet: { id: string } }).bet.id;
    // When bob joins, the acceptance itself reaches him (granted by the event), and alice
    const joined = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: bob.headers });
    expect(joined.statusCode, joined.body).toBe(200);
    await b.inbox.next((m) => m.streamId === `bet-${betId}` && m.eventType === 'BetAccepted');
    await a.inbox.next((m) => m.streamId === `bet-${betId}` && m.eventType === 'BetAccepted');
    const chat = await b.inbox.next((m) => m.streamType === 'chat' && m.eventType === 'ChatCreated');
    await a.inbox.next((m) => m.streamId === chat.streamId);
    // A report later reaches both players; carol hears of none of it
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: bob.headers, payload: { result: 'won' } })).statusCode).toBe(200);
    await a.inbox.next((m) => m.streamId === `bet-${betId}` && m.eventType === 'BetResultReported');
    await h.settle();
    // Carol hears only that the public challenge opened and closed (the marketplace lists it), nothing of its play or chat
    expect(c.inbox.list.filter((m) => m.streamId === `bet-${betId}`).map((m) => m.eventType)).toEqual(['BetCreated', 'BetAccepted']);
    expect(c.inbox.list.some((m) => m.streamId === chat.streamId)).toBe(false);

    // A socket that authenticates afterwards follows the bets its user already has
    const late = await open(alice);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: alice.headers, payload: { result: 'lost' } })).statusCode).toBe(200);
    await late.inbox.next((m) => m.streamId === `bet-${betId}` && m.eventType === 'BetSettled');

    // join_chat: the players may follow the chat, an outsider is told it is not found
    const chatId = String(chat.id);
    b.socket.send(JSON.stringify({ type: 'join_chat', chatId }));
    await b.inbox.next((m) => m.type === 'joined' && m.chatId === chatId);
    c.socket.send(JSON.stringify({ type: 'join_chat', chatId }));
    await c.inbox.next((m) => m.type === 'error' && m.error === 'Chat not found');
    c.socket.send(JSON.stringify({ type: 'join_match', betId }));
    await c.inbox.next((m) => m.type === 'error' && m.error === 'Bet Not Found');
    for (const s of [a, b, c, late]) s.socket.terminate();
  });
});
