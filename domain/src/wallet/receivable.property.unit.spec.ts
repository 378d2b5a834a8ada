// Proves appeal receivables are collected from the next money the player receives: over random appeal clawbacks (some larger than the balance, so owed), deposits, winnings (a bet's or a pool's payout), appeal credits, stakes and refunds, each credit's decision credits it and, while anything is owed, takes back min(owed, credit) in the same decision (a refund of the player's own stake never collects); a repeat of any step decides nothing and collects nothing; every event balances, no available balance or receivable goes below zero, available − owed always equals the money in − clawbacks − stakes still held, and once credits cover the debt nothing is owed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money, ZERO, formatAmount } from '../money/money.js';
import { Balances, assertBalanced, postingsOf } from '../ledger/postings.js';
import { userAvailable, userReceivable } from '../ledger/accounts.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import type { WalletCommand } from './commands.js';
import type { WalletEvent } from './events.js';
import { availableBalance, type WalletState } from './state.js';

const spec = deciderSpec(walletDecider);
const NOW = new Date('2026-11-01T10:00:00Z');
const U = 'u1';
const CUR = 'NGN';
const metadata = { now: NOW };

type Step =
  | { kind: 'deposit' | 'clawback' | 'bet_payout' | 'pool_payout' | 'appeal_credit'; cents: number }
  | { kind: 'stake'; share: number; refunded: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('clawback' as const), cents: fc.integer({ min: 1, max: 150_000 }) }),
  fc.record({ kind: fc.constantFrom('bet_payout' as const, 'pool_payout' as const), cents: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('appeal_credit' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('stake' as const), share: fc.double({ min: 0, max: 1, noNaN: true }), refunded: fc.boolean() }),
);

const KIND_OF_CREDIT = { deposit: 'DepositCredited', bet_payout: 'PayoutCredited', pool_payout: 'PayoutCredited', appeal_credit: 'AppealCredited' } as const;
const SOURCE_OF_CREDIT = { deposit: 'deposit', bet_payout: 'payout', pool_payout: 'payout', appeal_credit: 'appeal_credit' } as const;

/** The wallet commands of one step (a stake is a lock, then its refund or nothing). */
function commandsOf(step: Step, i: number, state: WalletState): WalletCommand[] {
  if (step.kind === 'stake') {
    const total = availableBalance(state, CUR).mul(step.share).toDecimalPlaces(2, Money.ROUND_DOWN);
    if (!total.gt(0)) return [];
    const lock: WalletCommand = { type: 'LockStake', data: { userId: U, holdId: `stake${i}`, holdKind: 'bet', stake: formatAmount(total), fee: '0.00', currency: CUR, timeZone: 'UTC', dailyLimit: '100000000.00' }, metadata };
    return step.refunded ? [lock, { type: 'ReleaseStake', data: { userId: U, holdId: `stake${i}`, reason: 'BetCancelled' }, metadata }] : [lock];
  }
  const amount = formatAmount(new Money(step.cents).div(100));
  switch (step.kind) {
    case 'deposit':
      return [{ type: 'CreditDeposit', data: { userId: U, depositId: `d${i}`, provider: 'paystack', reference: `r${i}`, amount, currency: CUR }, metadata }];
    case 'clawback':
      return [{ type: 'AdjustForAppeal', data: { userId: U, holdId: `lost${i}`, holdKind: 'bet', amount: `-${amount}`, currency: CUR, reversesEventId: `e${i}` }, metadata }];
    case 'appeal_credit':
      return [{ type: 'AdjustForAppeal', data: { userId: U, holdId: `won${i}`, holdKind: 'bet', amount, currency: CUR, reversesEventId: `e${i}` }, metadata }];
    case 'bet_payout':
    case 'pool_payout':
      return [{ type: 'CreditPayout', data: { userId: U, holdId: `hold${i}`, holdKind: step.kind === 'bet_payout' ? 'bet' : 'pool', amount, currency: CUR, payoutId: `p${i}` }, metadata }];
  }
}

