// Proves `npm run audit -- verify` passes on a sound ledger (full bet lifecycles and an overturned appeal included, its debt collected from the player's next winnings) and fails, naming the event, on a tampered read table, a negative escrow, payouts beyond what players paid in, a user balance negative at any event, and a terminal bet whose escrow is not zero, an appeal correction no overturn asked for; a follow-up still in flight is no false alarm until it is overdue; a settled FPL pool passes and a forged extra pool payout fails, naming the event.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { v4 as uuidv4 } from 'uuid';
import { betDecider, betStreamId, type BetEvent } from '@wager/domain/bets/index';
import { betEscrow, externalPaystack, poolEscrow, userAvailable } from '@wager/domain/ledger/index';
import { deterministicId, walletStreamId } from '@wager/domain/wallet/index';
import { createTestHarness, type TestHarness } from '../../api/src/testing/app.js';
import { creditPayout, executeWalletCommand, lockStake, releaseStake } from '../../api/src/contexts/wallet/commands.js';
import { fundedPlayer, ledger, type Player } from '../../api/src/contexts/bets/testing.js';
import { PoolCalendarJob } from '../../api/src/contexts/pools/jobs.js';
import { FOLLOW_UP_OVERDUE_MS } from './audit-checks.js';
import { auditStatement, auditVerify, type VerifyOptions } from './audit.js';

// The audit reads the whole log, so a forgery would leak into every later test: one fresh database per test.
let h: TestHarness;
beforeEach(async () => {
  h = await createTestHarness({ label: 'audit' });
  process.env.DATABASE_URL = h.databaseUrl;
  delete process.env.EVENTSTORE_URL;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.close();
});

/** Runs `verify` with console.log captured: its exit code and what it printed. */
async function verify(options: VerifyOptions = {}): Promise<{ code: number; output: string }> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await auditVerify(options);
    return { code, output: log.mock.calls.map((c) => String(c[0])).join('\n') };
  } finally {
    log.mockRestore();
  }
}

/** How the audit names an event: stream id, stream revision, event type, event id. */
function at(streamId: string, revision: number, type: string, id: string): string {
  return `${streamId}@${revision} ${type} ${id}`;
}

async function deposit(userId: string, amount: string): Promise<void> {
  const ref = `ref_${uuidv4()}`;
  await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId, depositId: ref, provider: 'paystack', reference: ref, amount, currency: 'NGN' }, metadata: { now: h.clock.now() } }, deterministicId('paystack', ref, 'credit'));
}

async function lock(userId: string, betId: string, stake: string): Promise<void> {
  await lockStake(h.deps, { eventId: uuidv4(), userId, holdId: betId, holdKind: 'bet', stake });
}

/** A payout through the wallet's real command path: the decider allows it, so only the audit can catch a forged one. */
async function payout(userId: string, betId: string, amount: string): Promise<string> {
  const eventId = uuidv4();
  const result = await creditPayout(h.deps, { eventId, userId, holdId: betId, holdKind: 'bet', amount });
  return at(walletStreamId(userId), result.append!.nextExpectedRevision, 'PayoutCredited', eventId);
}

/** A balanced event moving money from Paystack's account into a bet's escrow: money no player paid in. */
async function forgeEscrowTopUp(betId: string, amount: string): Promise<void> {
  const postings = [
    { account: externalPaystack('NGN'), currency: 'NGN', amount: `-${amount}` },
    { account: betEscrow(betId, 'NGN'), currency: 'NGN', amount },
  ];
  await h.deps.store.append(`forged-${uuidv4()}`, [{ id: uuidv4(), type: 'EscrowToppedUp', data: { betId, postings } }]);
}

