// Proves the bets API end to end on PostgreSQL: create → accept → report → settle with exact money, invitations, marketplace, cancel, evidence, disputes, scheduler and the spec's refusals.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { BetScheduler } from './jobs.js';
import { available, checkBooks, fundedPlayer, ledger, multipart, type Player } from './testing.js';

const H = 3600_000;
let h: TestHarness;
let scheduler: BetScheduler;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_api' });
  scheduler = new BetScheduler(h.deps);
});
afterAll(async () => {
  await h.close();
});

async function create(p: Player, body: Record<string, unknown> = {}) {
  const res = await h.app.inject({ method: 'POST', url: '/api/bets', headers: p.headers, payload: { amount: '100', visibility: 'public', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { bet: { id: string; inviteLinkId: string; [k: string]: unknown }; shareableLink: string };
}
async function accept(p: Player, inviteLinkId: string) {
  return h.app.inject({ method: 'POST', url: `/api/challenges/accept/${inviteLinkId}`, headers: p.headers });
}
async function report(p: Player, betId: string, result: 'won' | 'lost') {
  return h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: p.headers, payload: { result } });
}
async function balanceOf(p: Player) {
  return available(await ledger(h), p.id);
}

describe('a bet from challenge to payout', () => {
  it('locks stake + fee on both sides, settles on agreement, pays 2 × stake, books 2 × fee, empties escrow, updates ratings', async () => {
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '500.00');
    const { bet, shareableLink } = await create(alice, { amount: '100', goalHandicap: 1, bannedTeams: ['Arsenal'] });
    // Absolute, on PUBLIC_URL (the harness's), not on inject's Host header (localhost:80).
    expect(shareableLink).toBe(`${TEST_PUBLIC_URL}/challenge/accept/${bet.inviteLinkId}`);
    expect(bet).toMatchObject({ status: 'pending', amount: '100.00', feeAmount: '2.00', currency: 'NGN', goalHandicap: 1, bannedTeams: ['Arsenal'], challenger: { id: alice.id, rating: 1000 } });
    expect(bet.expiresAt).toBe(new Date(h.clock.now().getTime() + 48 * H).toISOString());
    expect(await balanceOf(alice)).toBe('898.00');

    const invitation = await h.app.inject({ method: 'GET', url: `/api/challenges/${bet.inviteLinkId}` });
    expect(invitation.statusCode).toBe(200);
    expect(invitation.json().bet).toMatchObject({ id: bet.id, challenger: { username: alice.user.username, wins: 0, losses: 0 } });

    const noChat = await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers });
    expect(noChat.json()).toEqual({ error: 'Chat is not available for this bet. Chat will be enabled once the bet is accepted.', code: 'not_found' });

    h.clock.advance(H);
    const accepted = await accept(bob, bet.inviteLinkId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().bet).toMatchObject({ status: 'accepted', opponentId: bob.id, expiresAt: new Date(h.clock.now().getTime() + 24 * H).toISOString() });
    expect(await balanceOf(bob)).toBe('398.00');
    const chat = await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: bob.headers });
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toMatchObject({ betId: bet.id, participant1Id: alice.id, participant2Id: bob.id, isModeratorRequested: false });
    const taken = await h.app.inject({ method: 'GET', url: `/api/challenges/${bet.inviteLinkId}` });
    expect(taken.statusCode).toBe(404);
    expect(taken.json().error).toBe('Challenge Not Found: This challenge link is invalid, expired, or has already been accepted.');

    expect((await report(alice, bet.id, 'lost')).json()).toMatchObject({ status: 'accepted', challengerResult: 'lost' });
    const settled = await report(bob, bet.id, 'won');
    expect(settled.json()).toMatchObject({ status: 'completed', actualWinner: bob.id, opponentResult: 'won', settledBy: 'agreement' });

    const books = await ledger(h);
    expect(available(books, alice.id)).toBe('898.00');
    expect(available(books, bob.id)).toBe('598.00');
    expect(books.get(`bet:${bet.id}:escrow:NGN`)?.toFixed(2)).toBe('0.00');
    await checkBooks(h, [bet.id]);

    const mine = await h.app.inject({ method: 'GET', url: '/api/bets?status=completed', headers: bob.headers });
    expect(mine.json()[0]).toMatchObject({ id: bet.id, opponent: { id: bob.id, rating: 1016, wins: 1, losses: 0 }, challenger: { rating: 984, losses: 1 } });
    await h.settle();
    const tx = await h.app.inject({ method: 'GET', url: '/api/transactions', headers: bob.headers });
    const types = (tx.json() as { type: string; betId: string | null }[]).filter((t) => t.betId === bet.id).map((t) => t.type).sort();
    expect(types).toEqual(expect.arrayContaining(['bet_escrow', 'bet_payout']));
  });

  it('answers an unaffordable POST /api/bets with code insufficient_balance and the exact amounts as params', async () => {
    const broke = await fundedPlayer(h, '0.00');
    const refused = await h.app.inject({ method: 'POST', url: '/api/bets', headers: broke.headers, payload: { amount: '1000' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Insufficient Balance: You need ₦1,020.00 (including ₦20.00 fee) but only have ₦0.00.',
      code: 'insufficient_balance',
      params: { needed: '1020.00', fee: '20.00', balance: '0.00', currency: 'NGN' },
    });
    expect(await balanceOf(broke)).toBe('0.00');
    const some = await fundedPlayer(h, '1019.99');
    const short = await h.app.inject({ method: 'POST', url: '/api/bets', headers: some.headers, payload: { amount: '1000.00' } });
    expect(short.json()).toMatchObject({ code: 'insufficient_balance', params: { needed: '1020.00', fee: '20.00', balance: '1019.99', currency: 'NGN' } });
    expect(await balanceOf(some)).toBe('1019.99');
  });

  it('refuses with the spec wording: insufficient balance, own challenge, taken, expired', async () => {
    const poor = await fundedPlayer(h, '50.00');
    const res = await h.app.inject({ method: 'POST', url: '/api/bets', headers: poor.headers, payload: { amount: '100' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Insufficient Balance: You need ₦102.00 (including ₦2.00 fee) but only have ₦50.00.',
      code: 'insufficient_balance',
      params: { needed: '102.00', fee: '2.00', balance: '50.00', currency: 'NGN' },
    });
    const big = await fundedPlayer(h, '60000.00');
    const limit = await h.app.inject({ method: 'POST', url: '/api/bets', headers: big.headers, payload: { amount: '50000' } });
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toEqual({
      error: 'Daily Limit Exceeded: This bet would exceed your daily limit of ₦50,000.00.',
      code: 'daily_limit_exceeded',
      params: { dailyLimit: '50000.00', dailySpent: '0.00', currency: 'NGN' },
      dailyLimit: '50000.00',
      dailySpent: '0.00',
    });
    const bad = await h.app.inject({ method: 'POST', url: '/api/bets', headers: big.headers, payload: { amount: '9' } });
    expect(bad.json()).toEqual({ error: 'Minimum bet amount is 10', code: 'validation_failed' });

    const owner = await fundedPlayer(h);
    const { bet } = await create(owner);
    const own = await accept(owner, bet.inviteLinkId);
    expect([own.statusCode, own.json().error]).toEqual([403, 'You cannot accept your own challenge']);
    const expiring = await create(owner);
    h.clock.advance(48 * H);
    const late = await fundedPlayer(h);
    const expired = await accept(late, expiring.bet.inviteLinkId);
    expect([expired.statusCode, expired.json().error]).toEqual([409, 'This challenge has expired']);
    expect(await balanceOf(late)).toBe('1000.00');
  });

  it('cancels a pending challenge with a full refund (challenger only)', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const { bet } = await create(alice, { amount: '250.50' });
    expect(await balanceOf(alice)).toBe('744.49');
    const notYours = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/cancel`, headers: bob.headers });
    expect(notYours.statusCode).toBe(404);
    const cancelled = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/cancel`, headers: alice.headers });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(alice)).toBe('1000.00');
    await checkBooks(h, [bet.id]);
  });
});