describe('appeal receivables', () => {
  it('are collected from the next deposits and winnings, in the credit’s own decision, never from a refund, and once', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 14 }), (steps) => {
        let state = spec.given().state;
        const books = new Balances();
        let net = ZERO;
        const owedOf = (s: WalletState) => s.receivable?.[CUR] ?? ZERO;
        const run = (command: WalletCommand): WalletEvent[] => {
          const decided = spec.givenState(state).when(command);
          const events = decided.events();
          for (const e of events) {
            const postings = postingsOf(e.data)!;
            assertBalanced(postings);
            books.apply(postings);
            state = spec.stateOf([e], state);
            expect(availableBalance(state, CUR).gte(0)).toBe(true);
            expect(owedOf(state).gte(0)).toBe(true);
          }
          expect(state).toEqual(decided.after());
          // A repeat (the same credit, lock or refund again) moves nothing and collects nothing.
          spec.givenState(state).when(command).thenNothing();
          return events;
        };
        steps.forEach((step, i) => {
          const owedBefore = owedOf(state);
          const availableBefore = availableBalance(state, CUR);
          const events = commandsOf(step, i, state).flatMap(run);
          for (const e of events) {
            if (e.type === 'StakeLocked') net = net.minus(e.data.total);
            if (e.type === 'StakeReleased') net = net.plus(e.data.amount);
          }
          if (step.kind === 'stake') {
            // A refund is the player's own stake coming back: nothing is collected from it.
            expect(events.some((e) => e.type === 'ReceivableCollected')).toBe(false);
            expect(owedOf(state).toFixed(2)).toBe(owedBefore.toFixed(2));
            return;
          }
          const amount = new Money(step.cents).div(100);
          net = step.kind === 'clawback' ? net.minus(amount) : net.plus(amount);
          if (step.kind === 'clawback') return;
          // Every credit of new money collects min(owed, credit) in its own decision, naming what it came from.
          const collected = Money.min(owedBefore, amount);
          expect(events.map((e) => e.type)).toEqual(collected.gt(0) ? [KIND_OF_CREDIT[step.kind], 'ReceivableCollected'] : [KIND_OF_CREDIT[step.kind]]);
          const collection = events[1];
          if (collection?.type === 'ReceivableCollected') {
            expect(collection.data).toMatchObject({ amount: formatAmount(collected), stillOwed: formatAmount(owedBefore.minus(collected)), source: SOURCE_OF_CREDIT[step.kind] });
            if (collection.data.source === 'payout') expect(collection.data).toMatchObject({ holdId: `hold${i}`, holdKind: step.kind === 'bet_payout' ? 'bet' : 'pool', payoutId: `p${i}` });
            if (collection.data.source === 'appeal_credit') expect(collection.data).toMatchObject({ holdId: `won${i}`, holdKind: 'bet' });
            if (collection.data.source === 'deposit') expect(collection.data.depositId).toBe(`d${i}`);
          }
          expect(owedOf(state).toFixed(2)).toBe(owedBefore.minus(collected).toFixed(2));
          // What the player can spend grows only by what is left of the credit once the debt is paid.
          expect(availableBalance(state, CUR).minus(availableBefore).toFixed(2)).toBe(amount.minus(collected).toFixed(2));
        });
        const owed = owedOf(state);
        // The wallet's state and the books agree (the receivable account is below zero by what is owed).
        expect(books.get(userAvailable(U, CUR)).toFixed(2)).toBe(availableBalance(state, CUR).toFixed(2));
        expect(books.get(userReceivable(U, CUR)).toFixed(2)).toBe(owed.neg().toFixed(2));
        expect(availableBalance(state, CUR).minus(owed).toFixed(2)).toBe(net.toFixed(2));
        for (const sum of books.trialBalance().values()) expect(sum.isZero()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
