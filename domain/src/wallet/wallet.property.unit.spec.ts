// Not a decider spec (so no deciderSpec): it drives the wallet decider through handleCommand and the event store (event ids that make repeats idempotent, revisions that serialise racers, crashes between saga steps), and reads state back with foldStream as the API does.
// Proves the ledger invariants over random deposits, withdrawals, stake locks, releases and payouts with crashes between saga steps: every event balances, the sum per currency is zero after every event, no balance goes negative, escrows are empty once bets end, and replay gives the same balances.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InMemoryEventStore } from '../event-store/in-memory.js';
import { handleCommand, foldStream } from '../event-store/command-handler.js';
import { DomainError } from '../shared/errors.js';
import { Money, fee, formatAmount } from '../money/money.js';
import { Balances, assertBalanced, postingsOf, transfer } from '../ledger/postings.js';
import { betEscrow, platformFees, userAvailable, userCrypto } from '../ledger/accounts.js';
import { walletDecider } from './decider.js';
import { walletStreamId, type WalletEvent } from './events.js';
import type { WalletCommand } from './commands.js';
import { deterministicId } from './ids.js';
import type { WalletState } from './state.js';
import { reviewInputs } from './testing/payout-review.js';

const USERS = ['alice', 'bob', 'carol'] as const;
const CUR = 'NGN';
const now = new Date('2026-11-21T12:00:00Z');

type Op =
  | { kind: 'deposit'; user: number; cents: number }
  | { kind: 'cryptoDeposit'; user: number; cents: number }
  | { kind: 'withdraw'; user: number; cents: number; crashBeforeOutcome: boolean; cancel: boolean }
  | { kind: 'challenge'; user: number; cents: number }
  | { kind: 'accept'; bet: number; user: number; crashAfterLock: boolean }
  | { kind: 'settle'; bet: number; challengerWins: boolean; crashAfter: number }
  | { kind: 'cancel'; bet: number; crashAfter: number }
  | { kind: 'recover' };

const cents = fc.integer({ min: 1, max: 2_000_000 });
const user = fc.integer({ min: 0, max: USERS.length - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, cents }),
  fc.record({ kind: fc.constant('cryptoDeposit' as const), user, cents }),
  fc.record({ kind: fc.constant('withdraw' as const), user, cents, crashBeforeOutcome: fc.boolean(), cancel: fc.boolean() }),
  fc.record({ kind: fc.constant('challenge' as const), user, cents }),
  fc.record({ kind: fc.constant('accept' as const), bet: fc.nat(20), user, crashAfterLock: fc.boolean() }),
  fc.record({ kind: fc.constant('settle' as const), bet: fc.nat(20), challengerWins: fc.boolean(), crashAfter: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('cancel' as const), bet: fc.nat(20), crashAfter: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ kind: 'recover' as const }),
);

interface SimBet {
  id: string;
  stake: Money;
  challenger: string;
  acceptor: string | null;
  /** Saga intent recorded before its steps run; 'recover' finishes it with the same ids. */
  outcome: { kind: 'settle'; winner: string } | { kind: 'cancel' } | null;
  acceptLocked: string | null;
}

class Crash extends Error {}

/** The system under test: the wallet decider behind the event store, driven like the API and the bets saga drive it. */
class Simulation {
  readonly store = new InMemoryEventStore({ now: () => now });
  readonly bets: SimBet[] = [];
  readonly withdrawals: { id: string; user: string; cancel: boolean; done: boolean }[] = [];
  private counter = 0;

