// Proves appeals: who may file and decide them (each refusal), and (fast-check) that after any dispute resolution, appeal and decision (each decided over the bet and both wallets at once, applied in the order of the append, repeated), the ledger sums to zero, the bet's escrow ends at zero, no available balance goes negative and every player ends with exactly what the final outcome gives them (appeals keep money whole); what a player is left owing is collected from the winnings of their next bet in its settlement's own decision (min(owed, payout), owed never below zero, a repeat collects nothing).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import { Balances, assertBalanced, postingsOf } from '../ledger/postings.js';
import { betEscrow, platformFees, userAvailable, userReceivable } from '../ledger/accounts.js';
import { Money, ZERO } from '../money/money.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider, type WalletCommand, type WalletEvent, type WalletState } from '../wallet/index.js';
import {
  APPEAL_CODES,
  APPEAL_WINDOW_MS,
  appealMoneyPlan,
  betFee,
  betPayout,
  overturnPayout,
  betDecider,
  createChallengeSchema,
  decideBetWithMoney,
  walletsOfBetCommand,
  type BetCommand,
  type BetEvent,
  type BetState,
} from './index.js';

const H = 3600_000;
const bets = deciderSpec(betDecider);
const walletSpec = deciderSpec(walletDecider);
/** The bet decider alone, on a bet's state (a refusal decides nothing anywhere, so the wallets need not be read). */
const when = (bet: BetState, command: BetCommand) => bets.givenState(bet).when(command);
const T0 = new Date('2026-11-26T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * H);

/** A bet and two wallets run through the real deciders, every posting applied to one ledger and checked as it lands. */
class World {
  readonly betId = randomUUID();
  readonly a = randomUUID();
  readonly b = randomUUID();
  readonly resolver = randomUUID();
  readonly reviewer = randomUUID();
  readonly ledger = new Balances();
  bet: BetState = bets.given().state;
  readonly wallets = new Map<string, WalletState>();
  readonly betEvents: BetEvent[] = [];
  /** The wallet events of the last bet command, by user id. */
  lastWalletEvents: Readonly<Record<string, WalletEvent[]>> = {};

  /** A bet of its own between the same two players, on the same wallets and ledger as `shared`'s when given. */
  constructor(
    readonly stake: string,
    shared?: World,
  ) {
    if (!shared) return;
    this.a = shared.a;
    this.b = shared.b;
    this.resolver = shared.resolver;
    this.reviewer = shared.reviewer;
    this.ledger = shared.ledger;
    this.wallets = shared.wallets;
  }

  private apply(postings: readonly unknown[] | null): void {
    if (!postings || postings.length === 0) return;
    assertBalanced(postings as never);
    this.ledger.apply(postings as never);
    for (const [account, { balance }] of this.ledger.entries()) {
      if (account.includes(':available:') || account.includes(':escrow:')) expect(balance.isNegative(), `${account} went negative`).toBe(false);
    }
  }

  /** One bet command and the money it moves, decided together and applied in the order of its one append. */
  betCommand(command: BetCommand): BetEvent[] {
    const order = walletsOfBetCommand(command, this.bet);
    const wallets = Object.fromEntries([this.a, this.b].map((u) => [u, this.wallets.get(u) ?? walletSpec.given().state]));
    const move = decideBetWithMoney(command, { bet: this.bet, wallets });
    this.lastWalletEvents = move.wallets;
    for (const userId of Object.keys(move.wallets)) expect([...order.before, ...order.after]).toContain(userId);
    const applyWallet = (userId: string) => {
      const events = move.wallets[userId] ?? [];
      this.wallets.set(userId, walletSpec.stateOf(events, wallets[userId]!));
      for (const event of events) this.apply(postingsOf(event.data));
    };
    order.before.forEach(applyWallet);
    this.bet = bets.stateOf(move.bet, this.bet);
    for (const event of move.bet) {
      this.betEvents.push(event);
      this.apply(postingsOf(event.data));
    }
    order.after.forEach(applyWallet);
    return move.bet;
  }

  wallet(userId: string, command: WalletCommand): WalletEvent[] {
    const decided = walletSpec.givenState(this.wallets.get(userId) ?? walletSpec.given().state).when(command);
    const events = decided.events();
    this.wallets.set(userId, decided.after());
    for (const event of events) this.apply(postingsOf(event.data));
    return events;
  }

  deposit(userId: string, amount: string): void {
    this.wallet(userId, { type: 'CreditDeposit', data: { userId, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount, currency: 'NGN' }, metadata: { now: T0 } });
  }

  lock(userId: string, holdId: string, stake: string, fee: string): void {
    this.wallet(userId, { type: 'LockStake', data: { userId, holdId, holdKind: 'bet', stake, fee, currency: 'NGN', timeZone: 'UTC', dailyLimit: '100000000' }, metadata: { now: T0 } });
  }

  /** Created, accepted, both claim the win: disputed. */
  dispute(): void {
    const [created] = this.betCommand({
      type: 'CreateBet',
      data: { betId: this.betId, challengerId: this.a, inviteLinkId: randomUUID(), currency: 'NGN', challenge: createChallengeSchema.parse({ amount: this.stake, visibility: 'public' }), pendingTtlMs: 48 * H },
      metadata: { now: T0 },
    });
    const fee = (created!.data as { feeAmount: string }).feeAmount;
    this.lock(this.a, this.betId, this.stake, fee);
    this.lock(this.b, this.betId, this.stake, fee);
    this.betCommand({ type: 'AcceptBet', data: { betId: this.betId, acceptorId: this.b, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now: at(1) } });
    for (const userId of [this.a, this.b]) this.betCommand({ type: 'ReportResult', data: { betId: this.betId, userId, result: 'won', evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(2) } });
  }

  /** What the bet moved for one player, across their available and receivable accounts. */
  netOf(userId: string, before: Money): Money {
    return this.ledger.get(userAvailable(userId, 'NGN')).plus(this.ledger.get(userReceivable(userId, 'NGN'))).minus(before);
  }
}

/** The refusal of a decision over the bet and its wallets together (World.betCommand). */
function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

function resolved(winner: 'a' | 'b' | null): { world: World; resolution: BetEvent[] } {
  const world = new World('100.00');
  world.deposit(world.a, '500.00');
  world.deposit(world.b, '500.00');
  world.dispute();
  const winnerId = winner === null ? null : world[winner];
  const resolution = world.betCommand({ type: 'ResolveDispute', data: { betId: world.betId, adminId: world.resolver, winnerId, adminNotes: 'video shows it' }, metadata: { now: at(5) } });
  return { world, resolution };
}

const file = (w: World, userId: string, hours = 6): BetCommand => ({
  type: 'FileAppeal',
  data: { betId: w.betId, userId, reason: 'The video shows my winning goal', resolutionEventId: 'resolution-1', appealWindowMs: APPEAL_WINDOW_MS },
  metadata: { now: at(hours) },
});
const decideBy = (w: World, adminId: string, outcome: 'upheld' | 'overturned', winnerId: string | null): BetCommand => ({
  type: 'DecideAppeal',
  data: { betId: w.betId, adminId, outcome, winnerId, notes: 'Reviewed the evidence' },
  metadata: { now: at(8) },
});

describe('filing an appeal', () => {
  it('records the appeal of either player against the recorded resolution', () => {
    const { world } = resolved('a');
    const [filed] = world.betCommand(file(world, world.b));
    expect(filed).toMatchObject({ type: 'AppealFiled', data: { appellantId: world.b, resolvedBy: world.resolver, originalWinnerId: world.a, resolutionEventId: 'resolution-1' } });
  });

  it('refuses an outsider, a bet an admin never resolved, a second appeal and a late one', () => {
    const { world } = resolved('a');
    expect(when(world.bet, file(world, randomUUID())).thenRefused()).toMatchObject({ code: APPEAL_CODES.notPlayer, status: 403 });
    expect(when(world.bet, file(world, world.b, 5 + 48)).thenRefused()).toMatchObject({ code: APPEAL_CODES.windowClosed, status: 409 });
    expect(when(world.bet, file(world, world.b, 5 + 47.9)).events()).toHaveLength(1);
    world.betCommand(file(world, world.b));
    const second = when(world.bet, file(world, world.a)).thenRefused();
    expect(second).toBeInstanceOf(ConflictError);
    expect(second).toMatchObject({ code: APPEAL_CODES.alreadyAppealed });

    const agreed = new World('50.00');
    agreed.deposit(agreed.a, '100.00');
    agreed.deposit(agreed.b, '100.00');
    agreed.dispute();
    expect(when(agreed.bet, file(agreed, agreed.a)).thenRefused()).toMatchObject({ code: APPEAL_CODES.notResolvedByAdmin, status: 409 });
  });

  it('refuses a reason shorter than 10 characters', () => {
    const { world } = resolved(null);
    const short = { ...file(world, world.a), data: { ...(file(world, world.a).data as object), reason: '  short  ' } } as BetCommand;
    expect(when(world.bet, short).thenRefused()).toBeInstanceOf(ValidationError);
  });
});

describe('deciding an appeal', () => {
  it('refuses the admin who resolved the dispute (same_admin), a player, no appeal, a second decision and an overturn that changes nothing', () => {
    const { world } = resolved('a');
    expect(when(world.bet, decideBy(world, world.reviewer, 'upheld', null)).thenRefused()).toMatchObject({ code: APPEAL_CODES.noOpenAppeal, status: 409 });
    world.betCommand(file(world, world.b));
    const same = when(world.bet, decideBy(world, world.resolver, 'upheld', null)).thenRefused();
    expect(same).toBeInstanceOf(ForbiddenError);
    expect(same).toMatchObject({ code: 'same_admin' });
    expect(when(world.bet, decideBy(world, world.a, 'upheld', null)).thenRefused()).toMatchObject({ code: APPEAL_CODES.playerAdmin, status: 403 });
    expect(when(world.bet, decideBy(world, world.reviewer, 'overturned', world.a)).thenRefused()).toMatchObject({ code: APPEAL_CODES.overturnUnchanged, status: 400 });
    expect(when(world.bet, decideBy(world, world.reviewer, 'overturned', randomUUID())).thenRefused()).toMatchObject({ code: APPEAL_CODES.winnerNotPlayer, status: 400 });
    const [decided] = world.betCommand(decideBy(world, world.reviewer, 'upheld', null));
    expect(decided).toMatchObject({ type: 'AppealDecided', data: { outcome: 'upheld', winnerId: world.a, adjustments: [], feeAdjustment: '0.00', reversesEventId: 'resolution-1' } });
    expect(world.bet).toMatchObject({ status: 'completed', winnerId: world.a });
    expect(when(world.bet, decideBy(world, randomUUID(), 'overturned', world.b)).thenRefused()).toMatchObject({ code: APPEAL_CODES.alreadyDecided, status: 409 });
  });

  it('an overturn changes the bet outcome and names the original resolution', () => {
    const { world } = resolved('a');
    world.betCommand(file(world, world.b));
    const [decided] = world.betCommand(decideBy(world, world.reviewer, 'overturned', null));
    expect(decided!.data).toMatchObject({ originalWinnerId: world.a, winnerId: null, feeAdjustment: '-4.00', adjustments: [{ userId: world.a, amount: '-98.00' }, { userId: world.b, amount: '102.00' }] });
    expect(world.bet).toMatchObject({ status: 'voided' });
  });
});

describe('the money plan', () => {
  it('is the difference of the two outcomes per player, and sums to zero with the fee change', () => {
    const players = ['a', 'b'] as const;
    expect(appealMoneyPlan({ players, stake: '100.00', fee: '2.00', from: 'a', to: 'b' })).toEqual({ adjustments: [{ userId: 'a', amount: '-200.00' }, { userId: 'b', amount: '200.00' }], feeAdjustment: '0.00' });
    expect(appealMoneyPlan({ players, stake: '100.00', fee: '2.00', from: null, to: 'b' })).toEqual({ adjustments: [{ userId: 'a', amount: '-102.00' }, { userId: 'b', amount: '98.00' }], feeAdjustment: '4.00' });
  });
  it("gives back the bet's payout to whoever an overturn makes the winner (property)", () => {
    const players = ['a', 'b'] as const;
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.constantFrom<'a' | 'b' | null>('a', 'b', null), fc.constantFrom<'a' | 'b'>('a', 'b'), (cents, from, to) => {
        fc.pre(from !== to);
        const stake = (cents / 100).toFixed(2);
        const plan = appealMoneyPlan({ players, stake, fee: betFee(stake), from, to });
        expect(overturnPayout({ originalWinnerId: from, winnerId: to, adjustments: plan.adjustments })).toBe(betPayout(stake));
      }),
    );
    expect(overturnPayout({ originalWinnerId: 'a', winnerId: null, adjustments: [] })).toBeNull();
  });
});

