// Proves GET /api/bets/:betId/details on PostgreSQL: a settled bet's timeline (created, accepted, each report with its evidence, settled, with times) and its money as the ledger recorded it (both stakes and fees into escrow, the payout, fees charged); a dispute voided by an admin shows who resolved it, the notes and the fees refunded, and stays in the player's closed list; who may read it (visitor 401, outsider 404, players, the chat's moderator, admins).
import { randomUUID } from 'node:crypto';
import { betMessages } from '@wager/domain/bets/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, multipart, type Player } from './testing.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'bet_details' });
});
afterAll(async () => {
  await h.close();
});

type Details = {
  bet: { id: string; status: string };
  timeline: { type: string; at: string; actorId: string | null; result: string | null; winnerId: string | null; evidence: { url: string; filename: string }[] }[];
  money: { currency: string; stakes: { userId: string; stake: string; fee: string }[]; escrow: string; fees: string; payout: { userId: string; amount: string } | null; refunds: unknown[]; postings: { account: string; amount: string }[] };
};
const details = (p: { headers: Record<string, string> } | null, betId: string) => h.app.inject({ method: 'GET', url: `/api/bets/${betId}/details`, headers: p?.headers ?? {} });

/** Alice challenges Bob for 100, Bob accepts, both report with Alice the winner (Alice with a screenshot). */
async function settledBet(alice: Player, bob: Player): Promise<string> {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddd4d60000000049454e44ae426082', 'hex');
  const form = multipart({ result: 'won' }, [{ name: 'evidence', filename: 'score.png', contentType: 'image/png', bytes: png }]);
  const won = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...alice.headers, ...form.headers }, payload: form.payload });
  expect(won.statusCode, won.body).toBe(200);
  const lost = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: bob.headers, payload: { result: 'lost' } });
  expect(lost.statusCode, lost.body).toBe(200);
  return bet.id;
}

describe('GET /api/bets/:betId/details', () => {
  it('gives a settled bet its timeline with times and evidence, and its money as the ledger recorded it', async () => {
    const alice = await fundedPlayer(h, '1000');
    const bob = await fundedPlayer(h, '1000');
    const betId = await settledBet(alice, bob);
    const res = await eventually(
      () => details(alice, betId),
      (r) => r.statusCode === 200 && (r.json() as Details).money.payout !== null,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Details;
    expect(body.bet).toMatchObject({ id: betId, status: 'completed' });
    expect(body).toMatchObject({ resolution: null, money: { feesStatus: 'charged' } });
    expect(body.timeline.map((t) => t.type)).toEqual(['BetCreated', 'BetAccepted', 'BetResultReported', 'BetResultReported', 'BetSettled']);
    for (const step of body.timeline) expect(Number.isNaN(Date.parse(step.at))).toBe(false);
    const [aliceReport, bobReport] = body.timeline.filter((t) => t.type === 'BetResultReported');
    expect(aliceReport).toMatchObject({ actorId: alice.id, result: 'won' });
    expect(aliceReport!.evidence).toHaveLength(1);
    expect(aliceReport!.evidence[0]!.url).toMatch(new RegExp(`^/api/bets/${betId}/evidence/[0-9a-f]{64}$`));
    expect(bobReport).toMatchObject({ actorId: bob.id, result: 'lost', evidence: [] });
    expect(body.timeline.at(-1)).toMatchObject({ type: 'BetSettled', winnerId: alice.id });
    // Both stakes of 100 and fees of 2 locked; the winner is paid both stakes.
    expect(body.money.currency).toBe('NGN');
    expect(body.money.stakes.map((s) => [s.userId, s.stake, s.fee])).toEqual([
      [alice.id, '100.00', '2.00'],
      [bob.id, '100.00', '2.00'],
    ]);
    expect(body.money).toMatchObject({ escrow: '200.00', fees: '4.00', payout: { userId: alice.id, amount: '200.00' }, refunds: [] });
    // The postings of the bet balance to zero, as every set of postings does.
    const total = body.money.postings.reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
    expect(total).toBe(0);
    // The evidence thumbnail the page shows is readable by the other player.
    expect((await h.app.inject({ method: 'GET', url: aliceReport!.evidence[0]!.url, headers: bob.headers })).statusCode).toBe(200);
  });

  it('answers a visitor 401, an outsider 404 (Bet Not Found), the players, the chat moderator and an admin 200', async () => {
    const alice = await fundedPlayer(h, '1000');
    const bob = await fundedPlayer(h, '1000');
    const outsider = await fundedPlayer(h, '0');
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const mod = await fundedPlayer(h, '0');
    expect((await h.app.inject({ method: 'PATCH', url: `/api/admin/users/${mod.id}`, headers: admin.headers, payload: { isModerator: true } })).statusCode).toBe(200);
    const betId = await settledBet(alice, bob);
    expect((await details(null, betId)).statusCode).toBe(401);
    const outside = await details(outsider, betId);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ error: betMessages.betNotFound });
    expect((await details(outsider, randomUUID())).statusCode).toBe(404);
    // A moderator who has not joined this bet's chat is an outsider to it.
    expect((await details(mod, betId)).statusCode).toBe(404);
    const chat = (await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: alice.headers })).json() as { id: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chat.id}/invite-moderator`, headers: alice.headers })).statusCode).toBeLessThan(300);
    const joined = await h.app.inject({ method: 'POST', url: `/api/chats/${chat.id}/join`, headers: mod.headers });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    for (const viewer of [alice, bob, admin]) expect((await details(viewer, betId)).statusCode).toBe(200);
    const asModerator = await eventually(() => details(mod, betId), (r) => r.statusCode === 200);
    expect(asModerator.statusCode).toBe(200);
  });

  it('shows a voided dispute with who resolved it, the notes, fees refunded; the bet stays in My Matches (closed) as voided', async () => {
    const [alice, bob, boss] = [await fundedPlayer(h, '1000'), await fundedPlayer(h, '1000'), await fundedPlayer(h, '0')];
    await makeAdmin(h, boss.id);
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
    const bet = created.json().bet as { id: string; inviteLinkId: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
    for (const p of [alice, bob]) expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: p.headers, payload: { result: 'won' } })).statusCode).toBe(200);
    const voided = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: boss.headers, payload: { winnerId: null, adminNotes: 'Neither screenshot shows the final score' } });
    expect(voided.json().status).toBe('voided');
    const res = await eventually(() => details(bob, bet.id), (r) => (r.json() as Details).money.refunds.length === 2);
    const body = res.json() as Details & { resolution: unknown; money: { feesStatus: string } };
    expect(body.resolution).toMatchObject({ resolvedBy: { id: boss.id, username: boss.user.username }, winnerId: null, adminNotes: 'Neither screenshot shows the final score' });
    expect(body.money).toMatchObject({ fees: '4.00', feesStatus: 'refunded' });
    const closed = (await h.app.inject({ method: 'GET', url: '/api/bets?status=closed', headers: alice.headers })).json() as { id: string; status: string }[];
    expect(closed.find((b) => b.id === bet.id)?.status).toBe('voided');
    const completed = (await h.app.inject({ method: 'GET', url: '/api/bets?status=completed', headers: alice.headers })).json() as { id: string }[];
    expect(completed.map((b) => b.id)).not.toContain(bet.id);
  });

  it('refuses a malformed id with 400', async () => {
    const alice = await fundedPlayer(h, '0');
    expect((await details(alice, 'not-a-uuid')).statusCode).toBe(400);
  });
});
