// Proves the pool money invariants over random deposits, joins (each one decision over the pool and the wallet; failed, past the limit, or a stray lock left by the earlier saga), cancels, automatic cancels, points and ties. Cancelling and settling are each one decision over the pool and every wallet they credit, applied whole or (a crash) not at all and then decided again; a log of the earlier saga (pool event recorded, any subset of its refunds or payouts missing) is finished by the repair. Every event balances, the ledger sums to zero, no balance goes negative, the pool's escrow is zero once settled or cancelled, the pot equals the payouts and the fees are the platform's (paid in = payouts + fees), and each player ends with exactly deposit − paid + won.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../shared/errors.js';
import { Money, ZERO, formatAmount } from '../money/money.js';
import { Balances, assertBalanced, postingsOf } from '../ledger/postings.js';
import { platformFees, poolEscrow, userAvailable } from '../ledger/accounts.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from '../wallet/decider.js';
import type { WalletCommand } from '../wallet/commands.js';
import type { WalletState } from '../wallet/state.js';
import { poolDecider } from './index.js';
import { poolCost } from './decide.js';
import type { PoolCommand } from './commands.js';
import type { PoolEvent } from './events.js';
import { repairEntry } from './repair.js';
import { decideMoves, decidePoolMoney, owedMoves, type PoolMoneyCommand, type PoolMoneyMove } from './pool-money.js';
import { decideCreateWithEntry, decideJoinWithEntry, type EntryMove } from './entry-moves.js';
import type { PoolState } from './state.js';
import { FIRST_DEADLINE, POOL_T0, createPool, gameweek, history, joinPool } from './testing.js';

// The pool and wallet deciders, and the multi-stream decisions over both, applied through each decider's spec.
const pools = deciderSpec(poolDecider);
const wallets = deciderSpec(walletDecider);
const noWallet = (): WalletState => wallets.given().state;
const CUR = 'NGN';
const USERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
const POOL = 'pool1';
const AFTER = new Date(Date.parse(FIRST_DEADLINE) + 60_000);
const TERMS = { timeZone: 'UTC', dailyLimit: '100000000' };

