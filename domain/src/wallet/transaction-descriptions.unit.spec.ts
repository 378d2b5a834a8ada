// Proves a transaction's English sentence: every code's sentence fills in each of its parameters (a bank's name with spaces too) and leaves no placeholder, and the sentences API clients were sent before the codes were stored read the same from code and parameters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_DESCRIPTION_CODES, transactionDescriptionText, type TransactionDescriptionCode } from './transaction-descriptions.js';

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
  it('fills in every parameter of every code’s sentence and leaves no placeholder', () => {
    for (const code of TRANSACTION_DESCRIPTION_CODES) {
      fc.assert(
        fc.property(PARAMS[code], (params) => {
          const text = transactionDescriptionText(code, params);
          expect(text).not.toMatch(/[{}]/);
          for (const value of Object.values(params)) expect(text).toContain(value);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('says the sentences clients were sent before the codes were stored', () => {
    expect(transactionDescriptionText('card_deposit')).toBe('Card deposit (Paystack)');
    expect(transactionDescriptionText('crypto_deposit', { cryptoAmount: '0.0125', cryptocurrency: 'BTC', network: 'Bitcoin' })).toBe('Crypto deposit 0.0125 BTC (Bitcoin)');
    expect(transactionDescriptionText('bank_withdrawal', { bankName: 'First Bank of Nigeria', accountNumberMasked: '******6789' })).toBe('Bank withdrawal to First Bank of Nigeria ******6789');
    expect(transactionDescriptionText('stake_returned', { reason: 'BetCancelled' })).toBe('Stake and fee returned (BetCancelled)');
    expect(transactionDescriptionText('appeal_taken_back_owed', { owed: '120.00' })).toBe('Appeal correction taken back (120.00 owed)');
    expect(transactionDescriptionText('appeal_collected')).toBe('Owed appeal correction collected from a deposit');
    expect(transactionDescriptionText('appeal_collected_from_winnings_still_owed', { stillOwed: '20.00' })).toBe('Owed appeal correction collected from winnings (20.00 still owed)');
  });
});
