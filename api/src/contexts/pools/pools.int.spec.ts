// Proves the FPL pools API end to end on PostgreSQL with the FPL sandbox: spec validation and defaults, create with and without the creator's entry, join by id and by invite code (team checked with FPL, name stored), refusals (twice, full, after the deadline, unknown team), the authorization matrix, cancel and automatic cancel with full refunds, live standings and settlement from FPL data by the calendar job (a tie split by the kobo rule, settling twice pays once); that a join, a cancellation and a settlement are each one transaction with every wallet they move (a crash inside any stores nothing, 200 entrants refunded in one commit); the repair of logs the earlier saga left half done; and 20 concurrent joins of a pool with 10 places: exactly 10 charged, balances exact; erasing a player of a finished pool leaves her FPL team name and the name and description of the pool she created nowhere in clear (the raw log, the log as read, the pool tables, the API, a rebuild), the money and the other entrant's team as they were; her data export holds the pools she created (name and description she typed), not another creator's.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { available, fundedPlayer, ledger, type Player } from '../bets/testing.js';
import { randomUUID } from 'node:crypto';
import { PoolCalendarJob, POOL_REPAIR_AFTER_MS } from './jobs.js';
import { crashMidAppend } from '../../testing/crash.js';
import { executeWalletCommand, lockStake } from '../wallet/index.js';
import { POOL_TIE_RULE, poolStepId, poolStreamId, type PoolEvent } from '@wager/domain/pools/index';
import { walletStreamId } from '@wager/domain/wallet/index';
import { PoolCommands } from './commands.js';
import { sql } from 'kysely';
import { ERASED_VALUE } from '@wager/domain';
import { rebuildProjector } from '@wager/projections';
import { fplPoolsProjector } from '@wager/projections/pools/projector';

let h: TestHarness;
let job: PoolCalendarJob;

