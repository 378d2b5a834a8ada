// Proves a deposit's provider reports and the wallet credit they cause are one decision: over random sequences of Paystack outcomes (success, failure, abandonment, wrong amount or currency, repeats) and crypto confirmation reports, each decision applied whole (or lost whole, a crash, and reported again), the wallet holds exactly the deposit's amount when and only when the deposit's stream says success/confirmed, credited once; and a log of the earlier two-step path (outcome recorded, credit missing) is credited once by the next report.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money } from '../money/money.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import { decideCryptoSettlement, decidePaystackSettlement } from './deposit-settlement.js';
import { paystackDepositDecider, type PaystackDepositState } from './paystack-deposit.js';
import { cryptoDepositDecider, type CryptoDepositState } from './crypto-deposit.js';
import { availableBalance, type WalletState } from './state.js';

// The settlement deciders decide over two streams at once (deposit and wallet); each stream's part is folded by its own decider's spec.
const paystack = deciderSpec(paystackDepositDecider);
const crypto = deciderSpec(cryptoDepositDecider);
const wallets = deciderSpec(walletDecider);

const NOW = new Date('2026-11-01T10:00:00Z');
const meta = { now: NOW };

const reportArb = fc.record({
  status: fc.constantFrom('success', 'success', 'failed', 'abandoned', 'pending'),
  amountMinor: fc.constantFrom('250000', '250000', '250001'),
  currency: fc.constantFrom('NGN', 'NGN', 'USD'),
  crash: fc.boolean(),
  legacy: fc.boolean(),
});

describe('deposit settlement', () => {
  it('Paystack: credited exactly when the deposit succeeded, once, whatever the reports', () => {
    fc.assert(
      fc.property(fc.array(reportArb, { minLength: 1, maxLength: 8 }), (reports) => {
        let deposit: PaystackDepositState = paystack.stateAfter([{ type: 'InitializePaystackDeposit', data: { depositId: 'd1', userId: 'u1', reference: 'r1', amount: new Money('2500'), currency: 'NGN', email: 'a@b.c' }, metadata: meta }]);
        let wallet: WalletState = wallets.given().state;
        for (const r of reports) {
          const decided = decidePaystackSettlement({ type: 'RecordPaystackOutcome', data: { status: r.status, amountMinor: r.amountMinor, currency: r.currency, channel: 'card', gatewayResponse: 'x', via: 'webhook' }, metadata: meta }, { deposit, wallet });
          if (r.crash) continue; // lost whole: neither stream changed
          deposit = paystack.stateOf(decided.deposit, deposit);
          // The earlier two-step path could record the outcome and die before the credit.
          if (!r.legacy) wallet = wallets.stateOf(decided.wallet, wallet);
          // After any decision applied whole, the wallet is credited exactly when the deposit says success.
          if (!r.legacy) expect(wallet.deposits.has('d1')).toBe(deposit.status === 'success');
        }
        // The next report (any success, as verify re-asks) finishes what a legacy log left.
        const last = decidePaystackSettlement({ type: 'RecordPaystackOutcome', data: { status: 'success', amountMinor: '250000', currency: 'NGN', channel: 'card', gatewayResponse: 'x', via: 'verify' }, metadata: meta }, { deposit, wallet });
        deposit = paystack.stateOf(last.deposit, deposit);
        wallet = wallets.stateOf(last.wallet, wallet);
        const credited = deposit.status === 'success';
        expect(availableBalance(wallet, 'NGN').toFixed(2)).toBe(credited ? '2500.00' : '0.00');
        expect(wallet.deposits.has('d1')).toBe(credited);
      }),
      { numRuns: 300 },
    );
  });

  it('crypto: credited exactly when confirmed, once, whatever the reports', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ confirmations: fc.integer({ min: 0, max: 5 }), crash: fc.boolean(), legacy: fc.boolean() }), { minLength: 1, maxLength: 8 }), (reports) => {
        let deposit: CryptoDepositState = crypto.stateAfter([{ type: 'CreateCryptoDeposit', data: { depositId: 'c1', userId: 'u1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '20', rate: '1', usdAmount: '20.00', address: 'T1', providerReference: 'p1' }, metadata: meta }]);
        let wallet: WalletState = wallets.given().state;
        for (const r of reports) {
          const decided = decideCryptoSettlement({ type: 'RecordConfirmations', data: { confirmations: r.confirmations, txHash: 'h' }, metadata: meta }, { deposit, wallet });
          if (r.crash) continue;
          deposit = crypto.stateOf(decided.deposit, deposit);
          if (!r.legacy) wallet = wallets.stateOf(decided.wallet, wallet);
          if (!r.legacy) expect(wallet.deposits.has('c1')).toBe(deposit.status === 'confirmed');
        }
        const last = decideCryptoSettlement({ type: 'RecordConfirmations', data: { confirmations: 0, txHash: 'h' }, metadata: meta }, { deposit, wallet });
        deposit = crypto.stateOf(last.deposit, deposit);
        wallet = wallets.stateOf(last.wallet, wallet);
        const confirmed = deposit.status === 'confirmed';
        expect(wallet.crypto.toFixed(2)).toBe(confirmed ? '20.00' : '0.00');
        expect(confirmed).toBe(reports.some((r) => !r.crash && r.confirmations >= 3));
      }),
      { numRuns: 300 },
    );
  });
});