async function createBet(p: Player): Promise<{ id: string; inviteLinkId: string }> {
  const res = await h.app.inject({ method: 'POST', url: '/api/bets', headers: p.headers, payload: { amount: '100', visibility: 'public' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bet as { id: string; inviteLinkId: string };
}

async function acceptBet(p: Player, inviteLinkId: string): Promise<void> {
  const res = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${inviteLinkId}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
}

async function reportResult(p: Player, betId: string, result: 'won' | 'lost'): Promise<void> {
  const res = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: p.headers, payload: { result } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Challenge, accept, both report: the bet settles and the winner is paid, all through the API. */
async function settledBet(): Promise<{ betId: string; winner: Player }> {
  const alice = await fundedPlayer(h, '1000.00');
  const bob = await fundedPlayer(h, '500.00');
  const bet = await createBet(alice);
  await acceptBet(bob, bet.inviteLinkId);
  await reportResult(alice, bet.id, 'lost');
  await reportResult(bob, bet.id, 'won');
  return { betId: bet.id, winner: bob };
}

async function recordedEvent(streamId: string, type: string): Promise<string> {
  const event = (await h.deps.store.readStream(streamId)).find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} in ${streamId}`);
  return at(streamId, event.streamRevision, event.type, event.id);
}

describe('audit verify on a sound ledger', () => {
  it('passes, prints a statement, and fails when account_balances is tampered with', async () => {
    // Given a deposit and a stake lock
    const userId = uuidv4();
    await deposit(userId, '900.00');
    await lock(userId, uuidv4(), '100.00');
    await h.settle();
    // When the audit runs, then it passes and the statement shows the balance
    expect((await verify()).code).toBe(0);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await auditStatement(userId, new Date('2100-01-01'))).toBe(0);
    expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toContain(`${userAvailable(userId, 'NGN')}\t798.00`);
    log.mockRestore();
    // When a read table is tampered with, then it fails
    await h.deps.db.updateTable('account_balances').set({ balance: '1000.00' }).where('account', '=', userAvailable(userId, 'NGN')).execute();
    expect((await verify()).code).toBe(1);
    // Each run recorded its outcome for the admin's ledger-health view: the pass, then the failure naming the account.
    const runs = await h.deps.db.selectFrom('audit_runs').selectAll().orderBy('id').execute();
    expect(runs.map((r) => r.passed)).toEqual([true, false]);
    expect(runs[1]).toMatchObject({ failure_count: 1, failures: [expect.stringContaining(userAvailable(userId, 'NGN'))] });
    expect(runs[0]!.events).toBeGreaterThan(0);
  });

  it('passes a full bet lifecycle through the API: one bet settled and paid, one cancelled and refunded', async () => {
    // Given a settled bet and a cancelled one, made through the API
    const { betId } = await settledBet();
    const carol = await fundedPlayer(h, '300.00');
    const cancelled = await createBet(carol);
    const res = await h.app.inject({ method: 'POST', url: `/api/bets/${cancelled.id}/cancel`, headers: carol.headers });
    expect(res.statusCode, res.body).toBe(200);
    await h.settle();
    // When the audit runs
    const { code, output } = await verify();
    // Then both terminal bets are judged, none in flight, and it passes
    expect(output).toContain('2 terminal bets');
    expect(output).not.toContain('in flight');
    expect(output).toContain('OK:');
    expect(code).toBe(0);
    expect((await ledger(h)).get(betEscrow(betId, 'NGN'))?.toFixed(2)).toBe('0.00');
  });
});

describe('audit verify on appealed bets', () => {
  it('passes a bet whose resolution was overturned to a void after the winner spent the winnings (part owed, then collected from their next winnings), and fails a forged correction', async () => {
    // Given a dispute resolved for Alice by one admin and overturned to a void by another, after Alice staked most of her winnings elsewhere
    const [resolver, reviewer] = [await fundedPlayer(h, '0'), await fundedPlayer(h, '0')];
    const { makeAdmin } = await import('../../api/src/testing/users.js');
    for (const admin of [resolver, reviewer]) await makeAdmin(h, admin.id);
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '1000.00');
    const bet = await createBet(alice);
    await acceptBet(bob, bet.inviteLinkId);
    await reportResult(alice, bet.id, 'won');
    await reportResult(bob, bet.id, 'won');
    const resolve = await h.app.inject({ method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, headers: resolver.headers, payload: { winnerId: alice.id, adminNotes: 'clip' } });
    expect(resolve.statusCode, resolve.body).toBe(200);
    const elsewhere = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '1050', visibility: 'public' } });
    expect(elsewhere.statusCode).toBe(201);
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/appeal`, headers: bob.headers, payload: { reason: 'My goal was in the clip' } })).statusCode).toBe(201);
    const decided = await h.app.inject({ method: 'POST', url: `/api/admin/appeals/${bet.id}/decide`, headers: reviewer.headers, payload: { outcome: 'overturned', winnerId: null, notes: 'Void it' } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await ledger(h)).get(`user:${alice.id}:receivable:NGN`)?.toFixed(2)).toBe('-71.00');
    // And Alice then wins that other bet: the 71 she owes is collected from its winnings in the settlement
    const next = elsewhere.json().bet as { id: string; inviteLinkId: string };
    const carol = await fundedPlayer(h, '1100.00');
    await acceptBet(carol, next.inviteLinkId);
    await reportResult(alice, next.id, 'won');
    await reportResult(carol, next.id, 'lost');
    expect((await ledger(h)).get(`user:${alice.id}:receivable:NGN`)?.toFixed(2)).toBe('0.00');
    await h.settle();
    // When the audit runs, then the overturn is judged whole (available + receivable) and the books balance
    const sound = await verify();
    expect(sound.output).toContain('1 overturned appeals');
    expect(sound.output).toContain('OK:');
    expect(sound.code).toBe(0);

    // And a forged extra correction (balanced, through the wallet's real command path on another hold) is caught
    await executeWalletCommand(
      h.deps,
      { type: 'AdjustForAppeal', data: { userId: bob.id, holdId: uuidv4(), holdKind: 'bet', amount: '10.00', currency: 'NGN', reversesEventId: 'forged' }, metadata: { now: h.clock.now() } },
      uuidv4(),
    );
    const forged = await verify();
    expect(forged.code).toBe(1);
    expect(forged.output).toContain('correction with no overturned appeal');
  });
});

