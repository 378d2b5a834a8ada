// Proves the admin's dispute trail on PostgreSQL: a disputed then resolved bet's trail holds, in log order, its events, every posting (summing to zero), the chat's messages and the evidence files, each read as a casebook line with names and amounts; every source stream's hash chain is checked, and an event altered in the store shows as a broken chain at that event. The printable page carries the same. The dispute queue is ordered by the dispute's age.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betStreamId } from '@wager/domain/bets/index';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, multipart, type Player } from '../bets/testing.js';

let h: TestHarness;
let admin: Player;

beforeAll(async () => {
  h = await createTestHarness({ label: 'admin_trail' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
});
afterAll(async () => {
  await h.close();
});

interface Entry {
  kind: string;
  source: string;
  type: string;
  eventId: string;
  streamId: string;
  streamRevision: number;
  position: string;
  actor: string | null;
  at: string;
  postings: { account: string; currency: string; amount: string }[];
  evidence?: { sha256: string; contentType: string; sizeBytes: number; url: string; userId: string };
  message?: { senderId: string; content: string; type: string };
  summary?: { code: string; params: Record<string, unknown> };
  text: string;
}

/** A bet taken to a dispute with evidence and chat, then resolved for the challenger. */
async function disputedAndResolved(): Promise<{ betId: string; alice: Player; bob: Player; png: Buffer }> {
  const alice = await fundedPlayer(h);
  const bob = await fundedPlayer(h);
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  const chatId = chatIdOfBet(bet.id);
  const said = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: alice.headers, payload: { content: 'gg, I won 3-1' } });
  expect(said.statusCode, said.body).toBe(201);
  const png = Buffer.from(`png-${randomUUID()}`);
  const form = multipart({ result: 'won' }, [{ name: 'evidence', filename: 'final.png', contentType: 'image/png', bytes: png }]);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...alice.headers, ...form.headers }, payload: form.payload })).statusCode).toBe(200);
  await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: bob.headers, payload: { content: 'no, I won' } });
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: bob.headers, payload: { result: 'won' } })).json().status).toBe('disputed');
  const resolved = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: admin.headers, payload: { winnerId: alice.id, adminNotes: 'screenshot shows 3-1' } });
  expect(resolved.json().status).toBe('completed');
  await h.settle();
  return { betId: bet.id, alice, bob, png };
}

const trailOf = async (betId: string) => {
  const res = await h.app.inject({ method: 'GET', url: `/api/admin/bets/${betId}/trail`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; chains: { streamId: string; intact: boolean; brokenAt?: { streamRevision: number; eventId: string } }[]; intact: boolean; people: Record<string, string>; bet: { id: string } };
};

/** A bet of `amount` taken to a dispute (both players report a win), not resolved. */
async function disputed(amount: string): Promise<{ betId: string; alice: Player; bob: Player }> {
  const alice = await fundedPlayer(h);
  const bob = await fundedPlayer(h);
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount, visibility: 'public' } });
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: alice.headers, payload: { result: 'won' } })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: bob.headers, payload: { result: 'won' } })).json().status).toBe('disputed');
  return { betId: bet.id, alice, bob };
}

const positionKey = (p: string) => p.split('/').map(Number) as [number, number];

