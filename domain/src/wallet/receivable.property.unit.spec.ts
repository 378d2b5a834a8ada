// Proves appeal receivables are collected from the next deposits: over random appeal clawbacks (some larger than the balance, so owed) and deposits, each deposit's decision credits it and, while anything is owed, takes back min(owed, deposit) in the same decision; every event balances, no available balance or receivable goes below zero, available − owed always equals deposits − clawbacks, and once deposits cover the debt nothing is owed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money, ZERO, formatAmount } from '../money/money.js';
import { Balances, assertBalanced, postingsOf } from '../ledger/postings.js';
import { userAvailable, userReceivable } from '../ledger/accounts.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import type { WalletCommand } from './commands.js';
import { availableBalance } from './state.js';

const spec = deciderSpec(walletDecider);
const NOW = new Date('2026-11-01T10:00:00Z');
const U = 'u1';
const CUR = 'NGN';

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({ kind: fc.constant('clawback' as const), cents: fc.integer({ min: 1, max: 150_000 }) }),
);

describe('appeal receivables', () => {
  it('are collected from the next deposits, in the deposit’s own decision', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), (steps) => {
        let state = spec.given().state;
        const books = new Balances();
        let net = ZERO;
        steps.forEach((step, i) => {
          const amount = formatAmount(new Money(step.cents).div(100));
          const command: WalletCommand =
            step.kind === 'deposit'
              ? { type: 'CreditDeposit', data: { userId: U, depositId: `d${i}`, provider: 'paystack', reference: `r${i}`, amount, currency: CUR }, metadata: { now: NOW } }
              : { type: 'AdjustForAppeal', data: { userId: U, holdId: `bet${i}`, holdKind: 'bet', amount: `-${amount}`, currency: CUR, reversesEventId: `e${i}` }, metadata: { now: NOW } };
          const owedBefore = state.receivable?.[CUR] ?? ZERO;
          const decided = spec.givenState(state).when(command);
          const events = decided.events();
          for (const e of events) {
            const postings = postingsOf(e.data)!;
            assertBalanced(postings);
            books.apply(postings);
          }
          state = decided.after();
          net = step.kind === 'deposit' ? net.plus(amount) : net.minus(amount);
          if (step.kind === 'deposit') {
            const collected = Money.min(owedBefore, new Money(amount));
            expect(events.map((e) => e.type)).toEqual(collected.gt(0) ? ['DepositCredited', 'ReceivableCollected'] : ['DepositCredited']);
            expect((state.receivable?.[CUR] ?? ZERO).toFixed(2)).toBe(owedBefore.minus(collected).toFixed(2));
          }
          const owed = state.receivable?.[CUR] ?? ZERO;
          expect(availableBalance(state, CUR).gte(0)).toBe(true);
          expect(owed.gte(0)).toBe(true);
          // The wallet's state and the books agree (the receivable account is below zero by what is owed).
          expect(books.get(userAvailable(U, CUR)).toFixed(2)).toBe(availableBalance(state, CUR).toFixed(2));
          expect(books.get(userReceivable(U, CUR)).toFixed(2)).toBe(owed.neg().toFixed(2));
          expect(availableBalance(state, CUR).minus(owed).toFixed(2)).toBe(net.toFixed(2));
          // Owing and holding money at once happens only until the next deposit collects.
          if (step.kind === 'deposit') expect(owed.gt(0) && availableBalance(state, CUR).gt(0)).toBe(false);
        });
      }),
      { numRuns: 300 },
    );
  });
});
