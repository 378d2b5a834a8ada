// Proves the bets read models (bets, deadlines, holds, trail, user stats, appeals) against PostgreSQL, each event applied twice, and the marketplace query's filters.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@wager/domain';
import { betDecider, betStreamId, createChallengeSchema, type BetCommand, type BetEvent, type CreateChallengeInput } from '@wager/domain/bets/index';
import { projectorSpec } from '../testing/projector-spec.js';
import type { Projector } from '../projector.js';
import { betRowOf, betTrailProjector, betsProjector, userStatsProjector } from './index.js';
import { staleStakeHolds, stakeHoldsProjector } from '../holds/index.js';
import { betTrail, findBet, findUserStats, listAppeals, listPublicChallenges, listUserBets, dueDeadlines, userSummaries } from './queries.js';

const H = 3600_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (h: number) => new Date(T0.getTime() + h * H);
const projectors: Projector[] = [betsProjector, userStatsProjector, stakeHoldsProjector, betTrailProjector];

const spec = projectorSpec('bets_projections', projectors, { now: () => T0 });
const store = spec.store;

/** Applies every event twice, as an at-least-once runner might. */
const project = (events: RecordedEvent[]): Promise<void> => spec.given(events);

async function run(betId: string, command: BetCommand): Promise<void> {
  const recorded = await store.readStream(betStreamId(betId));
  const state = recorded.reduce((s, e) => betDecider.evolve(s, e as unknown as BetEvent), betDecider.initialState());
  const events = betDecider.decide(command, state);
  if (events.length === 0) return;
  const before = (await store.readAll()).length;
  await store.append(betStreamId(betId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { actor: 'test' } })));
  await project((await store.readAll()).slice(before));
}

/** The row folded from the bet's stream in memory (a command's answer) is the row the projector wrote. */
async function expectStreamRowToMatch(betId: string): Promise<void> {
  expect(betRowOf(await store.readStream(betStreamId(betId)))).toEqual(await findBet(spec.db, betId));
}

async function walletEvent(type: string, data: Record<string, unknown>): Promise<void> {
  const before = (await store.readAll()).length;
  await store.append(`wallet-${String(data.userId)}`, [{ id: randomUUID(), type, data }]);
  await project((await store.readAll()).slice(before));
}

async function user(username: string, psn: string | null = null): Promise<string> {
  const id = randomUUID();
  await spec.db
    .insertInto('users')
    .values({ id, username, username_lower: username.toLowerCase(), email: `${id}@x.test`, email_lower: `${id}@x.test`, psn_username: psn, created_at: T0, updated_at: T0, revision: 0 })
    .execute();
  return id;
}

async function createBet(challengerId: string, input: CreateChallengeInput, currency: 'NGN' | 'USD' = 'NGN', hours = 0): Promise<string> {
  const betId = randomUUID();
  await run(betId, { type: 'CreateBet', data: { betId, challengerId, inviteLinkId: randomUUID(), currency, challenge: createChallengeSchema.parse(input), pendingTtlMs: 48 * H }, metadata: { now: at(hours) } });
  return betId;
}