  async wallet(userId: string, command: WalletCommand, eventId: string): Promise<void> {
    try {
      await handleCommand(this.store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, i) => (i === 0 ? eventId : `${eventId}-${i}`)) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** The bet stream records fee recognition (system accounts only), once per bet. */
  async recognizeFees(bet: SimBet): Promise<void> {
    const fees = fee(bet.stake).mul(2);
    const postings = transfer(betEscrow(bet.id, CUR), platformFees(CUR), CUR, fees);
    assertBalanced(postings);
    await this.store.append(`bet-${bet.id}`, [{ id: deterministicId(bet.id, 'fees'), type: 'BetFeesRecognized', data: { betId: bet.id, postings } }]);
  }

  async run(op: Op): Promise<void> {
    const n = () => `${++this.counter}`;
    switch (op.kind) {
      case 'deposit': {
        const ref = `ref-${n()}`;
        const userId = USERS[op.user]!;
        const command: WalletCommand = { type: 'CreditDeposit', data: { userId, depositId: ref, provider: 'paystack', reference: ref, amount: formatAmount(new Money(op.cents).div(100)), currency: CUR }, metadata: { now } };
        // A webhook and a verify both arrive: credited once.
        await this.wallet(userId, command, deterministicId('paystack', ref, 'credit'));
        await this.wallet(userId, command, deterministicId('paystack', ref, 'credit'));
        return;
      }
      case 'cryptoDeposit': {
        const id = `cd-${n()}`;
        const userId = USERS[op.user]!;
        const usd = formatAmount(new Money(op.cents).div(100));
        await this.wallet(userId, { type: 'CreditCryptoDeposit', data: { userId, depositId: id, cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: usd, rate: '1', usdAmount: usd }, metadata: { now } }, deterministicId('crypto', id, 'credit'));
        return;
      }
      case 'withdraw': {
        const id = `w-${n()}`;
        const userId = USERS[op.user]!;
        const usd = formatAmount(new Money(op.cents).div(100));
        await this.wallet(
          userId,
          { type: 'RequestWithdrawal', data: { userId, withdrawalId: id, cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: usd, withdrawalAddress: 'T', rate: '1', usdAmount: usd, ...reviewInputs(true) }, metadata: { now } },
          deterministicId('withdrawal', id, 'request'),
        );
        const w = { id, user: userId, cancel: op.cancel, done: false };
        this.withdrawals.push(w);
        if (!op.crashBeforeOutcome) await this.finishWithdrawal(w);
        return;
      }
      case 'challenge': {
        const id = `bet-${n()}`;
        const userId = USERS[op.user]!;
        const stake = new Money(op.cents).div(100);
        const before = (await this.store.readStream(walletStreamId(userId))).length;
        await this.wallet(userId, this.lockCommand(userId, id, stake), deterministicId(id, userId, 'lock'));
        const locked = (await this.store.readStream(walletStreamId(userId))).length > before;
        if (locked) this.bets.push({ id, stake, challenger: userId, acceptor: null, outcome: null, acceptLocked: null });
        return;
      }
      case 'accept': {
        const bet = this.bets[op.bet % Math.max(1, this.bets.length)];
        if (!bet || bet.acceptor || bet.outcome || bet.acceptLocked) return;
        const userId = USERS[op.user]!;
        if (userId === bet.challenger) return;
        const before = (await this.store.readStream(walletStreamId(userId))).length;
        await this.wallet(userId, this.lockCommand(userId, bet.id, bet.stake), deterministicId(bet.id, userId, 'lock'));
        if ((await this.store.readStream(walletStreamId(userId))).length === before) return;
        bet.acceptLocked = userId;
        if (op.crashAfterLock) return; // the reconciler releases this orphan lock on 'recover'
        bet.acceptor = userId;
        return;
      }
      case 'settle': {
        const bet = this.bets[op.bet % Math.max(1, this.bets.length)];
        if (!bet || !bet.acceptor || bet.outcome) return;
        bet.outcome = { kind: 'settle', winner: op.challengerWins ? bet.challenger : bet.acceptor };
        await this.finishBet(bet, op.crashAfter).catch((e) => {
          if (!(e instanceof Crash)) throw e;
        });
        return;
      }
      case 'cancel': {
        const bet = this.bets[op.bet % Math.max(1, this.bets.length)];
        if (!bet || bet.outcome) return;
        bet.outcome = { kind: 'cancel' };
        await this.finishBet(bet, op.crashAfter).catch((e) => {
          if (!(e instanceof Crash)) throw e;
        });
        return;
      }
      case 'recover':
        await this.recover();
        return;
    }
  }

  lockCommand(userId: string, holdId: string, stake: Money): WalletCommand {
    return { type: 'LockStake', data: { userId, holdId, holdKind: 'bet', stake: formatAmount(stake), fee: formatAmount(fee(stake)), currency: CUR, timeZone: 'Africa/Lagos', dailyLimit: '50000' }, metadata: { now } };
  }

  /** Runs (or re-runs) a bet's terminal saga; `crashAfter` steps in, the process dies. */
  async finishBet(bet: SimBet, crashAfter = 99): Promise<void> {
    const steps: (() => Promise<void>)[] = [];
    if (bet.outcome?.kind === 'settle') {
      const winner = bet.outcome.winner;
      steps.push(() => this.recognizeFees(bet));
      steps.push(() =>
        this.wallet(winner, { type: 'CreditPayout', data: { userId: winner, holdId: bet.id, holdKind: 'bet', amount: formatAmount(bet.stake.mul(2)), currency: CUR }, metadata: { now } }, deterministicId(bet.id, winner, 'payout')),
      );
    } else if (bet.outcome?.kind === 'cancel') {
      for (const player of [bet.challenger, bet.acceptor ?? bet.acceptLocked].filter((p): p is string => !!p)) {
        steps.push(() => this.wallet(player, { type: 'ReleaseStake', data: { userId: player, holdId: bet.id, reason: 'cancelled' }, metadata: { now } }, deterministicId(bet.id, player, 'release')));
      }
    }
    for (let i = 0; i < steps.length; i++) {
      if (i === crashAfter) throw new Crash();
      await steps[i]!();
    }
  }

  async finishWithdrawal(w: { id: string; user: string; cancel: boolean; done: boolean }): Promise<void> {
    const state = foldStream(walletDecider, await this.store.readStream(walletStreamId(w.user))) as WalletState;
    if (state.withdrawals[w.id]) {
      const command: WalletCommand = w.cancel
        ? { type: 'CancelWithdrawal', data: { userId: w.user, withdrawalId: w.id, reason: 'provider' }, metadata: { now } }
        : { type: 'CompleteWithdrawal', data: { userId: w.user, withdrawalId: w.id, txHash: 'tx' }, metadata: { now } };
      await this.wallet(w.user, command, deterministicId('withdrawal', w.id, w.cancel ? 'cancel' : 'complete'));
    }
    w.done = true;
  }

  /** The reconciler: releases orphan locks and finishes every saga left half-done, with the same ids. */
  async recover(): Promise<void> {
    for (const bet of this.bets) {
      if (bet.acceptLocked && !bet.acceptor && bet.outcome === null) {
        const userId = bet.acceptLocked;
        await this.wallet(userId, { type: 'ReleaseStake', data: { userId, holdId: bet.id, reason: 'acceptance not completed' }, metadata: { now } }, deterministicId(bet.id, userId, 'release'));
        bet.acceptLocked = null;
      }
      await this.finishBet(bet);
    }
    for (const w of this.withdrawals) if (!w.done) await this.finishWithdrawal(w);
  }
}

/** Checks every invariant over the whole log, event by event; returns the balances from postings. */
async function checkInvariants(sim: Simulation): Promise<Balances> {
  const balances = new Balances();
  const events = await sim.store.readAll({ maxCount: 100_000 });
  for (const event of events) {
    const postings = postingsOf(event.data);
    if (!postings || postings.length === 0) continue;
    assertBalanced(postings);
    balances.apply(postings);
    for (const [currency, sum] of balances.trialBalance()) expect(sum.isZero(), `trial balance ${currency} after ${event.type}`).toBe(true);
    for (const [account, { balance }] of balances.entries()) {
      if (account.startsWith('user:')) expect(balance.gte(0), `${account} went negative: ${balance.toFixed(2)}`).toBe(true);
    }
  }
  // Replay: the wallet decider's folded state equals the balances the postings give.
  for (const userId of USERS) {
    const state = foldStream(walletDecider, await sim.store.readStream(walletStreamId(userId))) as WalletState;
    expect((state.available[CUR] ?? new Money(0)).toFixed(2)).toBe(balances.get(userAvailable(userId, CUR)).toFixed(2));
    expect(state.crypto.toFixed(2)).toBe(balances.get(userCrypto(userId)).toFixed(2));
  }
  return balances;
}

describe('wallet ledger invariants (property)', () => {
  it('hold for any sequence of operations, with crashes between saga steps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), async (ops) => {
        const sim = new Simulation();
        for (const op of ops) {
          await sim.run(op);
          await checkInvariants(sim);
        }
        // After the reconciler runs, every bet that ended has an empty escrow.
        await sim.recover();
        const balances = await checkInvariants(sim);
        for (const bet of sim.bets) {
          if (bet.outcome) expect(balances.get(betEscrow(bet.id, CUR)).toFixed(2), `escrow of ${bet.id}`).toBe('0.00');
        }
        // Replaying the same log into a fresh store gives identical balances.
        const replayed = new Balances();
        for (const e of await sim.store.readAll({ maxCount: 100_000 })) replayed.apply(postingsOf(e.data) ?? []);
        expect(replayed.entries().map(([a, b]) => [a, b.balance.toFixed(2)])).toEqual(balances.entries().map(([a, b]) => [a, b.balance.toFixed(2)]));
      }),
      { numRuns: 150 },
    );
  });

  it('a burst of concurrent locks on one wallet never overdraws it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 2, maxLength: 20 }), fc.integer({ min: 100, max: 200_000 }), async (stakes, depositCents) => {
        const sim = new Simulation();
        await sim.run({ kind: 'deposit', user: 0, cents: depositCents });
        await Promise.all(stakes.map((c, i) => sim.wallet('alice', sim.lockCommand('alice', `hold-${i}`, new Money(c).div(100)), deterministicId(`hold-${i}`, 'lock'))));
        const state = foldStream(walletDecider, await sim.store.readStream(walletStreamId('alice'))) as WalletState;
        expect(state.available[CUR]!.gte(0)).toBe(true);
        await checkInvariants(sim);
      }),
      { numRuns: 50 },
    );
  });
});

export type { WalletEvent };
