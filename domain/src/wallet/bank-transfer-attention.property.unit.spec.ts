// Not a decider spec (so no deciderSpec): it drives the wallet decider through handleCommand and the event store (event ids for repeated outcomes, expected revisions for a racing retry and return), and reads state back with foldStream as the API does.
// Proves that failed sends stop after a bounded backoff and wait for a person: no round has more than BANK_SEND_ATTEMPTS_MAX failures, a refusal stops at once, nothing is sent while a withdrawal needs attention, an admin's retry and return (racing or repeated, among outcomes and holds) leave one winner, the money is returned at most once and the ledger balances.
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
import { reviewInputs } from './testing/payout-review.js';
import {
  BANK_SEND_ATTEMPTS_MAX,
  BANK_SEND_BACKOFF_MAX_MS,
  RETURNED_BY_ADMIN,
  bankTransferAttentionEventId,
  decideBankTransferAttention,
  isBankTransferAttentionEvent,
  isReadyToSend,
  needsAttention,
  sendBackoffMs,
  type BankTransferAttention,
} from './bank-transfer-attention.js';

const userId = 'player';
const start = new Date('2026-11-26T12:00:00Z');
const account = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-11-01T00:00:00Z' };

type Step =
  | { kind: 'fail'; refused: boolean }
  | { kind: 'retry' }
  | { kind: 'return' }
  | { kind: 'outcome'; status: 'success' | 'failed' | 'reversed' }
  | { kind: 'sent' }
  | { kind: 'hold' }
  | { kind: 'release' }
  | { kind: 'wait'; ms: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('fail' as const), refused: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('return' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('outcome' as const), status: fc.constantFrom('success', 'failed', 'reversed') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sent' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 20 * 60_000 }) }) },
);

const eventIds = (events: WalletEvent[]) =>
  events.map((e) => (isBankWithdrawalEvent(e) ? bankWithdrawalEventId(e) : isBankTransferAttentionEvent(e) ? bankTransferAttentionEventId(e) : deterministicId('x', e.type)));

async function run(store: InMemoryEventStore, command: WalletCommand): Promise<boolean> {
  try {
    await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds });
    return true;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return false;
  }
}

function commandOf(step: Exclude<Step, { kind: 'wait' }>, now: Date): WalletCommand {
  const withdrawalId = 'w-1';
  const metadata = { now };
  switch (step.kind) {
    case 'fail':
      return { type: 'RecordBankTransferAttemptFailed', data: { userId, withdrawalId, reason: step.refused ? 'Invalid recipient' : 'Paystack answered 503', refused: step.refused }, metadata };
    case 'retry':
      return { type: 'RetryBankWithdrawal', data: { userId, withdrawalId, by: 'admin-1', reason: 'balance topped up' }, metadata };
    case 'return':
      return { type: 'ReturnBankWithdrawal', data: { userId, withdrawalId, by: 'admin-1', reason: 'account closed' }, metadata };
    case 'outcome':
      return { type: 'RecordBankTransferOutcome', data: { userId, withdrawalId, providerStatus: step.status, reason: step.status, via: 'webhook' }, metadata };
    case 'sent':
      return { type: 'MarkBankWithdrawalSent', data: { userId, withdrawalId, transferCode: 'TRF_1', providerStatus: 'pending' }, metadata };
    case 'hold':
      return { type: 'HoldBankWithdrawal', data: { userId, withdrawalId, by: 'admin-1', reason: 'check' }, metadata };
    case 'release':
      return { type: 'ReleaseBankWithdrawal', data: { userId, withdrawalId, by: 'admin-1', reason: 'ok' }, metadata };
  }
}

async function newStore(amount = '2500.00') {
  const store = new InMemoryEventStore({ now: () => start });
  await run(store, { type: 'CreditDeposit', data: { userId, depositId: 'd', provider: 'paystack', reference: 'd', amount: '10000.00', currency: 'NGN' }, metadata: { now: start } });
  await run(store, { type: 'RequestBankWithdrawal', data: { userId, withdrawalId: 'w-1', account, amount, currency: 'NGN', ...reviewInputs(true) }, metadata: { now: start } });
  return store;
}