describe('audit verify on forged money movements (each balanced, so only the money invariants catch them)', () => {
  it('fails on a double payout: the escrow goes negative and the bet pays out more than was paid in, even after a later stake refills it', async () => {
    // Given two players who each lock 102.00 into one bet's escrow
    const [a, b, c] = [uuidv4(), uuidv4(), uuidv4()];
    for (const user of [a, b, c]) await deposit(user, '1000.00');
    const betId = uuidv4();
    await lock(a, betId, '100.00');
    await lock(b, betId, '100.00');
    // When 200.00 is paid out to each of them, and a third stake of 204.00 later refills the escrow
    const first = await payout(a, betId, '200.00');
    const second = await payout(b, betId, '200.00');
    await lock(c, betId, '200.00');
    await h.settle();
    const { code, output } = await verify();
    // Then the audit fails at the second payout, with both findings, and nothing else
    expect(code).toBe(1);
    expect(output).toContain(`escrow ${betEscrow(betId, 'NGN')} negative (-196.00) at ${second}`);
    expect(output).toContain(`payouts exceed paid in: bet ${betId} paid out 400.00 NGN, paid in 204.00, at ${second}`);
    expect(output).not.toContain(first);
    expect(output).toContain('FAILED (2)');
  });

  it('fails when a bet pays out more than its players paid in although money from elsewhere keeps the escrow positive', async () => {
    // Given 300.00 moved into a bet's escrow from Paystack's account, and one player's 102.00 stake
    const a = uuidv4();
    await deposit(a, '1000.00');
    const betId = uuidv4();
    await forgeEscrowTopUp(betId, '300.00');
    await lock(a, betId, '100.00');
    // When 400.00 is paid out (the escrow keeps 2.00)
    const paid = await payout(a, betId, '400.00');
    await h.settle();
    const { code, output } = await verify();
    // Then only the paid-in check fails
    expect(code).toBe(1);
    expect(output).toContain(`payouts exceed paid in: bet ${betId} paid out 400.00 NGN, paid in 102.00, at ${paid}`);
    expect(output).not.toContain('negative');
    expect(output).toContain('FAILED (1)');
  });

  it('fails when a user balance is negative at some event, even though a later deposit covers it', async () => {
    // Given a user with 100.00
    const userId = uuidv4();
    await deposit(userId, '100.00');
    // When a forged, balanced stake lock of 500.00 is appended straight to the wallet stream, then 1000.00 deposited
    const eventId = uuidv4();
    const postings = [
      { account: userAvailable(userId, 'NGN'), currency: 'NGN', amount: '-500.00' },
      { account: betEscrow(uuidv4(), 'NGN'), currency: 'NGN', amount: '500.00' },
    ];
    const data = { userId, holdId: uuidv4(), holdKind: 'bet', stake: '490.20', fee: '9.80', total: '500.00', currency: 'NGN', spentDay: '2026-11-21', postings, lockedAt: h.clock.now().toISOString() };
    await h.deps.store.append(walletStreamId(userId), [{ id: eventId, type: 'StakeLocked', data }], { expectedRevision: 0 });
    await deposit(userId, '1000.00');
    await h.settle();
    const { code, output } = await verify();
    // Then the audit fails at the forged event, though the balance ends at 600.00
    expect(code).toBe(1);
    expect(output).toContain(`user balance ${userAvailable(userId, 'NGN')} negative (-400.00) at ${at(walletStreamId(userId), 1, 'StakeLocked', eventId)}`);
    expect(output).toContain('FAILED (1)');
  });

  it('fails when a terminal bet keeps money in escrow after every follow-up is recorded', async () => {
    // Given a bet settled and paid through the API
    const { betId } = await settledBet();
    // When 5.00 more lands in its escrow
    await forgeEscrowTopUp(betId, '5.00');
    await h.settle();
    const { code, output } = await verify();
    // Then the audit fails naming the bet's terminal event
    expect(code).toBe(1);
    const settled = await recordedEvent(betStreamId(betId), 'BetSettled');
    expect(output).toContain(`terminal bet ${betId}: escrow ${betEscrow(betId, 'NGN')} is 5.00, not zero, with every follow-up recorded, after ${settled}`);
    expect(output).toContain('FAILED (1)');
  });
});

