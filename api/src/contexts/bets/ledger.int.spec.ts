// Proves the proof of escrow: GET /api/bets/:betId/ledger lists every posting that moved a settled bet's money (stakes and fees in, payout, fees) with event ids, times and hashes, shows the escrow balance, returns the bet stream's events whose hash chain recomputes with the server's canonical JSON and sha256, detects tampering, and answers only the bet's players, its chat's moderator and admins.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyHashChain } from '@wager/domain';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, settleFollowUps, type Player } from './testing.js';

let h: TestHarness;
const sha256Hex = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  h = await createTestHarness({ label: 'bet_ledger' });
});
afterAll(async () => {
  await h.close();
});

type Ledger = {
  escrowAccount: string;
  names: Record<string, string>;
  escrowBalance: string;
  movements: { eventId: string; eventType: string; streamId: string; hash: string | null; recordedAt: string; postings: { account: string; amount: string }[] }[];
  chain: { streamId: string; headHash: string | null; events: { type: string; data: unknown; hash: string; redacted: boolean }[] };
};

async function acceptedBet() {
  const alice = await fundedPlayer(h, '1000.00');
  const bob = await fundedPlayer(h, '500.00');
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  return { alice, bob, betId: bet.id };
}

async function settledBet() {
  const alice = await fundedPlayer(h, '1000.00');
  const bob = await fundedPlayer(h, '500.00');
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: alice.headers, payload: { result: 'lost' } });
  const settled = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: bob.headers, payload: { result: 'won' } });
  expect(settled.json()).toMatchObject({ status: 'completed' });
  await settleFollowUps(h);
  return { alice, bob, betId: bet.id };
}

async function ledgerOf(p: Player | null, betId: string) {
  return h.app.inject({ method: 'GET', url: `/api/bets/${betId}/ledger`, ...(p ? { headers: p.headers } : {}) });
}

describe('GET /api/bets/:betId/ledger', () => {
  it('lists the postings that moved a settled bet\'s money, an empty escrow, and a hash chain that recomputes', async () => {
    const { alice, bob, betId } = await settledBet();
    const r = await ledgerOf(alice, betId);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as Ledger;
    expect(body).toMatchObject({ escrowAccount: `bet:${betId}:escrow:NGN`, escrowBalance: '0.00' });
    const escrowLegs = body.movements.flatMap((m) => m.postings.filter((p) => p.account === body.escrowAccount).map((p) => ({ type: m.eventType, amount: p.amount })));
    expect(escrowLegs).toEqual(
      expect.arrayContaining([
        { type: 'StakeLocked', amount: '102.00' },
        { type: 'StakeLocked', amount: '102.00' },
        { type: 'PayoutCredited', amount: '-200.00' },
        { type: 'BetSettled', amount: '-4.00' },
      ]),
    );
    expect(escrowLegs).toHaveLength(4);
    const payout = body.movements.find((m) => m.eventType === 'PayoutCredited')!;
    expect(payout.postings).toContainEqual({ account: `user:${bob.id}:available:NGN`, currency: 'NGN', amount: '200.00' });
    // Who each player account is: the panel names them, not their ids
    expect(body.names).toEqual({ [alice.id]: alice.user.username, [bob.id]: bob.user.username });
    for (const m of body.movements) expect(m.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.chain.streamId).toBe(`bet-${betId}`);
    expect(body.chain.headHash).toBe(body.chain.events.at(-1)!.hash);
    expect(await verifyHashChain(body.chain.events, sha256Hex)).toEqual({ ok: true, checked: body.chain.events.length, redacted: 0, brokenAt: null });
  });

  it('detects a tampered event in the chain', async () => {
    const { alice, betId } = await settledBet();
    const body = (await ledgerOf(alice, betId)).json() as Ledger;
    const events = body.chain.events.map((e, i) => (i === 1 ? { ...e, data: { ...(e.data as object), tampered: true } } : e));
    expect(await verifyHashChain(events, sha256Hex)).toMatchObject({ ok: false, brokenAt: 1 });
  });

  it('answers the players, the chat\'s moderator and admins; a visitor gets 401, anyone else 404', async () => {
    const { alice, bob, betId } = await acceptedBet();
    const chatId = ((await h.app.inject({ method: 'GET', url: `/api/chats/${betId}`, headers: alice.headers })).json() as { id: string }).id;
    const outsider = await fundedPlayer(h, '0');
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const mod = await fundedPlayer(h, '0');
    expect((await h.app.inject({ method: 'PATCH', url: `/api/admin/users/${mod.id}`, headers: admin.headers, payload: { isModerator: true } })).statusCode).toBe(200);
    expect((await ledgerOf(mod, betId)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/invite-moderator`, headers: bob.headers })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/join`, headers: mod.headers })).statusCode).toBe(200);

    expect((await ledgerOf(null, betId)).statusCode).toBe(401);
    expect((await ledgerOf(outsider, betId)).statusCode).toBe(404);
    expect((await ledgerOf(outsider, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const p of [alice, bob, mod, admin]) expect((await ledgerOf(p, betId)).statusCode).toBe(200);
  });
});