const outcomeArb = fc.constantFrom<'a' | 'b' | null>('a', 'b', null);

describe('appeals keep money whole (property)', () => {
  it('after any resolution, spending, appeal and decision, and a second bet won after it, run with repeats: ledger zero, escrows zero, nothing negative, the debt collected from the winnings, each player holds what the outcomes give', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 200_000 }),
        outcomeArb,
        fc.constantFrom<'a' | 'b'>('a', 'b'),
        fc.boolean(),
        outcomeArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 10, max: 200_000 }),
        fc.constantFrom<'a' | 'b'>('a', 'b'),
        (stakeUnits, original, appellant, overturn, target, spendShareA, spendShareB, nextStakeUnits, nextWinner) => {
          const world = new World(`${stakeUnits}.00`);
          const startWith = new Money(stakeUnits).mul(3).toFixed(2);
          world.deposit(world.a, startWith);
          world.deposit(world.b, startWith);
          world.dispute();
          const start = new Money(startWith);
          const winnerOf = (o: 'a' | 'b' | null) => (o === null ? null : world[o]);
          const resolve: BetCommand = { type: 'ResolveDispute', data: { betId: world.betId, adminId: world.resolver, winnerId: winnerOf(original), adminNotes: 'n' }, metadata: { now: at(5) } };
          world.betCommand(resolve);
          // A repeat (a retry after a lost answer) is refused: it moves nothing a second time.
          expect(refusal(() => world.betCommand(resolve))).toBeInstanceOf(ConflictError);
          // A second bet between them is under way (its stakes locked) while the first is appealed.
          const next = new World(`${Math.min(nextStakeUnits, stakeUnits)}.00`, world);
          next.dispute();
          // Players spend part of what they hold (another bet here), as a winner who withdrew would.
          const spendOf = (userId: string, share: number): Money => {
            const spend = world.ledger.get(userAvailable(userId, 'NGN')).mul(share).toDecimalPlaces(2, Money.ROUND_DOWN);
            if (spend.gt(0)) world.lock(userId, randomUUID(), spend.toFixed(2), '0.00');
            return spend;
          };
          const spentA = spendOf(world.a, spendShareA);
          const spentB = spendOf(world.b, spendShareB);
          world.betCommand(file(world, world[appellant]));
          const final = overturn && target !== original ? target : original;
          const decision = decideBy(world, world.reviewer, final === original ? 'upheld' : 'overturned', winnerOf(final));
          const decided = world.betCommand(decision);
          // The fee change is recorded with the decision, in the same append, when the fees change.
          expect(decided.map((e) => e.type)).toEqual(final !== null && original === null ? ['AppealDecided', 'AppealFeesAdjusted'] : final === null && original !== null ? ['AppealDecided', 'AppealFeesAdjusted'] : ['AppealDecided']);
          expect(refusal(() => world.betCommand(decision))).toMatchObject({ code: APPEAL_CODES.alreadyDecided });

          // The second bet is won after the appeal: what its winner owes is collected from the winnings, in the same decision.
          const nextWinnerId = world[nextWinner];
          const owedOf = (userId: string) => world.wallets.get(userId)!.receivable?.['NGN'] ?? ZERO;
          const owedBefore = owedOf(nextWinnerId);
          const nextPayout = new Money(betPayout(next.stake));
          const resolveNext: BetCommand = { type: 'ResolveDispute', data: { betId: next.betId, adminId: world.resolver, winnerId: nextWinnerId, adminNotes: 'n' }, metadata: { now: at(9) } };
          const availableBefore = world.ledger.get(userAvailable(nextWinnerId, 'NGN'));
          next.betCommand(resolveNext);
          const collected = Money.min(owedBefore, nextPayout);
          expect(owedOf(nextWinnerId).toFixed(2)).toBe(owedBefore.minus(collected).toFixed(2));
          expect(world.ledger.get(userAvailable(nextWinnerId, 'NGN')).minus(availableBefore).toFixed(2)).toBe(nextPayout.minus(collected).toFixed(2));
          const winnerEvents = next.lastWalletEvents[nextWinnerId] ?? [];
          expect(winnerEvents.map((e) => e.type)).toEqual(collected.gt(0) ? ['PayoutCredited', 'ReceivableCollected'] : ['PayoutCredited']);
          if (collected.gt(0)) expect(winnerEvents[1]!.data).toMatchObject({ source: 'payout', holdKind: 'bet', holdId: next.betId, amount: collected.toFixed(2), stillOwed: owedBefore.minus(collected).toFixed(2) });
          // A repeat of the settlement is refused, and the payout a second time decides nothing: nothing more is collected.
          expect(refusal(() => next.betCommand(resolveNext))).toBeInstanceOf(ConflictError);
          walletSpec.givenState(world.wallets.get(nextWinnerId)!).when({ type: 'CreditPayout', data: { userId: nextWinnerId, holdId: next.betId, holdKind: 'bet', amount: nextPayout.toFixed(2), currency: 'NGN' }, metadata: { now: at(9) } }).thenNothing();

          for (const sum of world.ledger.trialBalance().values()) expect(sum.isZero()).toBe(true);
          expect(world.ledger.get(betEscrow(world.betId, 'NGN')).isZero()).toBe(true);
          expect(world.ledger.get(betEscrow(next.betId, 'NGN')).isZero()).toBe(true);
          for (const userId of [world.a, world.b]) expect(owedOf(userId).isNegative()).toBe(false);
          const stake = new Money(stakeUnits);
          const fee = stake.mul('0.02').toDecimalPlaces(2, Money.ROUND_HALF_UP);
          const nextStake = new Money(next.stake);
          const nextFee = new Money(betFee(next.stake));
          const expectedNet = (userId: string) => (final === null ? new Money(0) : winnerOf(final) === userId ? stake.minus(fee) : stake.plus(fee).neg());
          const nextNet = (userId: string) => (userId === nextWinnerId ? nextStake.minus(nextFee) : nextStake.plus(nextFee).neg());
          // Net of the bets = what the player holds (available + receivable) minus what they started with, plus what they spent elsewhere: a collection moves nothing out of it.
          expect(world.netOf(world.a, start).plus(spentA).toFixed(2)).toBe(expectedNet(world.a).plus(nextNet(world.a)).toFixed(2));
          expect(world.netOf(world.b, start).plus(spentB).toFixed(2)).toBe(expectedNet(world.b).plus(nextNet(world.b)).toFixed(2));
          expect(world.ledger.get(platformFees('NGN')).toFixed(2)).toBe((final === null ? ZERO : fee.mul(2)).plus(nextFee.mul(2)).toFixed(2));
          expect(world.bet).toMatchObject(final === null ? { status: 'voided' } : { status: 'completed', winnerId: winnerOf(final) });
        },
      ),
      { numRuns: 300 },
    );
  });
});
