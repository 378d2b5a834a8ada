// Proves the crypto rate table credits stablecoins one to one and keeps every coin's limits inside the deposit screen's $10 to $10,000.
import { describe, expect, it } from 'vitest';
import { Money } from '../money/index.js';
import { CRYPTO_CURRENCIES, usdValue } from './crypto-currencies.js';

describe('crypto currency table', () => {
  it('offers at least eight currencies, with USDT on TRC20, ERC20 and BEP20', () => {
    expect(CRYPTO_CURRENCIES.length).toBeGreaterThanOrEqual(8);
    expect(CRYPTO_CURRENCIES.find((c) => c.code === 'USDT')?.networks).toEqual(expect.arrayContaining(['TRC20', 'ERC20', 'BEP20']));
  });

  it.each([
    ['USDT', '25', '25.00'],
    ['USDC', '25', '25.00'],
    ['BTC', '0.001', '45.00'],
    ['ETH', '0.01', '25.00'],
  ])('credits %s %s as $%s', (code, amount, usd) => {
    const option = CRYPTO_CURRENCIES.find((c) => c.code === code)!;
    expect(usdValue(option, new Money(amount)).toFixed(2)).toBe(usd);
  });

  it('keeps each currency between about $10 and $10,000 at its own rate', () => {
    for (const c of CRYPTO_CURRENCIES) {
      const min = usdValue(c, new Money(c.minAmount));
      const max = usdValue(c, new Money(c.maxAmount));
      expect(min.gte(9.9) && min.lte(15), `${c.code} min $${min.toFixed(2)}`).toBe(true);
      expect(max.gte(9000) && max.lte(10_050), `${c.code} max $${max.toFixed(2)}`).toBe(true);
    }
  });
});