const scenarioArb = fc.record({
  entryCents: fc.integer({ min: 1, max: 500_000 }),
  maxParticipants: fc.integer({ min: 2, max: 5 }),
  creatorJoins: fc.boolean(),
  deposits: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: USERS.length, maxLength: USERS.length }),
  joins: fc.array(fc.record({ user: fc.integer({ min: 0, max: USERS.length - 1 }), strayLock: fc.boolean() }), { maxLength: 12 }),
  ending: fc.constantFrom('creator-cancel', 'deadline'),
  /** How the pool's money decisions are written: whole; lost whole once (a crash) then decided again; or as the earlier saga did, the pool's event with only some of its wallet moves (the rest repaired). */
  writing: fc.constantFrom('atomic', 'crash-then-retry', 'legacy-saga'),
  /** Which of a legacy saga's wallet moves were written before it died. */
  legacyDone: fc.array(fc.boolean(), { minLength: USERS.length, maxLength: USERS.length }),
  /** Small point ranges make ties common. */
  points: fc.array(fc.array(fc.record({ points: fc.integer({ min: 0, max: 4 }), cost: fc.constantFrom(0, 0, 4) }), { minLength: 2, maxLength: 2 }), { minLength: USERS.length, maxLength: USERS.length }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

class Simulation {
  readonly wallets = new Map<string, WalletState>();
  pool: PoolState = pools.given().state;
  readonly ledger = new Balances();
  readonly deposited = new Map<string, Money>();

  wallet(command: WalletCommand): WalletState {
    const decided = wallets.givenState(this.wallets.get(command.data.userId) ?? noWallet()).when(command);
    for (const e of decided.events()) this.record(e.data);
    const state = decided.after();
    this.wallets.set(command.data.userId, state);
    return state;
  }

  poolCommand(command: PoolCommand): PoolEvent[] {
    const decided = pools.givenState(this.pool).when(command);
    const events = decided.events();
    for (const e of events) this.record(e.data);
    this.pool = decided.after();
    return events;
  }

  private record(data: unknown): void {
    const postings = postingsOf(data);
    if (!postings || postings.length === 0) return;
    assertBalanced(postings);
    this.ledger.apply(postings);
    for (const [, sum] of this.ledger.trialBalance()) expect(sum.isZero()).toBe(true);
    for (const user of USERS) expect(this.ledger.get(userAvailable(user, CUR)).gte(0)).toBe(true);
  }

  deposit(user: string, cents: number): void {
    if (cents === 0) return;
    const amount = formatAmount(new Money(cents).div(100));
    this.wallet({ type: 'CreditDeposit', data: { userId: user, depositId: `d-${user}`, provider: 'paystack', reference: `r-${user}`, amount, currency: CUR }, metadata: { now: POOL_T0 } });
    this.deposited.set(user, new Money(amount));
  }

  lock(user: string): boolean {
    if (!('pool' in this.pool)) return false;
    const { pool } = this.pool;
    try {
      const state = this.wallet({ type: 'LockStake', data: { userId: user, holdId: POOL, holdKind: 'pool', stake: pool.entryFee, fee: pool.feeAmount, currency: CUR, timeZone: 'UTC', dailyLimit: '100000000' }, metadata: { now: POOL_T0 } });
      // A released entry cannot be reused (the API saga refuses it the same way).
      return state.holds.get(POOL)?.status === 'locked';
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  /** One decision over the pool and a wallet, applied to both or to neither (the API appends it in one transaction). */
  move(user: string, decide: (states: { pool: PoolState; wallet: WalletState }) => EntryMove): boolean {
    const wallet = this.wallets.get(user) ?? noWallet();
    let decided: EntryMove;
    try {
      decided = decide({ pool: this.pool, wallet });
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
    this.wallets.set(user, wallets.stateOf(decided.wallet, wallet));
    for (const e of decided.wallet) this.record(e.data);
    for (const e of decided.pool) this.record(e.data);
    this.pool = pools.stateOf(decided.pool, this.pool);
    return true;
  }

  /** The API's join: one decision over the pool and the wallet. A stray lock is what a saga of the earlier release left when it crashed after locking. */
  join(user: string, strayLock: boolean): void {
    if (strayLock) {
      this.lock(user);
      return;
    }
    const command = joinPool(POOL, user, 100 + USERS.indexOf(user));
    if (command.type !== 'JoinPool') throw new Error('unreachable');
    this.move(user, (states) => decideJoinWithEntry(command, TERMS, states));
  }

  release(user: string, reason: string): void {
    this.wallet({ type: 'ReleaseStake', data: { userId: user, holdId: POOL, reason }, metadata: { now: AFTER } });
  }
  private applyMove(move: PoolMoneyMove, walletsKept: (user: string) => boolean = () => true): void {
    for (const e of move.pool) this.record(e.data);
    this.pool = pools.stateOf(move.pool, this.pool);
    for (const [user, events] of Object.entries(move.wallets)) {
      if (!walletsKept(user)) continue;
      this.wallets.set(user, wallets.stateOf(events, this.wallets.get(user) ?? noWallet()));
      for (const e of events) this.record(e.data);
    }
  }
  private allWallets(): Record<string, WalletState> {
    return Object.fromEntries(USERS.map((u) => [u, this.wallets.get(u) ?? noWallet()]));
  }
  /**
   * A cancel, start or settle as the API writes it: one decision over the pool and the wallets,
   * all of it or (a crash, then the same command again) first nothing; or, for an old log, as
   * the earlier saga wrote it: the pool's event, then only some wallet moves.
   */
  money(command: PoolMoneyCommand, writing: Scenario['writing'], legacyDone: readonly boolean[]): PoolEvent[] {
    const move = decidePoolMoney(command, { pool: this.pool, wallets: this.allWallets() });
    // Conserved inside the one decision: what leaves the escrow is exactly what the pool owes.
    const credited = Object.values(move.wallets).flat().reduce((sum, e) => sum.plus('amount' in e.data ? (e.data as { amount: string }).amount : '0'), ZERO);
    const owed = owedMoves(pools.stateOf(move.pool, this.pool));
    const expected = owed.reduce((sum, m) => sum.plus(m.kind === 'payout' ? m.amount : this.paidBy(m.userId)), ZERO);
    expect(credited.toFixed(2)).toBe(expected.toFixed(2));
    if (writing === 'crash-then-retry' && move.pool.length > 0) {
      // Nothing of the lost append exists; the retry decides on the same states.
      return this.money(command, 'atomic', legacyDone);
    }
    if (writing === 'legacy-saga') {
      this.applyMove(move, (user) => legacyDone[USERS.indexOf(user)] === true);
      return move.pool;
    }
    this.applyMove(move);
    // Decided again: moves nothing more.
    const again = decidePoolMoney(command, { pool: this.pool, wallets: this.allWallets() });
    expect(again.pool).toEqual([]);
    expect(again.wallets).toEqual({});
    return move.pool;
  }
  private paidBy(user: string): string {
    return ('pool' in this.pool && this.pool.participants.find((p) => p.userId === user)?.paid) || '0';
  }
  /** The repair of old logs: stray locks released, an ended pool's owed moves decided again over every wallet. */
  repair(): void {
    for (const user of USERS) {
      if (this.wallets.get(user)?.holds.get(POOL)?.status !== 'locked') continue;
      const step = repairEntry(this.pool, user, AFTER);
      if (step.kind === 'release') this.release(user, step.reason);
      else if (step.kind === 'owed') this.applyMove({ pool: [], wallets: decideMoves(owedMoves(this.pool), this.allWallets(), AFTER) });
    }
  }
}

function run(s: Scenario): void {
  const sim = new Simulation();
  USERS.forEach((u, i) => sim.deposit(u, s.deposits[i]!));
  const entryFee = formatAmount(new Money(s.entryCents).div(100));
  const creator = USERS[0]!;
  // Creation with the creator's entry: the pool, the entry and its lock in one decision. Refused
  // (the creator cannot pay), the creator creates it again without a team.
  const create = createPool(POOL, creator, { name: 'Pool', entryFee, maxParticipants: s.maxParticipants }, s.creatorJoins ? { fplTeamId: 100, fplTeamName: 'Creator' } : null);
  if (create.type !== 'CreatePool') throw new Error('unreachable');
  if (!sim.move(creator, (states) => decideCreateWithEntry(create, TERMS, states))) sim.poolCommand({ ...create, data: { ...create.data, creatorEntry: null } });

  for (const j of s.joins) sim.join(USERS[j.user]!, j.strayLock);

  if (s.ending === 'creator-cancel') {
    sim.money({ type: 'CancelPool', data: { poolId: POOL, userId: creator, firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: POOL_T0 } }, s.writing, s.legacyDone);
  } else {
    sim.money({ type: 'StartPool', data: { poolId: POOL, firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: AFTER } }, s.writing, s.legacyDone);
    const histories = Object.fromEntries(USERS.map((u, i) => [String(100 + i), history(s.points[i]!.map((p, gw) => [gw + 1, p.points, p.cost] as [number, number, number]))]));
    const settle: PoolMoneyCommand = { type: 'SettlePool', data: { poolId: POOL, endGameweek: gameweek(2, { finished: true, dataChecked: true }), histories }, metadata: { now: AFTER } };
    if (sim.pool.status === 'ongoing') {
      sim.money(settle, s.writing, s.legacyDone);
      // A repeated settlement pays nothing more.
      expect(sim.poolCommand(settle)).toEqual([]);
    }
  }
  sim.repair();
  sim.repair();

  if (!('pool' in sim.pool)) throw new Error('the pool exists');
  const state = sim.pool;
  expect(['completed', 'cancelled']).toContain(state.status);
  expect(sim.ledger.get(poolEscrow(POOL, CUR)).toFixed(2)).toBe('0.00');
  const paidIn = state.participants.reduce((sum, p) => sum.plus(p.paid), ZERO);
  const cost = poolCost(entryFee);
  expect(paidIn.eq(new Money(cost.total).mul(state.participants.length))).toBe(true);
  const payouts = (state.settlement?.payouts ?? []).reduce((sum, p) => sum.plus(p.amount), ZERO);
  const fees = sim.ledger.get(platformFees(CUR));
  if (state.status === 'completed') {
    expect(payouts.eq(paidIn.minus(fees))).toBe(true);
    expect(fees.eq(new Money(cost.fee).mul(state.participants.length))).toBe(true);
  } else {
    expect(fees.isZero()).toBe(true);
  }
  for (const user of USERS) {
    const paid = state.participants.find((p) => p.userId === user)?.paid;
    const won = state.settlement?.payouts.find((p) => p.userId === user)?.amount ?? '0';
    const expected = (sim.deposited.get(user) ?? ZERO).minus(state.status === 'completed' && paid ? paid : '0').plus(won);
    expect(sim.ledger.get(userAvailable(user, CUR)).toFixed(2)).toBe(expected.toFixed(2));
  }
}

describe('pool money invariants', () => {
  it('holds over random joins, cancels, points and ties', () => {
    fc.assert(fc.property(scenarioArb, run), { numRuns: 300 });
  });
});