describe('bets read model', () => {
  it('follows a bet from creation through acceptance, reports and settlement, with the next deadline each time', async () => {
    const alice = await user(`alice_${randomUUID().slice(0, 6)}`);
    const bob = await user(`bob_${randomUUID().slice(0, 6)}`);
    const betId = await createBet(alice, { amount: '250', visibility: 'public', goalHandicap: 2 });
    expect(await findBet(spec.db, betId)).toMatchObject({ status: 'pending', amount: '250.00', fee_amount: '5.00', challenger_id: alice, rules: expect.objectContaining({ goalHandicap: 2 }), revision: 0 });
    expect(await spec.db.selectFrom('bet_deadlines').selectAll().where('bet_id', '=', betId).executeTakeFirst()).toMatchObject({ kind: 'expire', due_at: at(48) });

    await run(betId, { type: 'AcceptBet', data: { betId, acceptorId: bob, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now: at(1) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ status: 'accepted', opponent_id: bob, expires_at: at(25) });
    expect(await spec.db.selectFrom('bet_deadlines').selectAll().where('bet_id', '=', betId).executeTakeFirst()).toMatchObject({ kind: 'void', due_at: at(25) });

    const evidence = [{ sha256: 'b'.repeat(64), contentType: 'image/jpeg', sizeBytes: 3, filename: 'x.jpg' }];
    await run(betId, { type: 'ReportResult', data: { betId, userId: bob, result: 'won', evidence, contestWindowMs: 24 * H }, metadata: { now: at(2) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ opponent_result: 'won', opponent_evidence: evidence, challenger_result: null });
    expect(await spec.db.selectFrom('bet_deadlines').selectAll().where('bet_id', '=', betId).executeTakeFirst()).toMatchObject({ kind: 'settle_uncontested', due_at: at(26) });

    await run(betId, { type: 'ReportResult', data: { betId, userId: alice, result: 'lost', evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(3) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ status: 'completed', actual_winner: bob, settled_by: 'agreement', challenger_result: 'lost' });
    await expectStreamRowToMatch(betId);
    expect(await spec.db.selectFrom('bet_deadlines').selectAll().where('bet_id', '=', betId).executeTakeFirst()).toBeUndefined();

    // Elo from 1000 with K = 32 between equals: ±16, applied once despite the double delivery.
    expect(await findUserStats(spec.db, bob)).toEqual({ rating: 1016, wins: 1, losses: 0 });
    expect(await findUserStats(spec.db, alice)).toEqual({ rating: 984, wins: 0, losses: 1 });
    expect((await userSummaries(spec.db, [alice])).get(alice)).toMatchObject({ rating: 984, wins: 0, losses: 1 });

    const trail = await betTrail(spec.db, betId);
    expect(trail.map((t) => t.type)).toEqual(['BetCreated', 'BetAccepted', 'BetResultReported', 'BetResultReported', 'BetSettled']);
    expect(trail[0]!.actor).toBe('test');
  });

  it('records disputes, resolution notes and voids', async () => {
    const a = await user(`a_${randomUUID().slice(0, 6)}`);
    const b = await user(`b_${randomUUID().slice(0, 6)}`);
    const betId = await createBet(a, { amount: '100', opponentId: b });
    expect(await findBet(spec.db, betId)).toMatchObject({ invited_opponent_id: b, opponent_id: b });
    expect((await listUserBets(spec.db, b, 'pending')).map((r) => r.id)).toContain(betId);
    expect((await listUserBets(spec.db, a, 'created')).map((r) => r.id)).toContain(betId);
    await run(betId, { type: 'AcceptBet', data: { betId, acceptorId: b, via: 'invite', playDeadlineMs: 24 * H }, metadata: { now: at(1) } });
    expect((await listUserBets(spec.db, a, 'active')).map((r) => r.id)).toContain(betId);
    await run(betId, { type: 'ReportResult', data: { betId, userId: a, result: 'won', evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(2) } });
    await run(betId, { type: 'ReportResult', data: { betId, userId: b, result: 'won', evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(3) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ status: 'disputed', dispute_reason: 'Both players reported a win' });
    expect((await listUserBets(spec.db, b, 'disputed')).map((r) => r.id)).toEqual([betId]);
    await run(betId, { type: 'ResolveDispute', data: { betId, adminId: randomUUID(), winnerId: null, adminNotes: 'unclear' }, metadata: { now: at(4) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ status: 'voided', void_reason: 'admin', admin_notes: 'unclear' });
    await expectStreamRowToMatch(betId);
    expect(await findUserStats(spec.db, a)).toEqual({ rating: 1000, wins: 0, losses: 0 });
  });

  it('recomputes the players\' ratings after an overturned appeal (another winner, a void, a void to a win), once despite redeliveries', async () => {
    const disputedBet = async (a: string, b: string, winnerId: string | null, resolver: string) => {
      const betId = await createBet(a, { amount: '100', opponentId: b });
      await run(betId, { type: 'AcceptBet', data: { betId, acceptorId: b, via: 'invite', playDeadlineMs: 24 * H }, metadata: { now: at(1) } });
      for (const userId of [a, b]) await run(betId, { type: 'ReportResult', data: { betId, userId, result: 'won', evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(2) } });
      await run(betId, { type: 'ResolveDispute', data: { betId, adminId: resolver, winnerId, adminNotes: 'clip' }, metadata: { now: at(3) } });
      const resolution = (await store.readStream(betStreamId(betId))).find((e) => e.type === 'DisputeResolved')!.id;
      await run(betId, { type: 'FileAppeal', data: { betId, userId: b, reason: 'The clip shows my goal', resolutionEventId: resolution, appealWindowMs: 48 * H }, metadata: { now: at(4) } });
      return betId;
    };
    const overturn = (betId: string, winnerId: string | null) => run(betId, { type: 'DecideAppeal', data: { betId, adminId: randomUUID(), outcome: 'overturned', winnerId, notes: 'reviewed' }, metadata: { now: at(5) } });
    const stats = async (...ids: string[]) => Promise.all(ids.map((id) => findUserStats(spec.db, id)));

    // A won (A 1016, B 984); overturned to B: A's win is taken back, then B's counted from 1000 each.
    const [a, b] = [await user(`a_${randomUUID().slice(0, 6)}`), await user(`b_${randomUUID().slice(0, 6)}`)];
    const first = await disputedBet(a, b, a, randomUUID());
    expect(await stats(a, b)).toEqual([{ rating: 1016, wins: 1, losses: 0 }, { rating: 984, wins: 0, losses: 1 }]);
    await overturn(first, b);
    expect(await stats(a, b)).toEqual([{ rating: 984, wins: 0, losses: 1 }, { rating: 1016, wins: 1, losses: 0 }]);
    expect(await spec.db.selectFrom('user_stats_settlements').select(['winner_id', 'loser_id', 'rating_change', 'payout_amount']).where('bet_id', '=', first).execute()).toEqual([{ winner_id: b, loser_id: a, rating_change: 16, payout_amount: '200.00' }]);
    // The original settlement redelivered after the overturn counts nothing.
    const settled = (await store.readStream(betStreamId(first))).filter((e) => e.type === 'BetSettled');
    await project(settled);
    expect(await stats(a, b)).toEqual([{ rating: 984, wins: 0, losses: 1 }, { rating: 1016, wins: 1, losses: 0 }]);

    // A win overturned to a void: nobody won or lost.
    const [c, d] = [await user(`c_${randomUUID().slice(0, 6)}`), await user(`d_${randomUUID().slice(0, 6)}`)];
    const second = await disputedBet(c, d, c, randomUUID());
    await overturn(second, null);
    expect(await stats(c, d)).toEqual([{ rating: 1000, wins: 0, losses: 0 }, { rating: 1000, wins: 0, losses: 0 }]);
    expect(await spec.db.selectFrom('user_stats_settlements').select('bet_id').where('bet_id', '=', second).execute()).toEqual([]);

    // A void overturned to a win: counted as a settlement.
    const [e, f] = [await user(`e_${randomUUID().slice(0, 6)}`), await user(`f_${randomUUID().slice(0, 6)}`)];
    const third = await disputedBet(e, f, null, randomUUID());
    await overturn(third, f);
    expect(await stats(e, f)).toEqual([{ rating: 984, wins: 0, losses: 1 }, { rating: 1016, wins: 1, losses: 0 }]);
    expect(await spec.db.selectFrom('user_stats_settlements').select(['winner_id', 'payout_amount']).where('bet_id', '=', third).execute()).toEqual([{ winner_id: f, payout_amount: '200.00' }]);
  });

  it('records an appeal and its decision: the window, the queue, and an overturn as the bet\'s new outcome', async () => {
    const a = await user(`a_${randomUUID().slice(0, 6)}`);
    const b = await user(`b_${randomUUID().slice(0, 6)}`);
    const resolver = randomUUID();
    const reviewer = randomUUID();
    const betId = await createBet(a, { amount: '100', opponentId: b });
    await run(betId, { type: 'AcceptBet', data: { betId, acceptorId: b, via: 'invite', playDeadlineMs: 24 * H }, metadata: { now: at(1) } });
    for (const userId of [a, b]) await run(betId, { type: 'ReportResult', data: { betId, userId, result: 'won', evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(2) } });
    await run(betId, { type: 'ResolveDispute', data: { betId, adminId: resolver, winnerId: a, adminNotes: 'clip' }, metadata: { now: at(4) } });
    expect((await findBet(spec.db, betId))?.appeal_deadline_at?.toISOString()).toBe(at(52).toISOString());
    await run(betId, { type: 'FileAppeal', data: { betId, userId: b, reason: 'the second clip shows my goal', resolutionEventId: 'r', appealWindowMs: 48 * H }, metadata: { now: at(5) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ appeal_status: 'open', appellant_id: b, appeal_reason: 'the second clip shows my goal', status: 'completed', actual_winner: a });
    expect((await listAppeals(spec.db, 'open')).map((r) => r.id)).toContain(betId);
    await run(betId, { type: 'DecideAppeal', data: { betId, adminId: reviewer, outcome: 'overturned', winnerId: b, notes: 'onside' }, metadata: { now: at(6) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ appeal_status: 'overturned', appeal_decided_by: reviewer, appeal_notes: 'onside', status: 'completed', actual_winner: b, settled_by: 'appeal' });
    expect((await listAppeals(spec.db, 'open')).map((r) => r.id)).not.toContain(betId);
    await expectStreamRowToMatch(betId);
    expect((await listAppeals(spec.db, 'decided')).map((r) => r.id)).toContain(betId);
    expect((await betTrail(spec.db, betId)).map((r) => r.type)).toEqual(expect.arrayContaining(['AppealFiled', 'AppealDecided']));
  });

  it('hands the scheduler due deadlines only', async () => {
    const a = await user(`d_${randomUUID().slice(0, 6)}`);
    const betId = await createBet(a, { amount: '10' });
    await spec.db.transaction().execute(async (trx) => {
      expect((await dueDeadlines(trx, at(47), 1000)).map((r) => r.bet_id)).not.toContain(betId);
      expect((await dueDeadlines(trx, at(48), 1000)).map((r) => r.bet_id)).toContain(betId);
    });
    await run(betId, { type: 'ExpireBet', data: { betId }, metadata: { now: at(48) } });
    expect(await findBet(spec.db, betId)).toMatchObject({ status: 'expired' });
    await spec.db.transaction().execute(async (trx) => {
      expect((await dueDeadlines(trx, at(100), 1000)).map((r) => r.bet_id)).not.toContain(betId);
    });
  });
});

describe('stake holds', () => {
  it('tracks a bet stake from lock to release or payout', async () => {
    const [userId, betId] = [randomUUID(), randomUUID()];
    const common = { userId, holdId: betId, holdKind: 'bet', currency: 'NGN', spentDay: '2026-11-21', postings: [] };
    await walletEvent('StakeLocked', { ...common, stake: '100.00', fee: '2.00', total: '102.00', lockedAt: T0.toISOString() });
    expect((await staleStakeHolds(spec.db, 'bet', at(1), 1000)).find((h) => h.hold_id === betId)).toMatchObject({ user_id: userId, total: '102.00', status: 'locked' });
    await walletEvent('StakeReleased', { ...common, amount: '102.00', reason: 'cancelled', releasedAt: at(1).toISOString() });
    expect((await staleStakeHolds(spec.db, 'bet', at(2), 1000)).find((h) => h.hold_id === betId)).toBeUndefined();
    expect(await spec.db.selectFrom('stake_holds').select('status').where('hold_kind', '=', 'bet').where('hold_id', '=', betId).executeTakeFirst()).toEqual({ status: 'released' });
    expect((await betTrail(spec.db, betId)).map((t) => t.type)).toEqual(['StakeLocked', 'StakeReleased']);
  });
});

describe('marketplace', () => {
  it('lists pending public unexpired challenges with filters, pages and masked PSN names', async () => {
    const tag = randomUUID().slice(0, 6);
    const maker = await user(`maker_${tag}`, 'PsnGamer99');
    const other = await user(`other_${tag}`);
    const low = await createBet(maker, { amount: '16000', visibility: 'public' }, 'NGN', 0.1); // $10
    const medium = await createBet(maker, { amount: '100', visibility: 'public', gameType: 'cod' }, 'USD', 0.2);
    const high = await createBet(maker, { amount: '500000', visibility: 'public' }, 'NGN', 0.3); // $312.50
    const hidden = await createBet(maker, { amount: '100', visibility: 'private' }, 'USD');
    const taken = await createBet(other, { amount: '100', visibility: 'public' }, 'USD');
    await run(taken, { type: 'AcceptBet', data: { betId: taken, acceptorId: maker, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now: at(1) } });

    const list = async (f: Partial<Parameters<typeof listPublicChallenges>[1]>) =>
      (await listPublicChallenges(spec.db, { now: at(1), page: 1, limit: 20, search: `maker_${tag}`, ...f })).rows.map((r) => r.id);
    expect(await list({})).toEqual([high, medium, low]);
    expect(await list({ amountRange: 'low' })).toEqual([low]);
    expect(await list({ amountRange: 'medium' })).toEqual([medium]);
    expect(await list({ amountRange: 'high' })).toEqual([high]);
    expect(await list({ gameType: 'cod' })).toEqual([medium]);
    expect(await list({ currency: 'NGN' })).toEqual([high, low]);
    expect(await list({ now: at(48.2) })).toEqual([high]);
    expect(await list({ search: `other_${tag}` })).toEqual([]);
    expect(await list({})).not.toContain(hidden);
    const page2 = await listPublicChallenges(spec.db, { now: at(1), page: 2, limit: 2, search: `maker_${tag}` });
    expect(page2).toMatchObject({ totalPages: 2, rows: [{ id: low, challenger_psn_username: 'Ps******99' }] });
  });
});
