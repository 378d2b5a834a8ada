// Proves the moderation queue on PostgreSQL: who may read and act (visitor 401, player 403, moderator, admin), a request listed with its bet and players, one claimant among racing ones, only the claimant resolves or escalates, only an admin resolves what was escalated, and moderators hear the queue change over /ws.
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';

let h: TestHarness;
let admin: Player;
beforeAll(async () => {
  h = await createTestHarness({ label: 'moderation_api' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
});
afterAll(async () => {
  await h.close();
});

interface Person {
  id: string;
  username: string;
}
interface QueueItem {
  chatId: string;
  betId: string;
  chatPath: string;
  status: string;
  requestedAt: string;
  requestedBy: Person;
  waitedSeconds: number;
  bet: { gameType: string; amount: string; currency: string; status: string } | null;
  challenger: Person | null;
  opponent: Person | null;
  claimedBy: Person | null;
  escalatedBy: Person | null;
  escalationReason: string | null;
  resolvedBy: Person | null;
  resolutionNote: string | null;
}

async function moderator(): Promise<Player> {
  const mod = await fundedPlayer(h, '0');
  const res = await h.app.inject({ method: 'PATCH', url: `/api/admin/users/${mod.id}`, headers: admin.headers, payload: { isModerator: true } });
  expect(res.statusCode, res.body).toBe(200);
  return mod;
}

/** An accepted bet whose chat asked for a moderator (by the opponent). */
async function requestedChat() {
  const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '250', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  const chat = await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers });
  const chatId = (chat.json() as { id: string }).id;
  const invited = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/invite-moderator`, headers: bob.headers });
  expect(invited.statusCode, invited.body).toBe(200);
  return { alice, bob, betId: bet.id, chatId };
}

const queue = async (p: Player, status = 'active') => {
  const res = await h.app.inject({ method: 'GET', url: `/api/moderation/queue?status=${status}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { requests: QueueItem[] }).requests;
};
const act = (p: Player | null, chatId: string, step: 'claim' | 'resolve' | 'escalate', payload?: Record<string, string>) =>
  h.app.inject({ method: 'POST', url: `/api/moderation/${chatId}/${step}`, headers: p?.headers ?? {}, ...(payload ? { payload } : {}) });

describe('the moderation queue', () => {
  it('lists a request with the bet, both players and the time waited; a claim takes it and joins the chat; the claimant resolves with a note the players read', async () => {
    const { alice, bob, betId, chatId } = await requestedChat();
    const [m1, m2] = [await moderator(), await moderator()];
    h.clock.advance(5 * 60_000);
    const listed = (await queue(m1)).find((r) => r.chatId === chatId);
    expect(listed).toMatchObject({
      betId,
      chatPath: `/chat/${betId}`,
      status: 'open',
      requestedBy: { id: bob.id, username: bob.user.username },
      waitedSeconds: 300,
      bet: { gameType: 'fc25', amount: '250.00', currency: 'NGN', status: 'accepted' },
      challenger: { id: alice.id, username: alice.user.username },
      opponent: { id: bob.id, username: bob.user.username },
      claimedBy: null,
    });

    const claimed = await act(m1, chatId, 'claim');
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'claimed', claimedBy: { id: m1.id, username: m1.user.username }, waitedSeconds: 300 });
    // Claiming joined the chat: the claimant reads and posts in it.
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: m1.headers })).json()).toMatchObject({ moderatorId: m1.id });
    expect((await act(m1, chatId, 'claim')).statusCode).toBe(200);
    const taken = await act(m2, chatId, 'claim');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Another moderator has already claimed this request', code: 'moderation_claimed' });
    // Others see it taken, and by whom.
    expect((await queue(m2)).find((r) => r.chatId === chatId)).toMatchObject({ status: 'claimed', claimedBy: { id: m1.id } });

    const notYours = await act(m2, chatId, 'resolve', { note: 'looks fine' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({ error: 'Only the moderator who claimed this request can resolve or escalate it', code: 'not_claimant' });
    const empty = await act(m1, chatId, 'resolve', { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'A note is required', code: 'note_required' });
    const resolved = await act(m1, chatId, 'resolve', { note: 'Both agreed on the replay result' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolvedBy: { id: m1.id }, resolutionNote: 'Both agreed on the replay result' });
    expect((await act(m1, chatId, 'resolve', { note: 'Both agreed on the replay result' })).statusCode).toBe(200);
    expect((await queue(m1)).some((r) => r.chatId === chatId)).toBe(false);
    expect((await queue(m1, 'resolved')).find((r) => r.chatId === chatId)).toMatchObject({ status: 'resolved' });
    const messages = (await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages`, headers: alice.headers })).json() as { content: string }[];
    expect(messages.map((m) => m.content)).toContain(`${m1.user.username} resolved the moderation request: Both agreed on the replay result`);
  });

  it('lets exactly one of several moderators claiming at once win; the others are told it is taken', async () => {
    const { chatId } = await requestedChat();
    const mods = await Promise.all([moderator(), moderator(), moderator(), moderator()]);
    const answers = await Promise.all(mods.map((m) => act(m, chatId, 'claim')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = mods[answers.findIndex((a) => a.statusCode === 200)]!;
    for (const lost of answers.filter((a) => a.statusCode === 409)) expect(lost.json().code).toBe('moderation_claimed');
    expect((await queue(admin)).find((r) => r.chatId === chatId)).toMatchObject({ claimedBy: { id: winner.id } });
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages`, headers: winner.headers })).json().filter((m: { content: string }) => m.content.endsWith('joined as moderator'))).toHaveLength(1);
  });

  it('escalated by the claimant, it is resolved only by an admin', async () => {
    const { chatId } = await requestedChat();
    const m1 = await moderator();
    expect((await act(m1, chatId, 'escalate', { reason: 'too early' })).json()).toMatchObject({ code: 'moderation_not_claimed' });
    expect((await act(m1, chatId, 'claim')).statusCode).toBe(200);
    const escalated = await act(m1, chatId, 'escalate', { reason: 'Screenshots contradict each other' });
    expect(escalated.statusCode, escalated.body).toBe(200);
    expect(escalated.json()).toMatchObject({ status: 'escalated', escalatedBy: { id: m1.id }, escalationReason: 'Screenshots contradict each other' });
    const byMod = await act(m1, chatId, 'resolve', { note: 'done' });
    expect(byMod.statusCode).toBe(403);
    expect(byMod.json()).toEqual({ error: 'Only an admin can resolve a request handed to an admin', code: 'admin_required' });
    const byAdmin = await act(admin, chatId, 'resolve', { note: 'Voided the bet after review' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ status: 'resolved', resolvedBy: { id: admin.id }, escalatedBy: { id: m1.id } });
  });
});

