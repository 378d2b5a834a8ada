// Proves a transaction's description round-trips: every code's English sentence reads back as that code with the same parameters (a bank's name with spaces too), the sentences the read model stored before codes existed read as their codes, and a text no template wrote reads as none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_DESCRIPTION_CODES, transactionDescriptionOf, transactionDescriptionText, type TransactionDescriptionCode } from './transaction-descriptions.js';

const word = fc.stringMatching(/^[A-Za-z0-9.*_-]{1,12}$/);
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const PARAMS: Record<TransactionDescriptionCode, fc.Arbitrary<Record<string, string>>> = {
  card_deposit: fc.constant({}),
  crypto_deposit: fc.record({ cryptoAmount: word, cryptocurrency: word, network: words }),
  crypto_withdrawal: fc.record({ cryptoAmount: word, cryptocurrency: word, network: words }),
  bank_withdrawal: fc.record({ bankName: words, accountNumberMasked: word }),
  stake_held: fc.constant({}),
  pool_entry_held: fc.constant({}),
  platform_fee: fc.constant({}),
  stake_returned: fc.record({ reason: word }),
  winnings_paid: fc.constant({}),
  appeal_taken_back: fc.constant({}),
  appeal_taken_back_owed: fc.record({ owed: word }),
  appeal_collected: fc.constant({}),
  appeal_collected_still_owed: fc.record({ stillOwed: word }),
  appeal_collected_from_winnings: fc.constant({}),
  appeal_collected_from_winnings_still_owed: fc.record({ stillOwed: word }),
  appeal_collected_from_appeal_credit: fc.constant({}),
  appeal_collected_from_appeal_credit_still_owed: fc.record({ stillOwed: word }),
  appeal_paid: fc.constant({}),
};

describe('transaction descriptions', () => {
  it('reads every code’s sentence back as that code with its parameters', () => {
    for (const code of TRANSACTION_DESCRIPTION_CODES) {
      fc.assert(fc.property(PARAMS[code], (params) => {
        expect(transactionDescriptionOf(transactionDescriptionText(code, params))).toEqual({ code, params });
      }), { numRuns: 50 });
    }
  });

  it('reads the sentences stored before codes existed', () => {
    expect(transactionDescriptionOf('Card deposit (Paystack)')).toEqual({ code: 'card_deposit', params: {} });
    expect(transactionDescriptionOf('Crypto deposit 0.0125 BTC (Bitcoin)')).toEqual({ code: 'crypto_deposit', params: { cryptoAmount: '0.0125', cryptocurrency: 'BTC', network: 'Bitcoin' } });
    expect(transactionDescriptionOf('Bank withdrawal to First Bank of Nigeria ******6789')).toEqual({ code: 'bank_withdrawal', params: { bankName: 'First Bank of Nigeria', accountNumberMasked: '******6789' } });
    expect(transactionDescriptionOf('Stake and fee returned (BetCancelled)')).toEqual({ code: 'stake_returned', params: { reason: 'BetCancelled' } });
    expect(transactionDescriptionOf('Appeal correction taken back (120.00 owed)')).toEqual({ code: 'appeal_taken_back_owed', params: { owed: '120.00' } });
    expect(transactionDescriptionOf('Owed appeal correction collected from a deposit')).toEqual({ code: 'appeal_collected', params: {} });
    expect(transactionDescriptionOf('Owed appeal correction collected from winnings (20.00 still owed)')).toEqual({ code: 'appeal_collected_from_winnings_still_owed', params: { stillOwed: '20.00' } });
  });

  it('reads a text no template wrote as no code', () => {
    expect(transactionDescriptionOf('Stake for FC 25')).toBeNull();
    expect(transactionDescriptionOf('Card deposit (Paystack) ')).toBeNull();
    expect(transactionDescriptionOf('')).toBeNull();
  });
});