describe('the dispute trail', () => {
  it('holds, in order, the bet events, postings that sum to zero, chat messages, evidence and the admin resolution; every chain intact', async () => {
    const { betId, alice, bob, png } = await disputedAndResolved();
    const trail = await trailOf(betId);
    const { entries } = trail;

    // In global log order.
    for (let i = 1; i < entries.length; i++) {
      const [a, b] = [positionKey(entries[i - 1]!.position), positionKey(entries[i]!.position)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `${entries[i - 1]!.type} before ${entries[i]!.type}`).toBe(true);
    }
    const index = (predicate: (e: Entry) => boolean) => entries.findIndex(predicate);
    const created = index((e) => e.type === 'BetCreated');
    const firstChat = index((e) => e.kind === 'chat' && e.message?.content === 'gg, I won 3-1');
    const evidence = index((e) => e.kind === 'evidence');
    const secondChat = index((e) => e.kind === 'chat' && e.message?.content === 'no, I won');
    const disputed = index((e) => e.type === 'BetDisputed');
    const resolved = index((e) => e.type === 'DisputeResolved');
    const payout = index((e) => e.type === 'PayoutCredited');
    expect([created, firstChat, evidence, secondChat, disputed, resolved, payout].every((i) => i >= 0)).toBe(true);
    expect(created < firstChat && firstChat < evidence && evidence < secondChat && secondChat < disputed && disputed < resolved && resolved < payout).toBe(true);

    // Each entry names its actor, time and source.
    expect(entries[firstChat]).toMatchObject({ source: 'chat', actor: alice.id, message: { senderId: alice.id, type: 'message' } });
    expect(entries[evidence]).toMatchObject({ source: 'bets', type: 'EvidenceFile', evidence: { userId: alice.id, contentType: 'image/png', sizeBytes: png.length, url: expect.stringContaining(`/api/bets/${betId}/evidence/`) } });
    expect(entries[resolved]).toMatchObject({ kind: 'admin', actor: `admin:${admin.id}`, data: { adminNotes: 'screenshot shows 3-1' } });
    for (const e of entries) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    expect(trail.people).toMatchObject({ [alice.id]: alice.user.username, [bob.id]: bob.user.username, [admin.id]: admin.user.username });

    // Every posting of the bet, with account and amount: stakes in, fee and payout out, summing to zero.
    const postings = entries.flatMap((e) => e.postings);
    expect(entries.filter((e) => e.kind === 'posting').map((e) => e.type)).toEqual(['StakeLocked', 'StakeLocked', 'PayoutCredited']);
    expect(postings.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)).toFixed(2)).toBe('0.00');
    const escrow = postings.filter((p) => p.account === `bet:${betId}:escrow:NGN`);
    expect(escrow.length).toBeGreaterThan(0);
    // The settled bet's escrow is empty: what the stakes put in, the payout and the fee took out.
    expect(escrow.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)).toFixed(2)).toBe('0.00');

    // The evidence link serves the very bytes hashed in the trail.
    const file = await h.app.inject({ method: 'GET', url: entries[evidence]!.evidence!.url, headers: admin.headers });
    expect(file.rawPayload.equals(png)).toBe(true);

    expect(trail.intact).toBe(true);
    expect(trail.chains.map((c) => c.streamId)).toEqual(expect.arrayContaining([betStreamId(betId), `chat-${chatIdOfBet(betId)}`, `wallet-${alice.id}`, `wallet-${bob.id}`]));
    expect(trail.chains.every((c) => c.intact)).toBe(true);

    const html = await h.app.inject({ method: 'GET', url: `/api/admin/bets/${betId}/trail?format=html`, headers: admin.headers });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Chain intact');
    expect(html.body).toContain('gg, I won 3-1');
    expect(html.body).toContain('screenshot shows 3-1');
    expect(html.body).not.toContain('<script');
  });

  it('reads like a casebook: every entry says what happened in words, with names instead of ids and amounts formatted with the currency', async () => {
    const { betId, alice, bob } = await disputedAndResolved();
    const { entries } = await trailOf(betId);
    const [a, b, boss] = [alice.user.username, bob.user.username, admin.user.username];
    const texts = entries.map((e) => e.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        `${a} created a challenge on EA FC 25 for ₦100.00`,
        `${b} accepted the challenge`,
        `${a} locked ₦102.00 into escrow (stake ₦100.00 + fee ₦2.00)`,
        `${b} locked ₦102.00 into escrow (stake ₦100.00 + fee ₦2.00)`,
        `The match chat opened for ${a} and ${b}`,
        `${a} said: “gg, I won 3-1”`,
        `${a} reported a win with 1 evidence file(s)`,
        `${a} attached final.png`,
        `${b} reported a win`,
        `${boss} awarded the win to ${a}. Notes: “screenshot shows 3-1”`,
        `${a} won; ₦4.00 in fees went to the platform`,
        `${a} was paid ₦200.00 from escrow`,
      ]),
    );
    expect(texts.some((t) => t.startsWith('The reports disagree: the bet is disputed'))).toBe(true);
    // Language-free underneath: a code and parameters, people by id, amounts as recorded.
    expect(entries.find((e) => e.type === 'StakeLocked' && e.actor === alice.id)?.summary).toEqual({ code: 'stake_locked', params: { userId: alice.id, stake: '100.00', fee: '2.00', total: '102.00', currency: 'NGN' } });
    // No id stands where a name should: every entry names its people by username.
    for (const text of texts) expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const html = await h.app.inject({ method: 'GET', url: `/api/admin/bets/${betId}/trail?format=html`, headers: admin.headers });
    expect(html.body).toContain(`${a} locked ₦102.00 into escrow`);
  });

  it('shows an event altered in the store as a broken chain at that event', async () => {
    const { betId } = await disputedAndResolved();
    const before = await trailOf(betId);
    const reported = before.entries.find((e) => e.type === 'BetResultReported')!;
    // What an attacker with database access would do: rewrite the stored report (past the append-only trigger).
    await sql`alter table es_events disable trigger es_events_append_only`.execute(h.deps.db);
    try {
      await sql`update es_events set data = jsonb_set(data, '{result}', '"lost"') where event_id = ${reported.eventId}`.execute(h.deps.db);
    } finally {
      await sql`alter table es_events enable trigger es_events_append_only`.execute(h.deps.db);
    }
    const after = await trailOf(betId);
    expect(after.intact).toBe(false);
    const chain = after.chains.find((c) => c.streamId === betStreamId(betId))!;
    expect(chain).toMatchObject({ intact: false, breaks: 1, brokenAt: { streamRevision: reported.streamRevision, eventId: reported.eventId, type: 'BetResultReported' } });
    expect(after.chains.filter((c) => c.streamId !== betStreamId(betId)).every((c) => c.intact)).toBe(true);
    const html = await h.app.inject({ method: 'GET', url: `/api/admin/bets/${betId}/trail?format=html`, headers: admin.headers });
    expect(html.body).toContain(`chain broken at revision ${reported.streamRevision}`);
  });

  it('answers 404 for an unknown bet and 400 for a bad id', async () => {
    expect((await h.app.inject({ method: 'GET', url: `/api/admin/bets/${randomUUID()}/trail`, headers: admin.headers })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/bets/nope/trail', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('the dispute queue', () => {
  it('lists disputed bets oldest dispute first, each with when its dispute opened; resolved ones leave it', async () => {
    const older = await disputed('50');
    h.clock.advance(60 * 60_000);
    const newer = await disputed('60');
    const res = await h.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const queue = res.json() as { id: string; disputedAt: string; status: string }[];
    const ids = queue.map((b) => b.id);
    expect(ids.indexOf(older.betId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.betId)).toBeLessThan(ids.indexOf(newer.betId));
    for (let i = 1; i < queue.length; i++) expect(Date.parse(queue[i - 1]!.disputedAt)).toBeLessThanOrEqual(Date.parse(queue[i]!.disputedAt));
    const [o, n] = [queue.find((b) => b.id === older.betId)!, queue.find((b) => b.id === newer.betId)!];
    expect(Date.parse(n.disputedAt) - Date.parse(o.disputedAt)).toBeGreaterThanOrEqual(60 * 60_000);

    expect((await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${older.betId}/resolve`, headers: admin.headers, payload: { winnerId: null, adminNotes: 'no evidence either way' } })).statusCode).toBe(200);
    const after = (await h.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: admin.headers })).json() as { id: string }[];
    expect(after.map((b) => b.id)).not.toContain(older.betId);
    expect(after.map((b) => b.id)).toContain(newer.betId);
  });

  it('is for admins only: a visitor gets 401, a player 403', async () => {
    const player = await fundedPlayer(h);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/bets/disputed' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: player.headers })).statusCode).toBe(403);
  });
});