describe('evidence, disputes and the admin desk', () => {
  it('stores evidence by sha256, serves it to players and admins only, and resolves a dispute', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const eve = await fundedPlayer(h);
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const { bet } = await create(alice, { amount: '100', opponentId: bob.id, visibility: 'private' });
    expect((await accept(eve, bet.inviteLinkId)).json().error).toBe('This challenge was sent to another player');
    expect((await accept(bob, bet.inviteLinkId)).statusCode).toBe(200);

    const png = Buffer.from(`fake-png-${randomUUID()}`);
    const form = multipart({ result: 'won' }, [{ name: 'evidence', filename: 'score.png', contentType: 'image/png', bytes: png }]);
    const reported = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...alice.headers, ...form.headers }, payload: form.payload });
    expect(reported.statusCode, reported.body).toBe(200);
    const [file] = reported.json().resultEvidence;
    expect(file).toMatchObject({ userId: alice.id, contentType: 'image/png', sizeBytes: png.length, filename: 'score.png' });
    const wrongType = multipart({ result: 'won' }, [{ name: 'evidence', filename: 'x.exe', contentType: 'application/octet-stream', bytes: Buffer.from('x') }]);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...bob.headers, ...wrongType.headers }, payload: wrongType.payload })).json().error).toBe('Evidence files must be images or videos');

    for (const [who, status] of [[alice, 200], [bob, 200], [admin, 200], [eve, 404]] as const) {
      const res = await h.app.inject({ method: 'GET', url: file.url, headers: who.headers });
      expect(res.statusCode).toBe(status);
      if (status === 200) expect(res.rawPayload.equals(png)).toBe(true);
    }
    expect((await h.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);

    const disputed = await report(bob, bet.id, 'won');
    expect(disputed.json()).toMatchObject({ status: 'disputed', disputeReason: 'Both players reported a win', disputeReasonCode: 'both_reported_win' });
    const desk = await h.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: admin.headers });
    expect(desk.json().find((b: { id: string }) => b.id === bet.id)).toMatchObject({ challengerResult: 'won', opponentResult: 'won', resultEvidence: [{ sha256: file.sha256 }], disputeReasonCode: 'both_reported_win' });
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/bets/disputed', headers: alice.headers })).statusCode).toBe(403);

    const outsider = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: admin.headers, payload: { winnerId: eve.id, adminNotes: 'eve won' } });
    expect(outsider.json().error).toBe('The winner must be one of the two players');
    const noNotes = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: admin.headers, payload: { winnerId: alice.id, adminNotes: '  ' } });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().error).toBe('Resolution notes are required');
    expect((await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: admin.headers, payload: { winnerId: alice.id } })).json().error).toBe('Resolution notes are required');
    const resolved = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: admin.headers, payload: { winnerId: alice.id, adminNotes: 'screenshot is clear' } });
    expect(resolved.json()).toMatchObject({ status: 'completed', actualWinner: alice.id, settledBy: 'admin', adminNotes: 'screenshot is clear' });
    expect(await balanceOf(alice)).toBe('1098.00');
    await checkBooks(h, [bet.id]);

    const trail = await h.app.inject({ method: 'GET', url: `/api/admin/bets/${bet.id}/trail`, headers: admin.headers });
    // The bet's and the wallet's part of the admin trail (the chat's and the evidence's are the admin context's trail test, the tracked match's the live context's).
    const entries = trail.json().entries as { type: string; source: string; kind: string; actor: string; postings: unknown[] }[];
    const types = entries.filter((t) => t.source === 'bets' || t.source === 'wallet').filter((t) => t.kind !== 'evidence').map((t) => t.type);
    expect(types).toEqual(['StakeLocked', 'BetCreated', 'StakeLocked', 'BetAccepted', 'BetResultReported', 'BetResultReported', 'BetDisputed', 'DisputeResolved', 'BetSettled', 'PayoutCredited']);
    expect(entries.find((t) => t.type === 'BetDisputed')).toMatchObject({ summary: { code: 'bet_disputed', params: { reason: 'Both players reported a win', reasonCode: 'both_reported_win' } } });
    const settledEntry = entries.find((t) => t.type === 'BetSettled')!;
    expect(settledEntry).toMatchObject({ actor: `admin:${admin.id}`, postings: [{ amount: '-4.00' }, { account: 'platform:fees:NGN', amount: '4.00' }] });
  });

  it('voids with no winner and refunds both', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const { bet } = await create(alice);
    await accept(bob, bet.inviteLinkId);
    await report(alice, bet.id, 'lost');
    expect((await report(bob, bet.id, 'lost')).json()).toMatchObject({ status: 'disputed', disputeReason: 'Both players reported a loss', disputeReasonCode: 'both_reported_loss' });
    const voided = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: admin.headers, payload: { winnerId: null, adminNotes: 'no proof' } });
    expect(voided.json()).toMatchObject({ status: 'voided', voidReason: 'admin' });
    expect([await balanceOf(alice), await balanceOf(bob)]).toEqual(['1000.00', '1000.00']);
    await checkBooks(h, [bet.id]);
  });
});