beforeAll(async () => {
  h = await createTestHarness({ label: 'pools', env: { FPL_CACHE_TTL_MS: '0' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  job = new PoolCalendarJob(h.deps);
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/reset' });
});

type Pool = { id: string; inviteCode: string | null; status: string; potAmount: string; participantCount: number; entryFee: string; feeAmount: string; totalCost: string };
type Detail = { pool: Pool; participants: { fplTeamId: number; fplTeamName: string; totalPoints: number; gameweekPoints: { gameweek: number; points: number }[]; payout: string | null; isMe: boolean }[] };

const advance = (step = 'gameweek') => h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/advance', payload: { step } });
const points = (teamId: number, gameweek: number, p: number, transfersCost = 0) => h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/points', payload: { teamId, gameweek, points: p, transfersCost } });

async function createPool(owner: Player, payload: Record<string, unknown>): Promise<Detail> {
  const res = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: owner.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Detail;
}
async function join(player: Player, poolId: string, fplTeamId: number) {
  return h.app.inject({ method: 'POST', url: `/api/fpl/pools/${poolId}/join`, headers: player.headers, payload: { fplTeamId } });
}
async function balance(player: Player): Promise<string> {
  return available(await ledger(h), player.id);
}
async function escrow(poolId: string): Promise<string> {
  return ((await ledger(h)).get(`pool:${poolId}:escrow:NGN`) ?? new Decimal(0)).toFixed(2);
}
async function tick() {
  const result = await job.tick();
  await h.settle();
  return result;
}

describe('creating a pool', () => {
  it('applies the spec defaults to what the form may leave out and charges nobody when no team is given', async () => {
    const alice = await fundedPlayer(h, '100.00');
    const { pool, participants } = await createPool(alice, { entryFee: '5', name: 'Defaults' });
    expect(pool).toMatchObject({ entryFee: '5.00', feeAmount: '0.10', totalCost: '5.10', maxParticipants: 10, durationWeeks: 2, startGameweek: 1, endGameweek: 2, isPrivate: false, status: 'open', potAmount: '0.00', participantCount: 0, isCreator: true });
    expect(pool.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(participants).toEqual([]);
    expect(await balance(alice)).toBe('100.00');
  });

  it('refuses bad input with the spec messages', async () => {
    const alice = await fundedPlayer(h, '100.00');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Pool name is required'],
      [{}, 'Pool name is required'],
      [{ name: 'x', entryFee: '' }, 'Entry fee is required'],
      // Required on the server: the form's 5 is the form's default, never the server's (issue #22).
      [{ name: 'x' }, 'Entry fee is required'],
      [{ name: 'x', entryFee: null }, 'Entry fee is required'],
      [{ name: 'x', entryFee: '5.001' }, 'Entry fee can have maximum 2 decimal places'],
      [{ name: 'x', entryFee: 0 }, 'Minimum entry fee is 0.01'],
      [{ name: 'x', entryFee: '-5' }, 'Minimum entry fee is 0.01'],
      [{ name: 'x', entryFee: 'five' }, 'Entry fee must be a number'],
      [{ name: 'x', entryFee: '5', maxParticipants: 51 }, 'Max participants must be a whole number between 2 and 50'],
      [{ name: 'x', entryFee: '5', durationWeeks: 0 }, 'Duration must be a whole number of weeks between 1 and 8'],
      [{ name: 'x', entryFee: '5', startGameweek: 39 }, 'Start gameweek must be a whole number between 1 and 38'],
    ];
    for (const [payload, error] of cases) {
      const res = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: alice.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    await advance('deadline');
    const started = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: alice.headers, payload: { name: 'Late', entryFee: '5', startGameweek: 1 } });
    expect(started.statusCode).toBe(400);
    expect(started.json()).toMatchObject({ error: 'That gameweek has already started', code: 'gameweek_started' });
  });

  it('with a team, enters the creator at once: entry + 2 % locked in the pool escrow, team name from FPL', async () => {
    const alice = await fundedPlayer(h, '1000.00');
    const { pool, participants } = await createPool(alice, { name: 'Mine', entryFee: '100', fplTeamId: 501 });
    expect(pool).toMatchObject({ participantCount: 1, potAmount: '100.00' });
    expect(participants).toEqual([expect.objectContaining({ fplTeamId: 501, fplTeamName: 'Rovers 501', totalPoints: 0, isMe: true })]);
    expect(await balance(alice)).toBe('898.00');
    expect(await escrow(pool.id)).toBe('102.00');
  });

  it('refuses an unknown FPL team and charges nothing', async () => {
    const alice = await fundedPlayer(h, '1000.00');
    const res = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: alice.headers, payload: { name: 'Ghost', entryFee: '5', fplTeamId: 99_999_999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'FPL team not found: check the FPL Team ID', code: 'fpl_team_not_found' });
    expect(await balance(alice)).toBe('1000.00');
  });

  it('refuses an entry the balance cannot cover, with nothing recorded', async () => {
    const poor = await fundedPlayer(h, '10.00');
    const res = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: poor.headers, payload: { name: 'Too dear', entryFee: '50', fplTeamId: 7 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('insufficient_balance');
    expect((await h.app.inject({ method: 'GET', url: '/api/fpl/pools', headers: poor.headers })).json().pools).toEqual([]);
  });
});

describe('joining', () => {
  it('joins by id and by invite code; refuses twice, the same team, FPL Team ID missing, an unknown team', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const carol = await fundedPlayer(h);
    const { pool } = await createPool(alice, { name: 'Private', isPrivate: true, entryFee: '10' });
    // A private pool does not exist by id for an outsider; its invite code opens it.
    expect((await join(bob, pool.id, 11)).statusCode).toBe(404);
    const byCode = await h.app.inject({ method: 'GET', url: `/api/fpl/pools/join-by-code/${pool.inviteCode!.toLowerCase()}`, headers: bob.headers });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().pool).toMatchObject({ id: pool.id, inviteCode: null, hasJoined: false, totalCost: '10.20' });
    const joined = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/join-by-code/${pool.inviteCode}`, headers: bob.headers, payload: { fplTeamId: '11' } });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().pool).toMatchObject({ participantCount: 1, potAmount: '10.00', hasJoined: true, inviteCode: pool.inviteCode });
    expect(await balance(bob)).toBe('989.80');
    // Now a participant, bob sees it by id.
    expect((await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${pool.id}`, headers: bob.headers })).statusCode).toBe(200);
    const twice = await join(bob, pool.id, 12);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('You have already joined this pool');
    const sameTeam = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/join-by-code/${pool.inviteCode}`, headers: carol.headers, payload: { fplTeamId: 11 } });
    expect(sameTeam.json().error).toBe('This FPL team is already in this pool');
    const missing = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/join-by-code/${pool.inviteCode}`, headers: carol.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('FPL Team ID is required');
    const unknown = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/join-by-code/${pool.inviteCode}`, headers: carol.headers, payload: { fplTeamId: 99_999_999 } });
    expect(unknown.json().code).toBe('fpl_team_not_found');
    const badCode = await h.app.inject({ method: 'POST', url: '/api/fpl/pools/join-by-code/NOPE0000', headers: carol.headers, payload: { fplTeamId: 5 } });
    expect(badCode.statusCode).toBe(404);
    expect(await balance(carol)).toBe('1000.00');
    expect(await balance(bob)).toBe('989.80');
  });

  it('closes joining at the first deadline', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const { pool } = await createPool(alice, { entryFee: '5', name: 'Closing' });
    await advance('deadline');
    const late = await join(bob, pool.id, 3);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('This pool has started: joining closed at the first gameweek deadline');
    expect(await balance(bob)).toBe('1000.00');
  });

  it('20 concurrent joins of a pool with 10 places: exactly 10 charged, every other balance untouched', async () => {
    const owner = await fundedPlayer(h);
    const { pool } = await createPool(owner, { name: 'Rush', maxParticipants: 10, entryFee: '50' });
    const players = await Promise.all(Array.from({ length: 20 }, () => fundedPlayer(h, '100.00')));
    const results = await Promise.all(players.map((p, i) => join(p, pool.id, 1000 + i)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().error, r.body).toBe('This pool is full');
    await h.settle();
    const books = await ledger(h);
    const balances = players.map((p) => available(books, p.id));
    expect(balances.filter((b) => b === '49.00')).toHaveLength(10);
    expect(balances.filter((b) => b === '100.00')).toHaveLength(10);
    expect(await escrow(pool.id)).toBe('510.00');
    const detail = (await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${pool.id}`, headers: owner.headers })).json() as Detail;
    expect(detail.pool).toMatchObject({ participantCount: 10, potAmount: '500.00' });
  });
});

