// Proves appeals through the API on PostgreSQL: who may file one (visitor 401, outsider 404, an admin who is no player 403, each player) and decide one (visitor 401, player 403, the resolving admin 403 same_admin, another admin), the 48-hour window, one appeal per bet, the queue, and the money: an overturn moves exactly the correction (even when the winner has spent the winnings: the rest is owed, and collected from their next winnings in that settlement's own append), each compensating event names the original resolution, the books balance and the escrow ends at zero; a decision and its corrections are one append: a crash inside it records neither, and the decision then made moves the money once.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { settleReactors } from '../../testing/reactors.js';
import { makeAdmin } from '../../testing/users.js';
import { crashMidAppend } from '../../testing/crash.js';
import { walletStreamId } from '@wager/domain/wallet/index';
import { available, checkBooks, fundedPlayer, ledger, settleFollowUps, type Player } from './testing.js';
import { BetSagas } from './commands.js';
import { verifyLedger } from '../admin/audit.js';

const H = 3600_000;
let h: TestHarness;
let resolver: Player;
let reviewer: Player;
let outsider: Player;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_appeals' });
  resolver = await fundedPlayer(h, '0');
  reviewer = await fundedPlayer(h, '0');
  outsider = await fundedPlayer(h, '0');
  await makeAdmin(h, resolver.id);
  await makeAdmin(h, reviewer.id);
});
afterAll(async () => {
  await h.close();
});

/** Alice challenges, Bob accepts, both claim the win; the resolver gives it to `winner` (or voids). */
async function resolved(winner: 'alice' | 'bob' | null, amount = '100') {
  const alice = await fundedPlayer(h, '1000.00');
  const bob = await fundedPlayer(h, '1000.00');
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount, visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  for (const p of [alice, bob]) expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: p.headers, payload: { result: 'won' } })).statusCode).toBe(200);
  const winnerId = winner === null ? null : { alice, bob }[winner].id;
  const res = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: resolver.headers, payload: { winnerId, adminNotes: 'The clip shows it' } });
  expect(res.statusCode, res.body).toBe(200);
  return { alice, bob, betId: bet.id };
}

const appeal = (betId: string, headers: Record<string, string> | undefined, reason = 'The final whistle clip shows my goal counted') =>
  h.app.inject({ method: 'POST', url: `/api/bets/${betId}/appeal`, ...(headers ? { headers } : {}), payload: { reason } });
const decide = (betId: string, headers: Record<string, string> | undefined, body: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: `/api/admin/appeals/${betId}/decide`, ...(headers ? { headers } : {}), payload: { notes: 'Reviewed the clip again', ...body } });

async function resolutionEventId(betId: string): Promise<string> {
  const { rows } = await sql<{ event_id: string }>`select event_id from es_events where stream_id = ${`bet-${betId}`} and type = 'DisputeResolved'`.execute(h.deps.db);
  return rows[0]!.event_id;
}

describe('filing an appeal', () => {
  it('refuses a visitor (401), an outsider (404), an admin who is no player (403) and a bad reason (400); a player files it once', async () => {
    const { alice, bob, betId } = await resolved('alice');
    expect((await appeal(betId, undefined)).statusCode).toBe(401);
    const stranger = await appeal(betId, outsider.headers);
    expect(stranger.statusCode).toBe(404);
    const admin = await appeal(betId, reviewer.headers);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'appeal_not_player', error: 'Only the players of this bet can appeal it' });
    const short = await appeal(betId, bob.headers, 'no');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: 'Please give a reason for your appeal (at least 10 characters)' });

    const filed = await appeal(betId, bob.headers);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().bet).toMatchObject({ status: 'completed', actualWinner: alice.id, appeal: { status: 'open', appellantId: bob.id, reason: 'The final whistle clip shows my goal counted', decidedBy: null } });
    expect(filed.json().bet.appeal.notes).toBeUndefined();
    const again = await appeal(betId, alice.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This resolution has already been appealed', code: 'appeal_already_filed' });
  });

  it('closes 48 hours after the resolution, and is refused on a bet no admin resolved', async () => {
    const { bob, betId } = await resolved(null);
    const bet = (await h.app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: bob.headers })).json();
    expect(bet.appealDeadlineAt).toBe(new Date(h.clock.now().getTime() + 48 * H).toISOString());
    h.clock.advance(48 * H);
    const late = await appeal(betId, bob.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'appeal_window_closed' });

    const alice = await fundedPlayer(h, '500.00');
    const created = (await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '50', visibility: 'public' } })).json().bet;
    const never = await appeal(created.id, alice.headers);
    expect(never.statusCode).toBe(409);
    expect(never.json()).toMatchObject({ code: 'appeal_not_resolved_by_admin' });
  });
});

