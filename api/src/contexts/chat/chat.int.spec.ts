// Proves the chat API and /ws on PostgreSQL: who may read, post, invite and moderate; idempotent resends; the rate limit; live messages; the system messages of a bet's life, a batch of them in one transaction.
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@wager/domain';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { makeAdmin } from '../../testing/users.js';
import { settleReactors } from '../../testing/reactors.js';
import { WriteCountingEventStore } from '../../testing/write-counting-store.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { chatSystemMessagesReactor } from './reactors.js';
import { serverMessage } from '@wager/domain/contracts/ws';
import { recordedEvent } from '@wager/projections/testing/projector-spec';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'chat_api' });
});
afterAll(async () => {
  await h.close();
});

type Message = { id: string; chatId: string; senderId: string; sender: { username: string }; content: string; type: string; notice: { kind: string; params: Record<string, unknown> } | null; createdAt: string };

async function acceptedBet(alice: Player, bob: Player) {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const chat = await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers });
  expect(chat.statusCode, chat.body).toBe(200);
  return { betId: bet.id, chatId: (chat.json() as { id: string }).id };
}
const messagesOf = async (p: Player, chatId: string, query = '') => {
  const res = await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages${query}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Message[];
};
const send = (p: Player, chatId: string, content: string, clientMessageId?: string) =>
  h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: p.headers, payload: { content, ...(clientMessageId ? { clientMessageId } : {}) } });

