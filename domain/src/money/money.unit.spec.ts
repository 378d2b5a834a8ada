// Proves the money rules: the 2 % fee rounds half up to cents, and amount parsing refuses every malformed input with a clear message.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money, fee, formatAmount, parseAmount } from './money.js';
import { ValidationError } from '../shared/errors.js';

describe('fee', () => {
  it('is 2 % rounded half up to 2 decimals', () => {
    expect(fee('100').toFixed(2)).toBe('2.00');
    expect(fee('0.25').toFixed(2)).toBe('0.01'); // 0.005 rounds up
    expect(fee('0.24').toFixed(2)).toBe('0.00'); // 0.0048 rounds down
    expect(fee('1234.56').toFixed(2)).toBe('24.69'); // 24.6912
    expect(fee('10.75').toFixed(2)).toBe('0.22'); // 0.215 rounds up
  });

  it('never differs from the exact 2 % by more than half a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (cents) => {
        const stake = new Money(cents.toString()).div(100);
        const exact = stake.mul('0.02');
        expect(fee(stake).minus(exact).abs().lte('0.005')).toBe(true);
        expect(fee(stake).decimalPlaces()).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('parseAmount', () => {
  it('accepts plain positive decimal strings', () => {
    expect(formatAmount(parseAmount('100'))).toBe('100.00');
    expect(formatAmount(parseAmount('0.01'))).toBe('0.01');
    expect(formatAmount(parseAmount(' 2500.5 '))).toBe('2500.50');
    expect(parseAmount('0.12345678', { decimals: 8 }).toString()).toBe('0.12345678');
  });

  it('accepts JSON numbers through their shortest decimal text', () => {
    expect(formatAmount(parseAmount(5000))).toBe('5000.00');
    expect(formatAmount(parseAmount(100.1))).toBe('100.10');
    expect(formatAmount(parseAmount(0.07))).toBe('0.07');
    expect(parseAmount(0.00000001, { decimals: 8 }).toFixed()).toBe('0.00000001');
  });

  it.each([
    [null, 'Amount must be a number, for example "100.00"'],
    [{ value: '1' }, 'Amount must be a number, for example "100.00"'],
    [true, 'Amount must be a number, for example "100.00"'],
    [100.123, 'Amount must have at most 2 decimal places'],
    [0.1 + 0.2, 'Amount must have at most 2 decimal places'],
    [Number.NaN, 'Amount must be a number'],
    [Number.POSITIVE_INFINITY, 'Amount must be a number'],
    [1e21, 'Amount is too large'],
    [1e-7, 'Amount must have at most 2 decimal places'],
    [-5, 'Amount must be greater than zero'],
    [0, 'Amount must be greater than zero'],
    [1e16, 'Amount is too large'],
    ['', 'Amount is required'],
    ['NaN', 'Amount must be a number'],
    ['Infinity', 'Amount must be a number'],
    ['abc', 'Amount must be a number'],
    ['1,000', 'Amount must be a number'],
    ['0x10', 'Amount must be a number'],
    ['1e5', 'Amount must not use exponent notation'],
    ['1.5E+3', 'Amount must not use exponent notation'],
    ['-5', 'Amount must be greater than zero'],
    ['0', 'Amount must be greater than zero'],
    ['0.00', 'Amount must be greater than zero'],
    ['1.001', 'Amount must have at most 2 decimal places'],
    ['9999999999999999', 'Amount is too large'],
    ['1'.repeat(60), 'Amount is too large'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(() => parseAmount(input)).toThrow(ValidationError);
    expect(() => parseAmount(input)).toThrow(message);
  });

  it('refuses a 9th decimal on crypto amounts', () => {
    expect(() => parseAmount('0.123456789', { decimals: 8 })).toThrow('Amount must have at most 8 decimal places');
  });
});