describe('the queue and the decision', () => {
  it('lists open appeals to admins only; the resolving admin is refused (same_admin); another admin overturns and the money follows, once', async () => {
    const { alice, bob, betId } = await resolved('alice');
    expect((await appeal(betId, bob.headers)).statusCode).toBe(201);

    expect((await h.app.inject({ method: 'GET', url: '/api/admin/appeals' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/api/admin/appeals', headers: bob.headers })).statusCode).toBe(403);
    const queue = await h.app.inject({ method: 'GET', url: '/api/admin/appeals', headers: reviewer.headers });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().find((b: { id: string }) => b.id === betId)).toMatchObject({ appeal: { status: 'open', resolvedBy: resolver.id }, adminNotes: 'The clip shows it' });

    expect((await decide(betId, undefined, { outcome: 'upheld' })).statusCode).toBe(401);
    const byPlayer = await decide(betId, bob.headers, { outcome: 'overturned', winnerId: bob.id });
    expect(byPlayer.statusCode).toBe(403);
    expect(byPlayer.json()).toMatchObject({ error: 'Access Denied' });
    const same = await decide(betId, resolver.headers, { outcome: 'overturned', winnerId: bob.id });
    expect(same.statusCode).toBe(403);
    expect(same.json()).toEqual({ error: 'An appeal must be decided by a different admin than the one who resolved the dispute', code: 'same_admin' });
    const unchanged = await decide(betId, reviewer.headers, { outcome: 'overturned', winnerId: alice.id });
    expect(unchanged.json()).toMatchObject({ code: 'appeal_outcome_unchanged' });
    expect(unchanged.statusCode).toBe(400);
    expect((await decide(betId, reviewer.headers, { outcome: 'sideways' })).statusCode).toBe(400);

    expect(available(await ledger(h), alice.id)).toBe('1098.00');
    const decided = await decide(betId, reviewer.headers, { outcome: 'overturned', winnerId: bob.id });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'completed', actualWinner: bob.id, settledBy: 'appeal', appeal: { status: 'overturned', decidedBy: reviewer.id, notes: 'Reviewed the clip again' } });
    const books = await ledger(h);
    expect(available(books, alice.id)).toBe('898.00');
    expect(available(books, bob.id)).toBe('1098.00');
    expect(books.get('platform:fees:NGN')?.toFixed(2)).toBeDefined();
    await checkBooks(h, [betId]);

    // One append, in its order: the debit (filling the reopened escrow), the decision, the credit. Each correction names the original resolution; nothing recorded before changed.
    const { rows } = await sql<{ type: string; reverses: string; user_id: string; amount: string }>`
      select type, data->>'reversesEventId' as reverses, data->>'userId' as user_id, data->>'amount' as amount from es_events
       where type in ('AppealDebited', 'AppealCredited', 'AppealDecided') and (data->>'holdId' = ${betId} or data->>'betId' = ${betId}) order by global_position`.execute(h.deps.db);
    const original = await resolutionEventId(betId);
    expect(rows.map((r) => [r.type, r.user_id, r.amount])).toEqual([
      ['AppealDebited', alice.id, '200.00'],
      ['AppealDecided', null, null],
      ['AppealCredited', bob.id, '200.00'],
    ]);
    expect(rows.every((r) => r.reverses === original)).toBe(true);

    const twice = await decide(betId, reviewer.headers, { outcome: 'upheld' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'appeal_already_decided' });
    await settleFollowUps(h);
    expect(available(await ledger(h), bob.id)).toBe('1098.00');
    const after = (await h.app.inject({ method: 'GET', url: '/api/admin/appeals', headers: reviewer.headers })).json();
    expect(after.some((b: { id: string }) => b.id === betId)).toBe(false);
    const decidedList = (await h.app.inject({ method: 'GET', url: '/api/admin/appeals?status=decided', headers: reviewer.headers })).json();
    expect(decidedList.some((b: { id: string }) => b.id === betId)).toBe(true);

    const details = await h.app.inject({ method: 'GET', url: `/api/bets/${betId}/details`, headers: alice.headers });
    expect(details.json().money.appealAdjustments).toEqual([
      expect.objectContaining({ userId: alice.id, amount: '-200.00', owed: '0.00' }),
      expect.objectContaining({ userId: bob.id, amount: '200.00', owed: '0.00' }),
    ]);
    expect(details.json().timeline.map((t: { type: string }) => t.type)).toContain('AppealDecided');
  });

  it('an upheld appeal moves no money; both players and the other admins are notified, the resolver is not asked to review', async () => {
    const { alice, bob, betId } = await resolved('bob');
    const before = await ledger(h);
    expect((await appeal(betId, alice.headers)).statusCode).toBe(201);
    const upheld = await decide(betId, reviewer.headers, { outcome: 'upheld' });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json()).toMatchObject({ status: 'completed', actualWinner: bob.id, appeal: { status: 'upheld' } });
    const after = await ledger(h);
    for (const p of [alice, bob]) expect(available(after, p.id)).toBe(available(before, p.id));
    // Every reactor (the notifications' too, not only the bet's follow-ups) has handled the decision.
    await settleReactors(h);
    const types = async (p: Player) =>
      ((await h.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: p.headers })).json().notifications as { type: string; params: { betId?: string } }[])
        .filter((n) => n.params.betId === betId)
        .map((n) => n.type);
    expect(await types(bob)).toEqual(expect.arrayContaining(['appeal_filed', 'appeal_decided']));
    expect(await types(alice)).toContain('appeal_decided');
    expect(await types(reviewer)).toContain('appeal_to_review');
    expect(await types(resolver)).not.toContain('appeal_to_review');
  });

  it('an overturn to a void when the winner spent the winnings: the balance goes to zero, the rest is owed, the books still balance', async () => {
    const { alice, bob, betId } = await resolved('alice');
    // Alice stakes most of her winnings on a new challenge (1000 + 20 fee of her 1098).
    expect((await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '1000', visibility: 'public' } })).statusCode).toBe(201);
    expect(available(await ledger(h), alice.id)).toBe('78.00');
    expect((await appeal(betId, bob.headers)).statusCode).toBe(201);
    const decided = await decide(betId, reviewer.headers, { outcome: 'overturned', winnerId: null });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'voided', voidReason: 'appeal', actualWinner: null });
    const books = await ledger(h);
    // Void: each is owed back stake + fee. Alice owed 98 back (200 won − 102 paid in): 78 from her balance, 20 recorded as owed.
    expect(available(books, alice.id)).toBe('0.00');
    expect(books.get(`user:${alice.id}:receivable:NGN`)?.toFixed(2)).toBe('-20.00');
    expect(available(books, bob.id)).toBe('1000.00');
    await checkBooks(h, [betId]);
    await h.settle();
    const tx = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: alice.headers })).json() as { type: string; amount: string; description: string; betId: string | null }[];
    expect(tx.find((t) => t.betId === betId && t.type === 'appeal_debit')).toMatchObject({ amount: '98.00', description: 'Appeal correction taken back (20.00 owed)', descriptionCode: 'appeal_taken_back_owed', descriptionParams: { owed: '20.00' } });
  });

  it('a player who owes wins their next bet: the debt is paid from the winnings in the settlement itself, shown to the player and the admin, and the audit passes', async () => {
    // Given Alice owes 20 after an overturn to a void (as above), with her next challenge (1000 + 20 fee) already locked
    const { alice, bob, betId } = await resolved('alice');
    const next = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '1000', visibility: 'public' } });
    expect(next.statusCode, next.body).toBe(201);
    const nextBet = next.json().bet as { id: string; inviteLinkId: string };
    expect((await appeal(betId, bob.headers)).statusCode).toBe(201);
    expect((await decide(betId, reviewer.headers, { outcome: 'overturned', winnerId: null })).statusCode).toBe(200);
    expect((await ledger(h)).get(`user:${alice.id}:receivable:NGN`)?.toFixed(2)).toBe('-20.00');
    expect(available(await ledger(h), alice.id)).toBe('0.00');

    // When Carol accepts the challenge and both report Alice the winner
    const carol = await fundedPlayer(h, '1100.00');
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${nextBet.inviteLinkId}`, headers: carol.headers })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${nextBet.id}/result`, headers: alice.headers, payload: { result: 'won' } })).statusCode).toBe(200);
    const lost = await h.app.inject({ method: 'POST', url: `/api/bets/${nextBet.id}/result`, headers: carol.headers, payload: { result: 'lost' } });
    expect(lost.statusCode, lost.body).toBe(200);

    // Then the payout (2000) and the collection of the 20 she owed are one append on her wallet: 1980 to spend, nothing owed
    const { rows } = await sql<{ type: string; transaction_id: string; data: Record<string, unknown> }>`
      select type, transaction_id::text, data from es_events where stream_id = ${walletStreamId(alice.id)} and data->>'holdId' = ${nextBet.id} and type in ('PayoutCredited', 'ReceivableCollected') order by global_position`.execute(h.deps.db);
    expect(rows.map((r) => r.type)).toEqual(['PayoutCredited', 'ReceivableCollected']);
    expect(new Set(rows.map((r) => r.transaction_id)).size).toBe(1);
    expect(rows[1]!.data).toMatchObject({ source: 'payout', holdKind: 'bet', holdId: nextBet.id, amount: '20.00', stillOwed: '0.00' });
    const books = await ledger(h);
    expect(books.get(`user:${alice.id}:receivable:NGN`)?.toFixed(2)).toBe('0.00');
    expect(available(books, alice.id)).toBe('1980.00');
    await checkBooks(h, [betId, nextBet.id]);
    await h.settle();
    const balance = (await h.app.inject({ method: 'GET', url: '/api/user', headers: alice.headers })).json() as { balance: string };
    expect(balance.balance).toBe('1980.00');
    const collection = { type: 'appeal_debit', amount: '20.00', betId: nextBet.id, description: 'Owed appeal correction collected from winnings' };
    const mine = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: alice.headers })).json() as Record<string, unknown>[];
    expect(mine).toContainEqual(expect.objectContaining(collection));
    expect(mine).toContainEqual(expect.objectContaining({ type: 'bet_payout', amount: '2000.00', betId: nextBet.id }));
    const record = await h.app.inject({ method: 'GET', url: `/api/admin/users/${alice.id}/transactions`, headers: reviewer.headers });
    expect(record.statusCode, record.body).toBe(200);
    expect((record.json() as { transactions: Record<string, unknown>[] }).transactions).toContainEqual(expect.objectContaining(collection));
    // A repeat of the winning report moves nothing more
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${nextBet.id}/result`, headers: carol.headers, payload: { result: 'lost' } })).statusCode).toBeLessThan(500);
    expect(available(await ledger(h), alice.id)).toBe('1980.00');
    // And the audit (trial balance, check 9: each player holds from the appealed bet what the final outcome gives, across available and receivable) passes
    const audit = await verifyLedger(h.deps, h.clock.now());
    expect(audit.failures).toEqual([]);
    expect(audit.passed).toBe(true);
  });
});

it('a crash inside the decision\'s append records neither the decision nor any correction; the decision then made moves the money once', async () => {
  const { alice, bob, betId } = await resolved('alice');
  expect((await appeal(betId, bob.headers)).statusCode).toBe(201);
  const sagas = new BetSagas(h.deps);
  const eventsOf = async () => (await h.deps.store.readStream(`bet-${betId}`)).map((e) => e.type);
  const corrections = async () => (await sql<{ n: number }>`select count(*)::int as n from es_events where type in ('AppealDebited', 'AppealCredited') and data->>'holdId' = ${betId}`.execute(h.deps.db)).rows[0]!.n;
  const before = await eventsOf();
  const overturn = { betId, adminId: reviewer.id, outcome: 'overturned' as const, winnerId: bob.id, notes: 'onside' };
  const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(bob.id), () => sagas.decideAppeal(overturn));
  expect(String(crashed)).toMatch(/terminat/);
  expect(await eventsOf()).toEqual(before);
  expect(await corrections()).toBe(0);
  expect(available(await ledger(h), alice.id)).toBe('1098.00');
  await checkBooks(h, []);
  // The same decision, made again, is recorded with all of its money in one append.
  const decided = await decide(betId, reviewer.headers, { outcome: 'overturned', winnerId: bob.id });
  expect(decided.statusCode, decided.body).toBe(200);
  expect((await eventsOf()).slice(before.length)).toEqual(['AppealDecided']);
  expect(await corrections()).toBe(2);
  expect(available(await ledger(h), bob.id)).toBe('1098.00');
  expect(available(await ledger(h), alice.id)).toBe('898.00');
  // A repeat is refused and moves nothing more.
  expect((await decide(betId, reviewer.headers, { outcome: 'overturned', winnerId: bob.id })).json()).toMatchObject({ code: 'appeal_already_decided' });
  expect(await corrections()).toBe(2);
  await checkBooks(h, [betId]);
});

it('an unknown bet is 404 to an admin deciding', async () => {
  const res = await decide(randomUUID(), reviewer.headers, { outcome: 'upheld' });
  expect(res.statusCode).toBe(404);
});