describe('audit verify while a follow-up is in flight', () => {
  it('lists a settled bet whose payout is not recorded yet, fails it once overdue, and passes once it is paid', async () => {
    // Given a log of the saga era: a settlement recorded by a process that died before paying the
    // winner (today the payout is in the settlement's own append; the audit still judges old logs)
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '500.00');
    const bet = await createBet(alice);
    await acceptBet(bob, bet.inviteLinkId);
    await reportResult(alice, bet.id, 'lost');
    const recorded = await h.deps.store.readStream(betStreamId(bet.id));
    const state = recorded.reduce((s, e) => betDecider.evolve(s, { type: e.type, data: e.data } as BetEvent), betDecider.initialState());
    const alone = betDecider.decide({ type: 'ReportResult', data: { betId: bet.id, userId: bob.id, result: 'won', evidence: [], contestWindowMs: 24 * 3600_000 }, metadata: { now: h.clock.now() } }, state);
    await h.deps.store.append(betStreamId(bet.id), alone.map((e) => ({ id: uuidv4(), type: e.type, data: e.data, metadata: { actor: bob.id } })), { expectedRevision: recorded.length - 1 });
    await h.settle();
    const settled = await recordedEvent(betStreamId(bet.id), 'BetSettled');
    // When the audit runs now, then the payout is in flight, not a failure
    const now = await verify();
    expect(now.output).toContain(`in flight (1, not yet overdue):\n  - bet ${bet.id}: payout to ${bob.id} not recorded, after ${settled}`);
    expect(now.code).toBe(0);
    // When it runs past FOLLOW_UP_OVERDUE_MS, then the missing payout fails
    const later = await verify({ now: new Date(Date.now() + FOLLOW_UP_OVERDUE_MS + 60_000) });
    expect(later.output).toContain(`terminal bet ${bet.id}: follow-up overdue: payout to ${bob.id} not recorded, after ${settled}`);
    expect(later.code).toBe(1);
    // When the missing payout is recorded (as the saga era's follow-up would have), then the audit passes with nothing in flight
    await creditPayout(h.deps, { eventId: uuidv4(), userId: bob.id, holdId: bet.id, holdKind: 'bet', amount: '200.00', currency: 'NGN' });
    expect((await ledger(h)).get(betEscrow(bet.id, 'NGN'))?.toFixed(2)).toBe('0.00');
    await h.settle();
    const paid = await verify();
    expect(paid.output).not.toContain('in flight');
    expect(paid.code).toBe(0);
  });

  it('lists a late, losing stake lock on a settled bet as in flight until it is released, rather than calling the escrow wrong', async () => {
    // Given a settled bet, and a player whose acceptance lost the race but whose stake lock landed after the settlement
    const { betId } = await settledBet();
    const late = await fundedPlayer(h, '500.00');
    await lock(late.id, betId, '100.00');
    await h.settle();
    const settled = await recordedEvent(betStreamId(betId), 'BetSettled');
    // When the audit runs, then the release is in flight and the audit passes
    const before = await verify();
    expect(before.output).toContain(`bet ${betId}: release to ${late.id} not recorded, after ${settled}`);
    expect(before.code).toBe(0);
    // When the stake is released, then nothing is in flight and the audit passes
    await releaseStake(h.deps, { eventId: uuidv4(), userId: late.id, holdId: betId, reason: 'challenge_taken' });
    await h.settle();
    const after = await verify();
    expect(after.output).not.toContain('in flight');
    expect(after.code).toBe(0);
  });
});

