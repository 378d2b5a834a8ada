import DecimalBase from 'decimal.js';

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