describe('the send backoff', () => {
  it('doubles from 30 s, never exceeds 15 minutes, and the whole round is bounded', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (attempt) => {
        expect(sendBackoffMs(attempt)).toBeGreaterThanOrEqual(30_000);
        expect(sendBackoffMs(attempt)).toBeLessThanOrEqual(BANK_SEND_BACKOFF_MAX_MS);
        expect(sendBackoffMs(attempt + 1)).toBeGreaterThanOrEqual(sendBackoffMs(attempt));
      }),
    );
    expect([1, 2, 3, 4].map(sendBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});

describe('failed sends, attention, retry and return under any interleaving', () => {
  it('bounds every round of attempts, sends nothing while a person decides, returns at most once, keeps the ledger whole', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 40 }), async (steps) => {
        const store = await newStore();
        let now = start;
        for (const step of steps) {
          if (step.kind === 'wait') {
            now = new Date(now.getTime() + step.ms);
            continue;
          }
          const before = bankWithdrawalsOf(foldStream(walletDecider, await store.readStream(walletStreamId(userId))))['w-1']! as BankTransferAttention & { status: string };
          const accepted = await run(store, commandOf(step, now));
          // Retry and return are for a person, and only while the withdrawal waits for one.
          if (step.kind === 'retry' || step.kind === 'return') expect(accepted).toBe(before.status === 'requested' && needsAttention(before));
          const after = bankWithdrawalsOf(foldStream(walletDecider, await store.readStream(walletStreamId(userId))))['w-1']!;
          if (needsAttention(after as BankTransferAttention)) expect(isReadyToSend(after, new Date(now.getTime() + 365 * 86_400_000))).toBe(false);
        }
        const recorded = await store.readStream(walletStreamId(userId));
        // No round (between admin retries) has more failed attempts than the maximum; a refusal or the last attempt marks it at once.
        let round = 0;
        for (const [i, e] of recorded.entries()) {
          if (e.type === 'BankWithdrawalRetried') round = 0;
          if (e.type !== 'BankTransferAttemptFailed') continue;
          round++;
          expect(round).toBeLessThanOrEqual(BANK_SEND_ATTEMPTS_MAX);
          const d = e.data as { refused: boolean; attempt: number; nextAttemptAt: string | null };
          expect(d.attempt).toBe(round);
          const stops = d.refused || round === BANK_SEND_ATTEMPTS_MAX;
          expect(d.nextAttemptAt === null).toBe(stops);
          expect(recorded[i + 1]?.type === 'BankWithdrawalNeedsAttention').toBe(stops);
        }
        const returned = recorded.filter((e) => e.type === 'BankWithdrawalReturned');
        expect(returned.length).toBeLessThanOrEqual(1);
        const paid = recorded.filter((e) => e.type === 'BankWithdrawalPaid');
        if (paid.length > 0 && returned.length > 0) expect((returned[0]!.data as { providerStatus: string }).providerStatus).toBe('reversed');
        const balances = new Balances();
        for (const e of recorded) {
          const postings = postingsOf(e.data);
          if (postings) balances.apply(postings);
        }
        const outstanding = returned.length === 1 ? new Money(0) : new Money(2500);
        expect(balances.get(externalWithdrawals('NGN')).toFixed(2)).toBe(outstanding.toFixed(2));
        expect(balances.get(userAvailable(userId, 'NGN')).toFixed(2)).toBe(new Money(10000).minus(outstanding).toFixed(2));
        const state = foldStream(walletDecider, recorded);
        expect(state.available.NGN!.toFixed(2)).toBe(new Money(10000).minus(outstanding).toFixed(2));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('a retry and a return decided against the same revision: the first appended wins, the other is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), async (retryFirst) => {
        const store = await newStore('1500.00');
        expect(await run(store, commandOf({ kind: 'fail', refused: true }, start))).toBe(true);
        const recorded = await store.readStream(walletStreamId(userId));
        const state = foldStream(walletDecider, recorded);
        const retry = commandOf({ kind: 'retry' }, start) as Parameters<typeof decideBankTransferAttention>[0];
        const ret = commandOf({ kind: 'return' }, start) as Parameters<typeof decideBankTransferAttention>[0];
        // Both decide at once on what they read; each appends with the revision it read.
        const decided = [retry, ret].map((c) => decideBankTransferAttention(c, state));
        const revision = recorded.length - 1;
        const order = retryFirst ? [0, 1] : [1, 0];
        const outcomes: boolean[] = [];
        for (const i of order) {
          const events = decided[i]! as WalletEvent[];
          outcomes.push(
            await store
              .append(walletStreamId(userId), events.map((e, n) => ({ id: eventIds(events)[n]!, type: e.type, data: e.data as unknown as Record<string, unknown> })), { expectedRevision: revision })
              .then(() => true)
              .catch(() => false),
          );
        }
        expect(outcomes).toEqual([true, false]);
        const after = await store.readStream(walletStreamId(userId));
        expect(after.filter((e) => e.type === 'BankWithdrawalReturned')).toHaveLength(retryFirst ? 0 : 1);
        expect(after.filter((e) => e.type === 'BankWithdrawalRetried')).toHaveLength(retryFirst ? 1 : 0);
        // And the loser, decided again on the new state, is refused.
        expect(await run(store, retryFirst ? ret : retry)).toBe(false);
        if (!retryFirst) expect((after.find((e) => e.type === 'BankWithdrawalReturned')!.data as { providerStatus: string }).providerStatus).toBe(RETURNED_BY_ADMIN);
      }),
      { numRuns: 20 },
    );
  });
});
