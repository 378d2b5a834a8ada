import DecimalBase from 'decimal.js';
import { ValidationError } from '../shared/errors.js';

/**
 * Money in code: a Decimal with enough precision for any amount the platform holds, rounding
 * half up, and never printed in exponent notation. Amounts travel as decimal strings
 * (`"100.00"`), are stored as numeric(20,2) (crypto: numeric(30,8)), and are never JS floats.
 */
export const Money = DecimalBase.clone({ precision: 50, rounding: DecimalBase.ROUND_HALF_UP, toExpNeg: -50, toExpPos: 50 });
export type Money = InstanceType<typeof Money>;

/** Fiat and USD ledger amounts carry 2 decimals; crypto amounts 8. */
export const FIAT_DECIMALS = 2;
export const CRYPTO_DECIMALS = 8;
/** numeric(20,2) holds 18 integer digits; we refuse far below that. */
export const AMOUNT_INTEGER_DIGITS_MAX = 15;
/** The longest amount string we look at (a bound on input, TigerStyle). */
export const AMOUNT_STRING_LENGTH_MAX = 40;

export const FEE_RATE = new Money('0.02');

export const ZERO = new Money(0);

export function money(value: string | number | Money): Money {
  return new Money(value);
}

/** The platform fee of a stake: round half up of 2 % to 2 decimals. */
export function fee(stake: Money | string): Money {
  return new Money(stake).mul(FEE_RATE).toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_HALF_UP);
}

/** `"100.00"`: the wire and storage form of a fiat/USD amount (signed when negative). */
export function formatAmount(amount: Money | string, decimals: number = FIAT_DECIMALS): string {
  return new Money(amount).toFixed(decimals);
}

/** Rounds to 2 decimals, half up (a USD value computed from a crypto amount and a rate). */
export function roundFiat(amount: Money): Money {
  return amount.toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_HALF_UP);
}

export interface ParseAmountOptions {
  /** Decimals allowed: 2 for fiat (default), 8 for crypto. */
  readonly decimals?: number;
  /** The field name used in messages ("Amount" by default). */
  readonly label?: string;
}

/**
 * The decimal text of a JSON number: its shortest round-trip form (`100.1` → `"100.1"`, never
 * `100.09999999999999`), so the amount a client typed is the amount we read. Exponent forms
 * (1e21, 1e-8) are written out in full first, then checked like any other amount.
 */
function numberText(value: number, label: string): string {
  if (!Number.isFinite(value)) throw new ValidationError(`${label} must be a number`);
  // Decimal reads the shortest text exactly and writes it without an exponent (1e-8 → 0.00000001).
  return new Money(String(value)).toFixed();
}

/**
 * Parses an amount from untrusted input: a plain positive decimal string (`"100"`, `"100.5"`,
 * `"100.50"`) or a JSON number (the spec's own client sends one), read through its shortest
 * decimal text and from then on a Decimal. Refused, each with a message a user can act on:
 * anything else, empty, NaN/Infinity, exponent notation, a sign, more decimals than allowed,
 * zero, and absurdly large numbers.
 */
export function parseAmount(input: unknown, options: ParseAmountOptions = {}): Money {
  const decimals = options.decimals ?? FIAT_DECIMALS;
  const label = options.label ?? 'Amount';
  if (typeof input !== 'string' && typeof input !== 'number') throw new ValidationError(`${label} must be a number, for example "100.00"`);
  const text = typeof input === 'number' ? numberText(input, label) : input.trim();
  if (text === '') throw new ValidationError(`${label} is required`);
  if (text.length > AMOUNT_STRING_LENGTH_MAX) throw new ValidationError(`${label} is too large`);
  if (/^[+-]?(nan|infinity|inf)$/i.test(text)) throw new ValidationError(`${label} must be a number`);
  if (/[eE]/.test(text) && /^[+-]?[\d.]+[eE][+-]?\d+$/.test(text)) throw new ValidationError(`${label} must not use exponent notation`);
  if (text.startsWith('-')) throw new ValidationError(`${label} must be greater than zero`);
  const match = /^\+?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new ValidationError(`${label} must be a number`);
  const integerPart = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new ValidationError(`${label} must have at most ${decimals} decimal places`, { code: 'amount_decimal_places', params: { decimals } });
  if (integerPart.length > AMOUNT_INTEGER_DIGITS_MAX) throw new ValidationError(`${label} is too large`);
  const value = new Money(`${integerPart}${fraction ? `.${fraction}` : ''}`);
  if (value.lte(0)) throw new ValidationError(`${label} must be greater than zero`);
  return value;
}