describe('audit verify on pools', () => {
  /** A two-player pool run to settlement from the FPL sandbox's data (the calendar job, then the follow-ups). */
  async function settledPool(): Promise<{ poolId: string; alice: Player; bob: Player }> {
    // The pools need the FPL sandbox over HTTP and an FPL cache that sees each step.
    await h.close();
    h = await createTestHarness({ label: 'audit', env: { FPL_CACHE_TTL_MS: '0' } });
    process.env.DATABASE_URL = h.databaseUrl;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const fpl = (url: string, payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url: `/sandbox/fpl/_control/${url}`, payload });
    await fpl('reset', {});
    const job = new PoolCalendarJob(h.deps);
    const tick = async () => {
      const result = await job.tick();
      await h.settle();
      return result;
    };
    const [alice, bob] = await Promise.all([fundedPlayer(h), fundedPlayer(h)]);
    const created = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: alice.headers, payload: { name: 'Audit pool', entryFee: '10.00', durationWeeks: 2, fplTeamId: 301 } });
    expect(created.statusCode, created.body).toBe(201);
    const poolId = (created.json() as { pool: { id: string } }).pool.id;
    expect((await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${poolId}/join`, headers: bob.headers, payload: { fplTeamId: 302 } })).statusCode).toBe(200);
    for (const [teamId, gameweek, points] of [[301, 1, 60], [301, 2, 50], [302, 1, 40], [302, 2, 30]] as const) await fpl('points', { teamId, gameweek, points, transfersCost: 0 });
    await fpl('advance', { step: 'gameweek' });
    await tick();
    await fpl('advance', { step: 'deadline' });
    await fpl('advance', { step: 'finish' });
    await fpl('advance', { step: 'check' });
    expect((await tick()).pools[poolId]).toBe('completed');
    await h.settle();
    expect((await ledger(h)).get(poolEscrow(poolId, 'NGN'))?.toFixed(2)).toBe('0.00');
    return { poolId, alice, bob };
  }

  it('passes a settled pool (payout and fees drain its escrow), and fails on a forged extra pool payout, naming the event', async () => {
    // Given a pool settled and paid through the API and the calendar job
    const { poolId, bob } = await settledPool();
    // When the audit runs, then the pool is judged, nothing is in flight, and it passes
    const sound = await verify();
    expect(sound.output).toContain('1 terminal pools');
    expect(sound.output).not.toContain('in flight');
    expect(sound.code).toBe(0);
    // When a payout the settlement never decided is credited to the loser from the pool's escrow
    const eventId = uuidv4();
    const result = await creditPayout(h.deps, { eventId, userId: bob.id, holdId: poolId, holdKind: 'pool', amount: '5.00' });
    const forged = at(walletStreamId(bob.id), result.append!.nextExpectedRevision, 'PayoutCredited', eventId);
    await h.settle();
    // Then the audit fails, naming that event: more paid out than the players paid in, and the escrow no longer zero
    const { code, output } = await verify();
    expect(code).toBe(1);
    expect(output).toContain(`payouts exceed paid in: pool ${poolId} paid out 25.40 NGN, paid in 20.40, at ${forged}`);
    expect(output).toContain(`terminal pool ${poolId}: escrow ${poolEscrow(poolId, 'NGN')} is -5.00, not zero`);
  });
});