async function moderator(): Promise<Player> {
  const mod = await fundedPlayer(h, '0');
  const admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
  const res = await h.app.inject({ method: 'PATCH', url: `/api/admin/users/${mod.id}`, headers: admin.headers, payload: { isModerator: true } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user).toMatchObject({ id: mod.id, isModerator: true });
  return mod;
}

describe('a bet chat', () => {
  it('is the bet chat id, opens with a system message, keeps messages in order and pages them', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const { betId, chatId } = await acceptedBet(alice, bob);
    expect(chatId).toBe(chatIdOfBet(betId));
    const chat = await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: bob.headers });
    expect(chat.json()).toMatchObject({ id: chatId, betId, participant1Id: alice.id, participant2Id: bob.id, moderatorId: null, isModeratorRequested: false, isClosed: false });
    // System messages are written by a process manager: wait until the chat shows them.
    const opened = await eventually(() => messagesOf(alice, chatId), (m) => m.length === 1, 'the chat opened with its system message');
    expect(opened).toMatchObject([{ type: 'system', senderId: 'system', sender: { username: 'System' } }]);

    const posted = await send(alice, chatId, '  ready at 8?  ');
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ chatId, senderId: alice.id, sender: { username: alice.user.username }, content: 'ready at 8?', type: 'message', createdAt: h.clock.now().toISOString() });
    for (let i = 0; i < 4; i++) expect((await send(i % 2 ? alice : bob, chatId, `m${i}`)).statusCode).toBe(201);
    const all = await messagesOf(bob, chatId);
    expect(all.map((m) => m.content).slice(1)).toEqual(['ready at 8?', 'm0', 'm1', 'm2', 'm3']);
    expect((await messagesOf(bob, chatId, '?limit=2')).map((m) => m.content)).toEqual(['m2', 'm3']);
    expect((await messagesOf(bob, chatId, `?limit=2&before=${all[3]!.id}`)).map((m) => m.content)).toEqual(['ready at 8?', 'm0']);
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages?limit=101`, headers: bob.headers })).statusCode).toBe(400);
  });

  it('refuses empty, too long and control-character messages with the spec words', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const { chatId } = await acceptedBet(alice, bob);
    expect((await send(alice, chatId, '   ')).statusCode).toBe(400);
    const long = await send(alice, chatId, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'message_too_long', params: { max: 500 } });
    expect((await send(alice, chatId, 'x'.repeat(500))).statusCode).toBe(201);
    expect((await send(alice, chatId, 'bad\u0007bell')).json()).toEqual({ error: 'Message contains invalid characters', code: 'message_invalid_characters' });
  });

  it('stores a resend under one clientMessageId once, and answers 409 for another text under it', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const { chatId } = await acceptedBet(alice, bob);
    const key = randomUUID();
    const first = await send(alice, chatId, 'gg', key);
    const again = await send(alice, chatId, 'gg', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await send(alice, chatId, 'not gg', key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'idempotency_conflict' });
    // Bob's key is his own: the same key from him is another message.
    expect((await send(bob, chatId, 'gg', key)).json().id).not.toBe(first.json().id);
    const stored = (await messagesOf(alice, chatId)).filter((m) => m.type === 'message');
    expect(stored.map((m) => m.content)).toEqual(['gg', 'gg']);
    const [twinA, twinB] = await Promise.all([send(bob, chatId, 'at once', randomUUID()), send(bob, chatId, 'at once', randomUUID())]);
    expect([twinA.statusCode, twinB.statusCode]).toEqual([201, 201]);
  });

  it('lets a sender post 10 messages in 10 seconds, then answers 429 until the window moves', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const { chatId } = await acceptedBet(alice, bob);
    for (let i = 0; i < 10; i++) expect((await send(alice, chatId, `spam ${i}`)).statusCode).toBe(201);
    const refused = await send(alice, chatId, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'You are sending messages too fast', code: 'chat_rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await send(bob, chatId, 'not me')).statusCode).toBe(201);
    h.clock.advance(10_001);
    expect((await send(alice, chatId, 'one more')).statusCode).toBe(201);
  });

  it('asks for a moderator once; a moderator sees the queue, joins and posts; the user JSON says who moderates', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const { betId, chatId } = await acceptedBet(alice, bob);
    const mod = await moderator();
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: mod.headers })).json()).toMatchObject({ isModerator: true });
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: alice.headers })).json()).toMatchObject({ isModerator: false });

    const invited = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/invite-moderator`, headers: bob.headers });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ id: chatId, isModeratorRequested: true, moderatorId: null });
    const twice = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/invite-moderator`, headers: alice.headers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('A moderator has already been requested for this chat');
    expect((await messagesOf(alice, chatId)).find((m) => m.type === 'moderator_invite')?.notice).toEqual({ kind: 'moderator_requested', params: { requesterId: bob.id, requester: bob.user.username } });

    const queue = await h.app.inject({ method: 'GET', url: '/api/moderation/chats?status=requested', headers: mod.headers });
    expect(queue.statusCode).toBe(200);
    expect((queue.json() as { id: string }[]).find((c) => c.id === chatId)).toMatchObject({ betId, isModeratorRequested: true, bet: { id: betId, gameType: 'fc25', currency: 'NGN' } });
    expect((await send(mod, chatId, 'hello')).statusCode).toBe(404);

    const joined = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/join`, headers: mod.headers });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: chatId, moderatorId: mod.id });
    expect((await messagesOf(mod, chatId)).find((m) => m.type === 'system' && m.content === `${mod.user.username} joined as moderator`)?.notice).toEqual({
      kind: 'moderator_joined',
      params: { moderatorId: mod.id, moderator: mod.user.username },
    });
    expect((await send(mod, chatId, 'I am here to help')).statusCode).toBe(201);
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: mod.headers })).statusCode).toBe(200);
    const after = await h.app.inject({ method: 'GET', url: '/api/moderation/chats', headers: mod.headers });
    expect((after.json() as { id: string }[]).some((c) => c.id === chatId)).toBe(false);
  });

  it('writes system messages for results, the dispute, the admin resolution and the settlement', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const { betId, chatId } = await acceptedBet(alice, bob);
    for (const p of [alice, bob]) expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: p.headers, payload: { result: 'won' } })).statusCode).toBe(200);
    const resolved = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${betId}/resolve`, headers: admin.headers, payload: { winnerId: alice.id, adminNotes: 'clear screenshot' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const system = await eventually(
      async () => (await messagesOf(alice, chatId)).filter((m) => m.senderId === 'system'),
      (m) => m.length >= 6,
      'six system messages',
    );
    expect(system.map((m) => [m.type, m.content])).toEqual([
      ['system', 'The challenge was accepted. Agree on a match time here.'],
      ['system', `${alice.user.username} reported: won`],
      ['system', `${bob.user.username} reported: won`],
      ['dispute', 'The result is disputed: Both players reported a win'],
      ['system', `An admin resolved the dispute: winner ${alice.user.username} (clear screenshot)`],
      ['system', `The bet is settled: ${alice.user.username} won 200.00 NGN`],
    ]);
    // Each is also an event the apps render in their reader's language: its kind and data, each user id with its username.
    expect(system.map((m) => m.notice)).toEqual([
      { kind: 'challenge_accepted', params: {} },
      { kind: 'result_reported', params: { reporterId: alice.id, reporter: alice.user.username, result: 'won' } },
      { kind: 'result_reported', params: { reporterId: bob.id, reporter: bob.user.username, result: 'won' } },
      { kind: 'dispute_opened', params: { reason: 'Both players reported a win', reasonCode: 'both_reported_win' } },
      { kind: 'dispute_resolved', params: { winnerId: alice.id, winner: alice.user.username, notes: 'clear screenshot' } },
      { kind: 'bet_settled', params: { winnerId: alice.id, winner: alice.user.username, amount: '200.00', currency: 'NGN' } },
    ]);
    // A person's message carries none.
    expect((await send(alice, chatId, 'gg')).json()).toMatchObject({ notice: null });
    // A completed bet's chat stays readable and open.
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: bob.headers })).json()).toMatchObject({ isClosed: false });
  });
});

describe('a chat whose bet ended without a match', () => {
  it('is closed by the reactor on BetExpired or BetCancelled: readable, nobody posts, written once', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    const { betId, chatId } = await acceptedBet(alice, bob);
    // Today's bets end so only while pending (no chat yet); the rule is proven on the recorded event itself.
    const reactor = chatSystemMessagesReactor(h.deps);
    const ended = { id: randomUUID(), type: 'BetExpired', data: { betId, refunds: [], expiredAt: h.clock.now().toISOString() }, metadata: {}, streamId: `bet-${betId}`, streamRevision: 9, position: { commit: 0, prepare: 0 }, recordedAt: h.clock.now() };
    await reactor.handle(ended);
    await reactor.handle(ended);
    await h.settle();
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: bob.headers })).json()).toMatchObject({ isClosed: true });
    const refused = await send(alice, chatId, 'still there?');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This chat is closed', code: 'chat_closed' });
    expect((await messagesOf(alice, chatId)).filter((m) => m.content.startsWith('The bet expired'))).toHaveLength(1);
    // A bet that ended before acceptance has no chat: nothing is written, nothing fails.
    await reactor.handle({ ...ended, id: randomUUID(), data: { betId: randomUUID(), refunds: [], expiredAt: h.clock.now().toISOString() } });
  });
});

describe('authorization of every chat route', () => {
  it('visitor, outsider, each participant, moderator (before and after joining) and admin each get what they may', async () => {
    const [alice, bob, outsider] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const mod = await moderator();
    const { betId, chatId } = await acceptedBet(alice, bob);
    type Role = 'visitor' | 'outsider' | 'alice' | 'bob' | 'mod' | 'admin';
    const headers: Record<Role, Record<string, string>> = { visitor: {}, outsider: outsider.headers, alice: alice.headers, bob: bob.headers, mod: mod.headers, admin: admin.headers };
    const check = async (method: 'GET' | 'POST' | 'PATCH', url: string, expected: Partial<Record<Role, number>>, payload?: () => Record<string, unknown>) => {
      for (const role of Object.keys(expected) as Role[]) {
        const res = await h.app.inject({ method, url, headers: headers[role], ...(payload ? { payload: payload() } : {}) });
        expect(`${method} ${url} ${role} ${res.statusCode}`).toBe(`${method} ${url} ${role} ${expected[role]}`);
      }
    };
    const message = () => ({ content: 'hi' });
    await check('GET', `/api/chats/${betId}`, { visitor: 401, outsider: 404, alice: 200, bob: 200, mod: 404, admin: 200 });
    await check('GET', `/api/chats/${chatId}/messages`, { visitor: 401, outsider: 404, alice: 200, bob: 200, mod: 404, admin: 200 });
    await check('POST', `/api/chats/${chatId}/messages`, { visitor: 401, outsider: 404, alice: 201, bob: 201, mod: 404, admin: 403 }, message);
    await check('GET', '/api/moderation/chats', { visitor: 401, outsider: 403, alice: 403, bob: 403, mod: 200, admin: 200 });
    await check('POST', `/api/chats/${chatId}/join`, { visitor: 401, outsider: 403, alice: 403, bob: 403, mod: 404, admin: 200 });
    await check('POST', `/api/chats/${chatId}/invite-moderator`, { visitor: 401, outsider: 404, mod: 404, admin: 403, alice: 200, bob: 409 });
    await check('POST', `/api/chats/${chatId}/join`, { visitor: 401, mod: 409, admin: 200 });
    await check('PATCH', `/api/admin/users/${outsider.id}`, { visitor: 401, outsider: 403, alice: 403, bob: 403, mod: 403, admin: 200 }, () => ({ isModerator: false }));
    // After the admin joined as moderator, the admin posts; the moderator-role user still may not.
    await check('POST', `/api/chats/${chatId}/messages`, { admin: 201, mod: 404 }, message);
  });
});

function inboxOf(socket: WebSocket) {
  const list: Record<string, unknown>[] = [];
  socket.on('message', (raw) => list.push(JSON.parse(String(raw)) as Record<string, unknown>));
  return {
    list,
    async next(predicate: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      return (await eventually(async () => list.find(predicate), (found) => found !== undefined, 'a matching /ws message'))!;
    },
  };
}

async function signedInSocket(p: Player) {
  const socket = await h.app.injectWS('/ws');
  const inbox = inboxOf(socket);
  socket.send(JSON.stringify({ type: 'auth', token: p.token }));
  await inbox.next((m) => m.type === 'ready');
  return { socket, inbox };
}

describe('/ws chat', () => {
  it('lets the players and admins join, delivers new_message to every joined socket, and refuses outsiders', async () => {
    const [alice, bob, outsider] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const { chatId } = await acceptedBet(alice, bob);
    const sockets = { alice: await signedInSocket(alice), bob: await signedInSocket(bob), outsider: await signedInSocket(outsider), admin: await signedInSocket(admin) };
    for (const name of ['alice', 'bob', 'admin'] as const) {
      sockets[name].socket.send(JSON.stringify({ type: 'join_chat', chatId }));
      await sockets[name].inbox.next((m) => m.type === 'joined' && m.chatId === chatId);
    }
    sockets.outsider.socket.send(JSON.stringify({ type: 'join_chat', chatId }));
    await sockets.outsider.inbox.next((m) => m.type === 'error' && m.error === 'Chat not found');

    const key = randomUUID();
    sockets.bob.socket.send(JSON.stringify({ type: 'chat_message', chatId, content: 'live hello', clientMessageId: key }));
    for (const name of ['alice', 'bob', 'admin'] as const) {
      const heard = await sockets[name].inbox.next((m) => m.type === 'new_message' && (m.message as Message).content === 'live hello');
      expect(heard).toMatchObject({ chatId, message: { chatId, senderId: bob.id, sender: { username: bob.user.username }, type: 'message' } });
    }
    // Same as HTTP: the message is stored once.
    sockets.bob.socket.send(JSON.stringify({ type: 'chat_message', chatId, content: 'live hello', clientMessageId: key }));
    sockets.outsider.socket.send(JSON.stringify({ type: 'chat_message', chatId, content: 'let me in' }));
    await sockets.outsider.inbox.next((m) => m.type === 'error' && m.code === 'chat_not_found');
    sockets.admin.socket.send(JSON.stringify({ type: 'chat_message', chatId, content: 'admin speaking' }));
    await sockets.admin.inbox.next((m) => m.type === 'error' && m.code === 'chat_not_participant');
    expect(sockets.outsider.inbox.list.some((m) => m.type === 'new_message')).toBe(false);

    for (let i = 0; i < 11; i++) sockets.alice.socket.send(JSON.stringify({ type: 'chat_message', chatId, content: `fast ${i}` }));
    const tooFast = await sockets.alice.inbox.next((m) => m.type === 'error');
    expect(tooFast).toMatchObject({ error: 'You are sending messages too fast', code: 'chat_rate_limited' });
    await sockets.bob.inbox.next((m) => m.type === 'new_message' && (m.message as Message).content === 'fast 9');
    expect(sockets.bob.inbox.list.some((m) => m.type === 'new_message' && (m.message as Message).content === 'fast 10')).toBe(false);
    expect((await messagesOf(alice, chatId)).filter((m) => m.content === 'live hello')).toHaveLength(1);
    // Every frame the sockets heard (new_message with its message, joined, errors, changes) is one the /ws contract describes.
    for (const s of Object.values(sockets)) for (const m of s.inbox.list) expect(serverMessage.safeParse(m).error).toBeUndefined();
    for (const s of Object.values(sockets)) s.socket.terminate();
  });
});

describe('the system messages of a batch of bet events', () => {
  it('are written in one transaction across the chats they touch, a bet without a chat dropped alone, and a batch handled again (larger, after a crash) adds only what is missing', async () => {
    const [alice, bob, carol, dave] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const first = await acceptedBet(alice, bob);
    const second = await acceptedBet(carol, dave);
    await settleReactors(h);
    // Events the harness's reactors never see (fresh ids, not in the log): only the calls below write.
    const recorded = (betId: string, type: string, data: Record<string, unknown>): RecordedEvent => recordedEvent(type, { betId, ...data }, { streamId: `bet-${betId}`, streamRevision: 9, recordedAt: h.clock.now() });
    const settlement = [
      recorded(first.betId, 'BetResultReported', { reporterId: alice.id, result: 'won' }),
      recorded(first.betId, 'BetResultReported', { reporterId: bob.id, result: 'lost' }),
      recorded(first.betId, 'BetSettled', { winnerId: alice.id, payoutAmount: '190.00', currency: 'NGN' }),
      recorded(randomUUID(), 'BetResultReported', { reporterId: carol.id, result: 'won' }),
      recorded(second.betId, 'BetResultReported', { reporterId: carol.id, result: 'won' }),
    ];
    const store = new WriteCountingEventStore(h.deps.store);
    const reactor = chatSystemMessagesReactor({ ...h.deps, store });
    await reactor.handleBatch!(settlement.slice(0, 4));
    expect({ writes: store.writes, events: store.events }).toEqual({ writes: 1, events: 3 });
    // After a crash before the checkpoint the next read hands it the same events and more: only the new one is written.
    await reactor.handleBatch!(settlement);
    expect({ writes: store.writes, events: store.events }).toEqual({ writes: 2, events: 4 });
    await reactor.handleBatch!(settlement);
    expect(store.writes).toBe(2);
    await h.settle();
    const ids = new Set(settlement.map((e) => e.id));
    const caused = async (chatId: string) => (await h.deps.store.readStream(`chat-${chatId}`)).filter((e) => ids.has(String(e.metadata.causationId))).map((e) => (e.data as { notice: { kind: string } }).notice.kind);
    expect(await caused(first.chatId)).toEqual(['result_reported', 'result_reported', 'bet_settled']);
    expect(await caused(second.chatId)).toEqual(['result_reported']);
    expect((await messagesOf(alice, first.chatId)).filter((m) => m.notice?.kind === 'bet_settled')).toHaveLength(1);
  });
});