describe('cancelling', () => {
  it('lets only the creator cancel before the start; every entry is refunded in full', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const { pool } = await createPool(alice, { name: 'Off', entryFee: '20', fplTeamId: 1 });
    expect((await join(bob, pool.id, 2)).statusCode).toBe(200);
    const notCreator = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${pool.id}/cancel`, headers: bob.headers });
    expect(notCreator.statusCode).toBe(403);
    const cancelled = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${pool.id}/cancel`, headers: alice.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().pool.status).toBe('cancelled');
    await h.settle();
    expect(await balance(alice)).toBe('1000.00');
    expect(await balance(bob)).toBe('1000.00');
    expect(await escrow(pool.id)).toBe('0.00');
  });

  it('cancels automatically at the first deadline with fewer than 2 entries, refunding the one', async () => {
    const alice = await fundedPlayer(h);
    const { pool } = await createPool(alice, { entryFee: '5', name: 'Lonely', fplTeamId: 9 });
    expect(await balance(alice)).toBe('994.90');
    await advance('deadline');
    const { pools } = await tick();
    expect(pools[pool.id]).toBe('cancelled');
    await h.settle();
    expect(await balance(alice)).toBe('1000.00');
    expect(await escrow(pool.id)).toBe('0.00');
  });
});

describe('running and settling a pool from FPL data', () => {
  it('starts at the deadline, shows live standings, settles when the last gameweek is finished and checked; a tie splits by the kobo rule; settling again pays nothing more', async () => {
    const [alice, bob, carol] = await Promise.all([fundedPlayer(h), fundedPlayer(h), fundedPlayer(h)]);
    const { pool } = await createPool(alice, { name: 'Season', entryFee: '33.33', durationWeeks: 2, fplTeamId: 301 });
    expect((await join(bob, pool.id, 302)).statusCode).toBe(200);
    expect((await join(carol, pool.id, 303)).statusCode).toBe(200);
    // Alice 60+50 = 110; Bob 70+44−4 = 110; Carol 30+30. Alice and Bob tie: 99.99 split, the odd kobo to the lower team id (Alice, 301).
    await points(301, 1, 60); await points(301, 2, 50);
    await points(302, 1, 70); await points(302, 2, 44, 4);
    await points(303, 1, 30); await points(303, 2, 30);
    await advance();
    expect((await tick()).pools[pool.id]).toBe('ongoing');
    const live = (await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${pool.id}`, headers: carol.headers })).json() as Detail;
    expect(live.pool.status).toBe('ongoing');
    expect(live.participants.map((p) => [p.fplTeamId, p.totalPoints])).toEqual([[302, 70], [301, 60], [303, 30]]);
    // Issue #29: the breakdown per gameweek of the window so far (gameweek 1 only while it runs).
    expect(live.participants.map((p) => [p.fplTeamId, p.gameweekPoints])).toEqual([[302, [{ gameweek: 1, points: 70 }]], [301, [{ gameweek: 1, points: 60 }]], [303, [{ gameweek: 1, points: 30 }]]]);
    await advance('deadline');
    await advance('finish');
    expect((await tick()).pools[pool.id]).toBe('ongoing'); // finished, data not yet checked: no settlement
    await advance('check');
    expect((await tick()).pools[pool.id]).toBe('completed');
    await h.settle();
    const done = (await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${pool.id}`, headers: alice.headers })).json() as Detail;
    expect(done.pool).toMatchObject({ status: 'completed', potAmount: '99.99', winningPoints: 110 });
    expect(done.participants.map((p) => [p.fplTeamId, p.totalPoints, p.payout])).toEqual([[301, 110, '50.00'], [302, 110, '49.99'], [303, 60, null]]);
    // Settled: every gameweek of the window, net of transfer costs (Bob's 44 − 4 in gameweek 2).
    expect(done.participants.map((p) => [p.fplTeamId, p.gameweekPoints.map((g) => [g.gameweek, g.points])])).toEqual([[301, [[1, 60], [2, 50]]], [302, [[1, 70], [2, 40]]], [303, [[1, 30], [2, 30]]]]);
    // Each paid 33.33 + 0.67 (2 % of 33.33 = 0.6666, rounded half up) = 34.00.
    expect(await balance(alice)).toBe(new Decimal(1000).minus('34.00').plus('50.00').toFixed(2));
    expect(await balance(bob)).toBe(new Decimal(1000).minus('34.00').plus('49.99').toFixed(2));
    expect(await balance(carol)).toBe('966.00');
    expect(await escrow(pool.id)).toBe('0.00');
    const feeIncome = (await h.deps.store.readStream(`pool-${pool.id}`)).find((e) => e.type === 'PoolSettled')!.data as { feeIncome: string; postings: { account: string; amount: string }[] };
    expect(feeIncome.feeIncome).toBe('2.01');
    expect(feeIncome.postings).toEqual([expect.objectContaining({ account: `pool:${pool.id}:escrow:NGN`, amount: '-2.01' }), expect.objectContaining({ account: 'platform:fees:NGN', amount: '2.01' })]);
    // The settlement and both payouts are one commit.
    const settled = (await h.deps.store.readStream(`pool-${pool.id}`)).find((e) => e.type === 'PoolSettled')!;
    const payouts = (await Promise.all([alice, bob].map(async (p) => (await h.deps.store.readStream(walletStreamId(p.id))).find((e) => e.type === 'PayoutCredited')!)));
    expect(payouts.map((e) => e.position.commit)).toEqual([settled.position.commit, settled.position.commit]);
    // A second settlement run (the job again, the repair scan again) moves nothing.
    await tick();
    await new PoolCommands(h.deps).repairEntry(pool.id, alice.id);
    expect(await balance(alice)).toBe('1016.00');
    expect(await balance(bob)).toBe('1015.99');
  });
});

