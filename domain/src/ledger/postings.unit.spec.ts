// Proves the chart of accounts is built by named functions and that unbalanced or malformed postings are refused.
import { describe, expect, it } from 'vitest';
import { assertBalanced, reverse, transfer } from './postings.js';
import { betEscrow, externalPaystack, parseAccount, platformFees, userAvailable, userCrypto, externalCrypto, externalWithdrawals, poolEscrow } from './accounts.js';

describe('chart of accounts', () => {
  it('names every account as docs/ledger.md says, and reads names back', () => {
    expect(userAvailable('u1', 'NGN')).toBe('user:u1:available:NGN');
    expect(userCrypto('u1')).toBe('user:u1:crypto:USD');
    expect(betEscrow('b1', 'NGN')).toBe('bet:b1:escrow:NGN');
    expect(poolEscrow('p1', 'NGN')).toBe('pool:p1:escrow:NGN');
    expect(platformFees('NGN')).toBe('platform:fees:NGN');
    expect(externalPaystack('NGN')).toBe('external:paystack:NGN');
    expect(externalCrypto()).toBe('external:crypto:USD');
    expect(externalWithdrawals()).toBe('external:withdrawals:USD');
    expect(parseAccount('user:u1:available:NGN')).toEqual({ kind: 'user-available', ownerId: 'u1', currency: 'NGN' });
    expect(parseAccount('nonsense:x')).toBeNull();
  });

  it('refuses ids that would break the name', () => {
    expect(() => userAvailable('a:b', 'NGN')).toThrow();
    expect(() => betEscrow('', 'NGN')).toThrow();
  });
});

describe('assertBalanced', () => {
  it('accepts a transfer and its reversal', () => {
    const postings = transfer(externalPaystack('NGN'), userAvailable('u1', 'NGN'), 'NGN', '150.25');
    expect(postings).toEqual([
      { account: 'external:paystack:NGN', currency: 'NGN', amount: '-150.25' },
      { account: 'user:u1:available:NGN', currency: 'NGN', amount: '150.25' },
    ]);
    expect(() => assertBalanced(postings)).not.toThrow();
    expect(() => assertBalanced(reverse(postings))).not.toThrow();
  });

  it('refuses postings that do not sum to zero per currency', () => {
    expect(() =>
      assertBalanced([
        { account: 'external:paystack:NGN', currency: 'NGN', amount: '-100.00' },
        { account: 'user:u1:available:NGN', currency: 'NGN', amount: '99.99' },
      ]),
    ).toThrow('postings in NGN sum to -0.01, not zero');
    // Balanced in total, but not per currency.
    expect(() =>
      assertBalanced([
        { account: 'external:paystack:NGN', currency: 'NGN', amount: '-100.00' },
        { account: 'user:u1:crypto:USD', currency: 'USD', amount: '100.00' },
      ]),
    ).toThrow('not zero');
  });

  it('refuses empty sets, unknown accounts, currency mismatches, zero and over-precise amounts', () => {
    expect(() => assertBalanced([])).toThrow('empty');
    expect(() => assertBalanced([{ account: 'bank:x:NGN', currency: 'NGN', amount: '1.00' }, { account: 'platform:fees:NGN', currency: 'NGN', amount: '-1.00' }])).toThrow('unknown account');
    expect(() => assertBalanced([{ account: 'platform:fees:USD', currency: 'NGN', amount: '1.00' }, { account: 'platform:fees:NGN', currency: 'NGN', amount: '-1.00' }])).toThrow('is not in NGN');
    expect(() => assertBalanced([{ account: 'platform:fees:NGN', currency: 'NGN', amount: '0.00' }])).toThrow('zero posting');
    expect(() => assertBalanced([{ account: 'platform:fees:NGN', currency: 'NGN', amount: '0.001' }, { account: 'external:paystack:NGN', currency: 'NGN', amount: '-0.001' }])).toThrow('2-decimal');
  });
});
