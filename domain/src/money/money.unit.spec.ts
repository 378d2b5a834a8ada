// Proves the money rules: the 2 % fee rounds half up to cents, amount reading refuses every malformed input with a clear message, and the one amount rule reads a JSON number exactly as the same decimal string, in the reader and in its zod schema alike.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money, fee, formatAmount } from './money.js';
import { amountSchema, readAmount } from './amount.js';
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
    expect(formatAmount(readAmount('100'))).toBe('100.00');
    expect(formatAmount(readAmount('0.01'))).toBe('0.01');
    expect(formatAmount(readAmount(' 2500.5 '))).toBe('2500.50');
    expect(readAmount('0.12345678', { decimals: 8 }).toString()).toBe('0.12345678');
  });

  it('accepts JSON numbers through their shortest decimal text', () => {
    expect(formatAmount(readAmount(5000))).toBe('5000.00');
    expect(formatAmount(readAmount(100.1))).toBe('100.10');
    expect(formatAmount(readAmount(0.07))).toBe('0.07');
    expect(readAmount(0.00000001, { decimals: 8 }).toFixed()).toBe('0.00000001');
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
    expect(() => readAmount(input)).toThrow(ValidationError);
    expect(() => readAmount(input)).toThrow(message);
  });

  it('refuses a 9th decimal on crypto amounts', () => {
    expect(() => readAmount('0.123456789', { decimals: 8 })).toThrow('Amount must have at most 8 decimal places');
  });
});

describe('the one amount rule', () => {
  const bet = amountSchema({
    messages: { required: { message: 'Bet amount is required' }, invalid: { message: 'Bet amount must be a number' }, decimals: { message: 'Amount can have maximum 2 decimal places' } },
    min: { amount: '10', refusal: { message: 'Minimum bet amount is 10' } },
    max: { amount: '10000000', refusal: { message: 'Maximum bet amount is 10,000,000', code: 'bet_amount_maximum' } },
  });
  const issue = (input: unknown) => {
    const result = bet.safeParse(input);
    return result.success ? result.data : result.error.issues[0]!.message;
  };

  it('reads a JSON number and its decimal string the same, in the reader and the schema', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 13n }), (cents) => {
        const text = new Money(cents.toString()).div(100).toFixed();
        const number = Number(text);
        expect(readAmount(number).eq(readAmount(text))).toBe(true);
        expect(amountSchema().parse(number)).toBe(amountSchema().parse(text));
        expect(amountSchema().parse(text)).toBe(formatAmount(readAmount(text)));
      }),
    );
  });

  it('is required: a missing amount is refused in the route\'s words, never defaulted', () => {
    expect(() => readAmount(undefined)).toThrow('Amount is required');
    expect(issue(undefined)).toBe('Bet amount is required');
    expect(issue(null)).toBe('Bet amount is required');
    expect(issue('')).toBe('Bet amount is required');
  });

  it.each([
    [1500, '1500.00'],
    ['1500', '1500.00'],
    [' 12.5 ', '12.50'],
    ['+20', '20.00'],
    [true, 'Bet amount must be a number'],
    ['1,500', 'Bet amount must be a number'],
    ['1e3', 'Bet amount must be a number'],
    [1e21, 'Maximum bet amount is 10,000,000'],
    [-5, 'Minimum bet amount is 10'],
    ['-5', 'Minimum bet amount is 10'],
    [0, 'Minimum bet amount is 10'],
    [9.99, 'Minimum bet amount is 10'],
    [0.1 + 0.2, 'Amount can have maximum 2 decimal places'],
    ['10.001', 'Amount can have maximum 2 decimal places'],
    ['10000000.01', 'Maximum bet amount is 10,000,000'],
  ])('a stake of %j reads as %j', (input, expected) => {
    expect(issue(input)).toBe(expected);
  });

  it('carries a refusal\'s code and params in the zod issue for the API', () => {
    const result = bet.safeParse('20000000');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ message: 'Maximum bet amount is 10,000,000', params: { code: 'bet_amount_maximum' } });
    const decimals = amountSchema().safeParse('1.234');
    expect(decimals.error!.issues[0]).toMatchObject({ params: { code: 'amount_decimal_places', decimals: 2 } });
  });
});