describe('every money move is one transaction', () => {
  it('a crash inside a join stores neither the entry nor its lock, and the same join then succeeds', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const { pool } = await createPool(alice, { entryFee: '5', name: 'Crash', fplTeamId: 1 });
    const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(bob.id), () => new PoolCommands(h.deps).join({ poolId: pool.id, userId: bob.id, fplTeamId: 2 }));
    expect(String(crashed)).toMatch(/terminat/);
    expect((await h.deps.store.readStream(`pool-${pool.id}`)).map((e) => e.type)).toEqual(['PoolCreated', 'PoolJoined']);
    expect((await h.deps.store.readStream(walletStreamId(bob.id))).filter((e) => e.type === 'StakeLocked')).toEqual([]);
    await h.settle();
    expect(await balance(bob)).toBe('1000.00');
    expect((await join(bob, pool.id, 2)).statusCode).toBe(200);
    await h.settle();
    expect(await balance(bob)).toBe('994.90');
  });

  it('a crash inside a cancellation stores neither the cancellation nor any refund; the same cancel then refunds everyone', async () => {
    const [alice, bob, carol] = await Promise.all([fundedPlayer(h), fundedPlayer(h), fundedPlayer(h)]);
    const { pool } = await createPool(alice, { entryFee: '20', name: 'Crash cancel', fplTeamId: 1 });
    expect((await join(bob, pool.id, 2)).statusCode).toBe(200);
    expect((await join(carol, pool.id, 3)).statusCode).toBe(200);
    // Held: the last wallet the transaction visits, so the pool and the other refunds are claimed when it dies.
    const last = [alice, bob, carol].map((p) => walletStreamId(p.id)).sort().at(-1)!;
    const crashed = await crashMidAppend(h.databaseUrl, last, () => new PoolCommands(h.deps).cancel(pool.id, alice.id));
    expect(String(crashed)).toMatch(/terminat/);
    expect((await h.deps.store.readStream(`pool-${pool.id}`)).map((e) => e.type)).toEqual(['PoolCreated', 'PoolJoined', 'PoolJoined', 'PoolJoined']);
    for (const p of [alice, bob, carol]) expect((await h.deps.store.readStream(walletStreamId(p.id))).filter((e) => e.type === 'StakeReleased')).toEqual([]);
    await h.settle();
    expect(await escrow(pool.id)).toBe('61.20');
    const cancelled = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${pool.id}/cancel`, headers: alice.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await h.settle();
    for (const p of [alice, bob, carol]) expect(await balance(p)).toBe('1000.00');
    expect(await escrow(pool.id)).toBe('0.00');
  });

  it('a crash inside a settlement stores neither the settlement nor any payout; the next pass settles and pays', async () => {
    const [alice, bob] = await Promise.all([fundedPlayer(h), fundedPlayer(h)]);
    const { pool } = await createPool(alice, { entryFee: '10', name: 'Crash settle', durationWeeks: 1, fplTeamId: 401 });
    expect((await join(bob, pool.id, 402)).statusCode).toBe(200);
    await points(401, 1, 10);
    await points(402, 1, 10);
    await advance('deadline');
    expect((await tick()).pools[pool.id]).toBe('ongoing');
    await advance('finish');
    await advance('check');
    const commands = new PoolCommands(h.deps);
    // A tie: both are paid, so both wallets are in the append; the one visited last is held.
    const last = [alice, bob].map((p) => walletStreamId(p.id)).sort().at(-1)!;
    const crashed = await crashMidAppend(h.databaseUrl, last, () => commands.tick(pool.id));
    expect(String(crashed)).toMatch(/terminat/);
    expect((await h.deps.store.readStream(`pool-${pool.id}`)).map((e) => e.type)).not.toContain('PoolSettled');
    for (const p of [alice, bob]) expect((await h.deps.store.readStream(walletStreamId(p.id))).filter((e) => e.type === 'PayoutCredited')).toEqual([]);
    expect((await tick()).pools[pool.id]).toBe('completed');
    await h.settle();
    // Each paid 10.20 and won half the 20.00 pot.
    expect(await balance(alice)).toBe('999.80');
    expect(await balance(bob)).toBe('999.80');
    expect(await escrow(pool.id)).toBe('0.00');
  });

  it('a pool of 200 entrants is cancelled with its 200 refunds in one append and one commit', async () => {
    const users = Array.from({ length: 200 }, () => randomUUID());
    const poolId = randomUUID();
    const { deadlineAt } = (await new PoolCommands(h.deps).calendar())[0]!;
    // Written as events: the product caps a pool at 50; the store and the decision have no cap.
    const now = h.clock.now().toISOString();
    const events: PoolEvent[] = [
      {
        type: 'PoolCreated',
        data: { poolId, creatorId: users[0]!, name: 'Stadium', description: null, entryFee: '1.00', feeAmount: '0.02', currency: 'NGN', maxParticipants: 200, durationWeeks: 1, startGameweek: 1, endGameweek: 1, isPrivate: true, inviteCode: 'STADIUM2', firstDeadlineAt: new Date(deadlineAt).toISOString(), tieRule: POOL_TIE_RULE, createdAt: now },
      },
    ];
    for (const [i, userId] of users.entries()) {
      await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount: '10.00', currency: 'NGN' }, metadata: { now: h.clock.now() } }, randomUUID());
      await lockStake(h.deps, { eventId: poolStepId(poolId, 'lock', userId), userId, holdId: poolId, holdKind: 'pool', stake: '1.00', fee: '0.02' });
      events.push({ type: 'PoolJoined', data: { poolId, userId, fplTeamId: 5000 + i, fplTeamName: `Team ${i}`, paid: '1.02', joinedAt: now } });
    }
    await h.deps.store.append(poolStreamId(poolId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: {} })), { expectedRevision: 'no_stream' });
    const outcome = await new PoolCommands(h.deps).cancel(poolId, users[0]!);
    expect(outcome.state.status).toBe('cancelled');
    const cancelledEvent = (await h.deps.store.readStream(poolStreamId(poolId))).at(-1)!;
    expect(cancelledEvent.type).toBe('PoolCancelled');
    const releases = await Promise.all(users.map(async (u) => (await h.deps.store.readStream(walletStreamId(u))).filter((e) => e.type === 'StakeReleased')));
    expect(releases.every((r) => r.length === 1)).toBe(true);
    expect(new Set([cancelledEvent, ...releases.flat()].map((e) => e.position.commit))).toEqual(new Set([cancelledEvent.position.commit]));
    await h.settle();
    expect(await escrow(poolId)).toBe('0.00');
  });

  it('repairs a log the earlier saga left half done: a cancellation recorded without its refunds gets them, in one append', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const { pool } = await createPool(alice, { entryFee: '5', name: 'Old log', fplTeamId: 1 });
    expect((await join(bob, pool.id, 2)).statusCode).toBe(200);
    // As the earlier saga wrote it: the pool's event alone, the process then dead before the refunds.
    const refunds = [alice, bob].map((p) => ({ userId: p.id, amount: '5.10' }));
    await h.deps.store.append(poolStreamId(pool.id), [{ id: randomUUID(), type: 'PoolCancelled', data: { poolId: pool.id, reason: 'creator', cancelledBy: alice.id, refunds, cancelledAt: h.clock.now().toISOString() }, metadata: {} }]);
    await h.settle();
    expect(await escrow(pool.id)).toBe('10.20');
    h.clock.advance(POOL_REPAIR_AFTER_MS + 1000);
    const { repaired } = await tick();
    expect(repaired).toContain('repaired');
    await h.settle();
    expect(await balance(alice)).toBe('1000.00');
    expect(await balance(bob)).toBe('1000.00');
    expect(await escrow(pool.id)).toBe('0.00');
    const released = await Promise.all([alice, bob].map(async (p) => (await h.deps.store.readStream(walletStreamId(p.id))).find((e) => e.type === 'StakeReleased')!));
    expect(released[0]!.position.commit).toBe(released[1]!.position.commit);
    expect((await tick()).repaired).toEqual([]);
  });

  it('an entry lock with no join (left by the earlier saga) is reused by a join while the pool is open, and released once it can no longer take that player', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const carol = await fundedPlayer(h);
    const { pool } = await createPool(alice, { entryFee: '5', name: 'Stray', fplTeamId: 1 });
    const strayLock = (p: Player) => lockStake(h.deps, { eventId: poolStepId(pool.id, 'lock', p.id), userId: p.id, holdId: pool.id, holdKind: 'pool', stake: '5.00', fee: '0.10' });
    await strayLock(bob);
    await h.settle();
    expect(await balance(bob)).toBe('994.90');
    h.clock.advance(POOL_REPAIR_AFTER_MS + 1000);
    expect((await tick()).repaired).toEqual(['nothing-to-do']);
    // A join reuses a lock still locked: charged once.
    await strayLock(carol);
    expect((await join(carol, pool.id, 3)).statusCode).toBe(200);
    await h.settle();
    expect(await balance(carol)).toBe('994.90');
    // At the deadline the pool starts (alice, carol); bob's stray lock is released in full.
    await advance('deadline');
    h.clock.advance(POOL_REPAIR_AFTER_MS + 1000);
    const result = await tick();
    expect(result.pools[pool.id]).toBe('ongoing');
    expect(result.repaired).toContain('released');
    await h.settle();
    expect(await balance(bob)).toBe('1000.00');
  });
});

describe('authorization', () => {
  it('answers a visitor 401 on every route, before validation', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/fpl/pools'],
      ['GET', '/api/fpl/pools/public'],
      ['GET', `/api/fpl/pools/${id}`],
      ['GET', '/api/fpl/pools/join-by-code/ABCDEFGH'],
      ['POST', '/api/fpl/pools'],
      ['POST', `/api/fpl/pools/${id}/join`],
      ['POST', '/api/fpl/pools/join-by-code/ABCDEFGH'],
      ['POST', `/api/fpl/pools/${id}/cancel`],
    ] as const) {
      const res = await h.app.inject({ method, url, payload: method === 'POST' ? { bad: true } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('shows a private pool to its creator, its participants and admins only; lists mine and the open public ones', async () => {
    const alice = await fundedPlayer(h);
    const outsider = await fundedPlayer(h);
    const admin = await fundedPlayer(h);
    await makeAdmin(h, admin.id);
    const { pool: secret } = await createPool(alice, { entryFee: '5', name: 'Secret', isPrivate: true });
    const { pool: open } = await createPool(alice, { entryFee: '5', name: 'Open to all' });
    expect((await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${secret.id}`, headers: outsider.headers })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${secret.id}/cancel`, headers: outsider.headers })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${open.id}/cancel`, headers: outsider.headers })).statusCode).toBe(403);
    const asAdmin = await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${secret.id}`, headers: admin.headers });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().pool.inviteCode).toBe(secret.inviteCode);
    const asOutsider = (await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${open.id}`, headers: outsider.headers })).json() as Detail;
    expect(asOutsider.pool.inviteCode).toBeNull();
    const mine = (await h.app.inject({ method: 'GET', url: '/api/fpl/pools', headers: alice.headers })).json().pools as Pool[];
    expect(mine.map((p) => p.id)).toEqual(expect.arrayContaining([secret.id, open.id]));
    expect((await h.app.inject({ method: 'GET', url: '/api/fpl/pools', headers: outsider.headers })).json().pools).toEqual([]);
    const publicIds = ((await h.app.inject({ method: 'GET', url: '/api/fpl/pools/public', headers: outsider.headers })).json().pools as Pool[]).map((p) => p.id);
    expect(publicIds).toContain(open.id);
    expect(publicIds).not.toContain(secret.id);
  });
});