describe('marketplace', () => {
  it('lists pending public challenges with masked PSN names and lets another player join', async () => {
    const maker = await fundedPlayer(h, '30000.00');
    const joiner = await fundedPlayer(h, '30000.00');
    const { bet } = await create(maker, { amount: '20000', gameType: 'cod', gameMode: 'hardpoint', customRulesEnabled: true, additionalTerms: 'Best of three, no snipers' });
    const list = await h.app.inject({ method: 'GET', url: `/api/challenges/public?search=${maker.user.username}&gameType=cod&amountRange=low` });
    expect(list.statusCode, list.body).toBe(200);
    const psn = maker.user.psnUsername as string;
    expect(list.json()).toMatchObject({ totalPages: 1, challenges: [{ id: bet.id, gameMode: 'hardpoint', challengerUsername: maker.user.username, challengerPsnUsername: `${psn.slice(0, 2)}${'*'.repeat(psn.length - 4)}${psn.slice(-2)}` }] });
    expect(list.json().challenges[0].inviteLinkId).toBeUndefined();
    // The join confirmation's figures and rules come from here: what the server will charge, and every term set.
    expect(list.json().challenges[0]).toMatchObject({ amount: '20000.00', feeAmount: '400.00', totalCost: '20400.00', customRulesEnabled: true, additionalTerms: 'Best of three, no snipers' });
    const joined = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${bet.id}`, headers: joiner.headers });
    expect(joined.json()).toMatchObject({ bet: { status: 'accepted', opponentId: joiner.id } });
    expect((await h.app.inject({ method: 'GET', url: `/api/challenges/public?search=${maker.user.username}` })).json().challenges).toEqual([]);
  });
});

describe('scheduler', () => {
  it('expires pending at 48 h, voids accepted with no result by the deadline, settles a lone report after 24 h', async () => {
    const a = await fundedPlayer(h);
    const b = await fundedPlayer(h);
    const pending = await create(a);
    const idle = await create(a);
    const lone = await create(a);
    await accept(b, idle.bet.inviteLinkId);
    await accept(b, lone.bet.inviteLinkId);
    await report(b, lone.bet.id, 'won');
    await scheduler.tick();
    h.clock.advance(24 * H);
    await h.settle();
    await scheduler.tick();
    await h.settle();
    h.clock.advance(24 * H);
    await scheduler.tick();
    await h.settle();
    const status = async (id: string) => (await h.app.inject({ method: 'GET', url: `/api/bets/${id}`, headers: a.headers })).json();
    expect(await status(idle.bet.id)).toMatchObject({ status: 'voided', voidReason: 'no_result_by_deadline' });
    expect(await status(lone.bet.id)).toMatchObject({ status: 'completed', actualWinner: b.id, settledBy: 'uncontested' });
    expect(await status(pending.bet.id)).toMatchObject({ status: 'expired' });
    expect(await balanceOf(a)).toBe(String((1000 - 102).toFixed(2)));
    expect(await balanceOf(b)).toBe(String((1000 - 102 + 200).toFixed(2)));
    await checkBooks(h, [pending.bet.id, idle.bet.id, lone.bet.id]);
  });
});

describe('declining a direct challenge', () => {
  it('lets only the invited opponent decline; the challenger gets stake + fee back, exactly once', async () => {
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '0.00');
    const carol = await fundedPlayer(h, '0.00');
    const { bet } = await create(alice, { amount: '100', visibility: 'private', opponentId: bob.id });
    expect(await balanceOf(alice)).toBe('898.00');
    const byOutsider = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/decline`, headers: carol.headers });
    expect(byOutsider.statusCode).toBe(404);
    const byChallenger = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/decline`, headers: alice.headers });
    expect(byChallenger.statusCode).toBe(403);
    expect(byChallenger.json()).toEqual({ error: 'Only the invited opponent can decline this challenge', code: 'forbidden' });
    for (let i = 0; i < 2; i++) {
      const declined = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/decline`, headers: bob.headers });
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toMatchObject({ id: bet.id, status: 'cancelled' });
    }
    await h.settle();
    expect(await balanceOf(alice)).toBe('1000.00');
    await checkBooks(h, [bet.id]);
  });
});

describe('share links', () => {
  it('come from PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const alice = await fundedPlayer(h, '200.00');
    const forged = { ...alice.headers, host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: forged, payload: { amount: '100', visibility: 'public' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().shareableLink).toBe(`${TEST_PUBLIC_URL}/challenge/accept/${created.json().bet.inviteLinkId}`);
  });
});
