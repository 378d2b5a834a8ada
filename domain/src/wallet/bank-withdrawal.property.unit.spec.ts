// Not a decider spec (so no deciderSpec): it drives the wallet decider through handleCommand and the event store, whose event ids make duplicated webhooks and retried requests idempotent, and reads state back with foldStream as the API does.
// Proves that no interleaving of bank-transfer outcomes (duplicated, late, out of order, with sends, crashes, admin holds and releases) pays a withdrawal twice or loses a hold: every withdrawal is paid at most once and returned at most once, the ledger balances, and the money is where the final outcome says.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InMemoryEventStore } from '../event-store/in-memory.js';
import { handleCommand, foldStream } from '../event-store/command-handler.js';
import { DomainError } from '../shared/errors.js';
import { Money } from '../money/money.js';
import { Balances, postingsOf } from '../ledger/postings.js';
import { externalWithdrawals, userAvailable } from '../ledger/accounts.js';
import { walletDecider } from './decider.js';
import { walletStreamId, type WalletEvent } from './events.js';
import type { WalletCommand } from './commands.js';
import { deterministicId } from './ids.js';
import { bankWithdrawalEventId, bankWithdrawalsOf, isBankWithdrawalEvent } from './bank-withdrawal.js';
import type { PayoutPolicy, PayoutRiskFacts } from './payout-policy.js';

const userId = 'player';
const now = new Date('2026-11-24T12:00:00Z');
const WITHDRAWALS = 3;
// Outcomes are what this spec is about: a tier and facts that never hold a withdrawal for review.
const policy: PayoutPolicy = { dailyMax: '100000000.00', monthlyMax: '100000000.00', withdrawalsPerDayMax: 100, newAccountWaitMs: 0, credentialsChangeWindowMs: 0, newDeviceWindowMs: 0 };
const facts: PayoutRiskFacts = { emailVerified: true, phoneVerified: true, credentialsChangedAt: null, deviceFirstSeenAt: null, firstDeviceSeenAt: null, linkedPlayerBetIds: [] };
const account = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-11-01T00:00:00Z' };

type Step =
  | { kind: 'outcome'; w: number; status: 'success' | 'failed' | 'reversed' | 'pending' | 'otp' | 'abandoned'; via: 'webhook' | 'verify' }
  | { kind: 'sent'; w: number }
  | { kind: 'hold'; w: number }
  | { kind: 'release'; w: number };

const w = fc.integer({ min: 0, max: WITHDRAWALS - 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('outcome' as const), w, status: fc.constantFrom('success', 'failed', 'reversed', 'pending', 'otp', 'abandoned'), via: fc.constantFrom('webhook', 'verify') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sent' as const), w }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const), w }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), w }) },
);

async function run(store: InMemoryEventStore, command: WalletCommand, eventIds: (events: WalletEvent[]) => string[]): Promise<void> {
  try {
    await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}
const byStep = (events: WalletEvent[]) => events.map((e) => (isBankWithdrawalEvent(e) ? bankWithdrawalEventId(e) : deterministicId('x', e.type)));

function commandOf(step: Step): WalletCommand {
  const withdrawalId = `w-${step.w}`;
  switch (step.kind) {
    case 'outcome':
      return { type: 'RecordBankTransferOutcome', data: { userId, withdrawalId, providerStatus: step.status, reason: step.status, via: step.via }, metadata: { now } };
    case 'sent':
      return { type: 'MarkBankWithdrawalSent', data: { userId, withdrawalId, transferCode: `TRF_${step.w}`, providerStatus: 'pending' }, metadata: { now } };
    case 'hold':
      return { type: 'HoldBankWithdrawal', data: { userId, withdrawalId, by: 'admin', reason: 'check' }, metadata: { now } };
    case 'release':
      return { type: 'ReleaseBankWithdrawal', data: { userId, withdrawalId, by: 'admin', reason: 'ok' }, metadata: { now } };
  }
}

describe('bank withdrawals under any interleaving of outcomes', () => {
  it('pays each withdrawal at most once, returns each hold at most once, and keeps the money where the last word says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1000, max: 3000 }), { minLength: WITHDRAWALS, maxLength: WITHDRAWALS }), fc.array(stepArb, { maxLength: 40 }), async (amounts, steps) => {
        const store = new InMemoryEventStore({ now: () => now });
        await run(store, { type: 'CreditDeposit', data: { userId, depositId: 'd', provider: 'paystack', reference: 'd', amount: '10000.00', currency: 'NGN' }, metadata: { now } }, () => ['deposit']);
        for (const [i, amount] of amounts.entries()) {
          const request: WalletCommand = { type: 'RequestBankWithdrawal', data: { userId, withdrawalId: `w-${i}`, account, amount: `${amount}.00`, currency: 'NGN', policy, facts }, metadata: { now } };
          await run(store, request, byStep);
          await run(store, request, byStep); // a retried request stores nothing
        }
        for (const step of steps) {
          await run(store, commandOf(step), byStep);
          if (step.kind === 'outcome') await run(store, commandOf(step), byStep); // every webhook comes twice
        }
        const recorded = await store.readStream(walletStreamId(userId));
        const balances = new Balances();
        for (const e of recorded) {
          const postings = postingsOf(e.data);
          if (postings) balances.apply(postings);
        }
        const state = foldStream(walletDecider, recorded);
        let outstanding = new Money(0);
        for (let i = 0; i < WITHDRAWALS; i++) {
          const mine = recorded.filter((e) => (e.data as { withdrawalId?: string }).withdrawalId === `w-${i}`);
          const paid = mine.filter((e) => e.type === 'BankWithdrawalPaid').length;
          const returned = mine.filter((e) => e.type === 'BankWithdrawalReturned').length;
          expect(paid).toBeLessThanOrEqual(1);
          expect(returned).toBeLessThanOrEqual(1);
          expect(mine.filter((e) => e.type === 'BankWithdrawalRequested')).toHaveLength(1);
          const status = bankWithdrawalsOf(state)[`w-${i}`]!.status;
          expect(status === 'returned').toBe(returned === 1);
          if (status !== 'returned') outstanding = outstanding.plus(amounts[i]!);
          // A return after a payment only ever comes from a reversal.
          const returnEvent = mine.find((e) => e.type === 'BankWithdrawalReturned');
          if (paid === 1 && returnEvent) expect((returnEvent.data as { providerStatus: string }).providerStatus).toBe('reversed');
        }
        expect(balances.get(externalWithdrawals('NGN')).toFixed(2)).toBe(outstanding.toFixed(2));
        expect(balances.get(userAvailable(userId, 'NGN')).toFixed(2)).toBe(new Money(10000).minus(outstanding).toFixed(2));
        expect(state.available.NGN!.toFixed(2)).toBe(new Money(10000).minus(outstanding).toFixed(2));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