describe('personal data in pools', () => {
  it('the data export holds the pools the person created, with the name and description they typed, and not the pools of another creator', async () => {
    const [alice, bob] = await Promise.all([fundedPlayer(h, '0'), fundedPlayer(h, '0')]);
    const { pool: mine } = await createPool(alice, { entryFee: '5', name: 'Alice pool words', description: 'alice wrote this' });
    await createPool(bob, { entryFee: '5', name: 'Bob pool words', description: 'bob wrote this' });
    const res = await h.app.inject({ method: 'GET', url: '/api/user/export', headers: alice.headers });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json() as { pools: { poolId: string; events: { type: string; data: unknown }[] }[] };
    expect(copy.pools.map((p) => p.poolId)).toEqual([mine.id]);
    expect(copy.pools[0]!.events.find((e) => e.type === 'PoolCreated')?.data).toMatchObject({ name: 'Alice pool words', description: 'alice wrote this', creatorId: alice.id });
    expect(res.body).not.toContain('bob wrote this');
  });
});

describe('erasing a player of a finished pool', () => {
  it('leaves her team name and the name and description of the pool she created nowhere in clear; points, payouts and the other entrant stay', async () => {
    // She pays exactly her entry (10.00 + 0.20) and loses: no balance is left, so she may be erased.
    const [alice, bob, admin] = await Promise.all([fundedPlayer(h, '10.20'), fundedPlayer(h), fundedPlayer(h, '0')]);
    await makeAdmin(h, admin.id);
    const [aliceTeam, bobTeam] = [7731, 7732];
    const name = `Pool of ${alice.user.username}`;
    const description = `Run by ${alice.user.username}, ${randomUUID()}`;
    const { pool, participants } = await createPool(alice, { entryFee: '10', name, description, durationWeeks: 1, fplTeamId: aliceTeam });
    const aliceTeamName = participants[0]!.fplTeamName;
    // The name FPL gives her team (the sandbox's `<word> <id>`).
    expect(aliceTeamName).toMatch(new RegExp(`^\\w+ ${aliceTeam}$`));
    expect((await join(bob, pool.id, bobTeam)).statusCode).toBe(200);
    await points(aliceTeam, 1, 20);
    await points(bobTeam, 1, 50);
    await advance('deadline');
    expect((await tick()).pools[pool.id]).toBe('ongoing');
    await advance('finish');
    await advance('check');
    expect((await tick()).pools[pool.id]).toBe('completed');
    const before = (await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${pool.id}`, headers: bob.headers })).json() as Detail;
    const bobTeamName = before.participants.find((p) => p.fplTeamId === bobTeam)!.fplTeamName;
    const booksBefore = await ledger(h);
    expect(await balance(alice)).toBe('0.00');
    // Sealed on append: not in the stored log even before the erasure.
    const raw = async () => JSON.stringify((await sql<{ data: unknown }>`select data from es_events order by global_position`.execute(h.deps.db)).rows);
    for (const datum of [name, description, aliceTeamName]) expect(await raw()).not.toContain(datum);

    const erased = await h.app.inject({ method: 'POST', url: `/api/admin/users/${alice.id}/erase`, headers: admin.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    await h.settle();

    const readable = JSON.stringify((await h.deps.store.readStream(poolStreamId(pool.id))).map((e) => e.data));
    const tables = async () => ({
      pool: await h.deps.db.selectFrom('fpl_pools').selectAll().where('id', '=', pool.id).execute(),
      participants: await h.deps.db.selectFrom('fpl_pool_participants').selectAll().where('pool_id', '=', pool.id).orderBy('fpl_team_id').execute(),
    });
    const rows = await tables();
    for (const datum of [name, description, aliceTeamName]) {
      expect(await raw()).not.toContain(datum);
      expect(readable).not.toContain(datum);
      expect(JSON.stringify(rows)).not.toContain(datum);
    }
    expect(rows.pool[0]).toMatchObject({ name: ERASED_VALUE, description: ERASED_VALUE, status: 'completed', winning_points: 50 });
    expect(rows.participants.map((p) => [p.fpl_team_id, p.fpl_team_name, p.total_points, p.payout])).toEqual([[aliceTeam, ERASED_VALUE, 20, null], [bobTeam, bobTeamName, 50, '20.00']]);
    // The pool page reads "[erased]" where her words were; the money did not move.
    const after = (await h.app.inject({ method: 'GET', url: `/api/fpl/pools/${pool.id}`, headers: bob.headers })).json() as Detail & { pool: { name: string; description: string | null } };
    expect(after.pool).toMatchObject({ name: ERASED_VALUE, description: ERASED_VALUE, status: 'completed' });
    expect(after.participants.map((p) => [p.fplTeamId, p.fplTeamName, p.totalPoints, p.payout])).toEqual([[bobTeam, bobTeamName, 50, '20.00'], [aliceTeam, ERASED_VALUE, 20, null]]);
    expect(await ledger(h)).toEqual(booksBefore);
    // A rebuild of the pools read models after the erasure gives the same rows.
    await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: fplPoolsProjector });
    expect(await tables()).toEqual(rows);
  });
});