describe('authorization of the moderation routes', () => {
  it('visitor 401, players and outsiders 403, moderators and admins what their role allows; an unknown or unrequested chat 404', async () => {
    const { alice, bob, chatId } = await requestedChat();
    const outsider = await fundedPlayer(h);
    const mod = await moderator();
    const other = await moderator();
    type Role = 'visitor' | 'outsider' | 'alice' | 'bob' | 'mod' | 'other' | 'admin';
    const who: Record<Role, Player | null> = { visitor: null, outsider, alice, bob, mod, other, admin };
    const check = async (method: 'GET' | 'POST', url: string, expected: Partial<Record<Role, number>>, payload?: Record<string, string>) => {
      for (const role of Object.keys(expected) as Role[]) {
        const res = await h.app.inject({ method, url, headers: who[role]?.headers ?? {}, ...(payload ? { payload } : {}) });
        expect(`${method} ${url} ${role} ${res.statusCode}`).toBe(`${method} ${url} ${role} ${expected[role]}`);
        if (res.statusCode === 403 && ['outsider', 'alice', 'bob'].includes(role)) expect(res.json()).toEqual({ error: 'Only moderators and admins can use the moderation queue', code: 'moderators_only' });
      }
    };
    await check('GET', '/api/moderation/queue', { visitor: 401, outsider: 403, alice: 403, bob: 403, mod: 200, admin: 200 });
    await check('POST', `/api/moderation/${chatId}/claim`, { visitor: 401, outsider: 403, alice: 403, bob: 403, mod: 200, other: 409 });
    await check('POST', `/api/moderation/${chatId}/escalate`, { visitor: 401, outsider: 403, alice: 403, other: 403, mod: 200 }, { reason: 'needs an admin' });
    await check('POST', `/api/moderation/${chatId}/resolve`, { visitor: 401, outsider: 403, bob: 403, mod: 403, other: 403, admin: 200 }, { note: 'handled' });
    await check('POST', `/api/moderation/${crypto.randomUUID()}/claim`, { visitor: 401, alice: 403, mod: 404, admin: 404 });
    const unrequested = await fundedPlayer(h);
    const bet = (await h.app.inject({ method: 'POST', url: '/api/bets', headers: unrequested.headers, payload: { amount: '100', visibility: 'public' } })).json().bet as { id: string; inviteLinkId: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: outsider.headers })).statusCode).toBe(200);
    const quiet = (await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: outsider.headers })).json() as { id: string };
    const notAsked = await act(mod, quiet.id, 'claim');
    expect(notAsked.statusCode).toBe(404);
    expect(notAsked.json()).toEqual({ error: 'Moderation request not found', code: 'moderation_not_found' });
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

describe('/ws moderation queue', () => {
  it('tells moderators (also one made moderator while connected) and admins of a new request and its claim, and no player outside the chat', async () => {
    const mod = await moderator();
    const promoted = await fundedPlayer(h, '0');
    const outsider = await fundedPlayer(h, '0');
    const sockets = { mod: await signedInSocket(mod), promoted: await signedInSocket(promoted), outsider: await signedInSocket(outsider), admin: await signedInSocket(admin) };
    expect((await h.app.inject({ method: 'PATCH', url: `/api/admin/users/${promoted.id}`, headers: admin.headers, payload: { isModerator: true } })).statusCode).toBe(200);
    await sockets.promoted.inbox.next((m) => m.type === 'changed' && m.streamId === `user-${promoted.id}`);
    const { chatId } = await requestedChat();
    const queueChanged = (eventType: string) => (m: Record<string, unknown>) => m.type === 'changed' && m.streamType === 'moderation' && m.streamId === 'moderation-queue' && m.eventType === eventType;
    for (const name of ['mod', 'promoted', 'admin'] as const) await sockets[name].inbox.next(queueChanged('ModeratorRequested'));
    expect((await act(mod, chatId, 'claim')).statusCode).toBe(200);
    for (const name of ['mod', 'promoted', 'admin'] as const) await sockets[name].inbox.next(queueChanged('ModerationClaimed'));
    expect(sockets.outsider.inbox.list.some((m) => m.streamType === 'moderation' || m.streamId === `chat-${chatId}`)).toBe(false);
    for (const s of Object.values(sockets)) s.socket.terminate();
  });
});
