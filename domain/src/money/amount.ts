import { z } from 'zod';
import { ValidationError, type ErrorParams } from '../shared/errors.js';
import { AMOUNT_INTEGER_DIGITS_MAX, AMOUNT_STRING_LENGTH_MAX, FIAT_DECIMALS, Money, formatAmount } from './money.js';

/**
 * The one rule for an amount a client sends, whichever route takes it (deposits, bank and crypto
 * withdrawals, a challenge's stake, a pool's entry fee, safer-play limits): a JSON number or a
 * decimal string, plain digits with at most `decimals` places (2 for money, 8 for crypto units),
 * greater than zero, within the route's own minimum and maximum. Each route keeps its spec's
 * words; the rule is the same everywhere.
 */

/** A refusal in a route's own words, with the stable code clients translate. */
export interface AmountRefusal {
  readonly message: string;
  readonly code?: string;
  readonly params?: ErrorParams;
}

/** The words of each refusal; any left out are the generic ones (`<label> is required`, …). */
export interface AmountMessages {
  readonly required?: AmountRefusal;
  /** Not a number: wrong type, letters, a sign, exponent notation, NaN. */
  readonly invalid?: AmountRefusal;
  readonly decimals?: AmountRefusal;
}

export interface AmountRule {
  /** Decimals allowed: 2 for money (default), 8 for crypto amounts. */
  readonly decimals?: number;
  /** The field as people read it, in the generic messages ("Amount" by default). */
  readonly label?: string;
  readonly messages?: AmountMessages;
  /** The smallest amount allowed; zero and anything below it get its message. */
  readonly min?: { readonly amount: Money | string; readonly refusal: AmountRefusal };
  readonly max?: { readonly amount: Money | string; readonly refusal: AmountRefusal };
}

function refuse(refusal: AmountRefusal): never {
  throw new ValidationError(refusal.message, { ...(refusal.code ? { code: refusal.code } : {}), ...(refusal.params ? { params: refusal.params } : {}) });
}

/**
 * The decimal text of a JSON number: its shortest round-trip form (`100.1` → `"100.1"`, never
 * `100.09999999999999`), so the amount a client typed is the amount we read. Exponent forms
 * (1e21, 1e-8) are written out in full first, then checked like any other amount.
 */
function numberText(value: number, invalid: AmountRefusal): string {
  if (!Number.isFinite(value)) refuse(invalid);
  // Decimal reads the shortest text exactly and writes it without an exponent (1e-8 → 0.00000001).
  return new Money(String(value)).toFixed();
}

/**
 * Reads an amount from untrusted input by `rule`, or throws a ValidationError in the rule's
 * words: missing or empty (required), anything but plain digits (invalid: a sign other than a
 * leading `+` on a string, exponent notation, NaN/Infinity, thousands separators), too many
 * decimals, zero or less, absurdly large, and outside the rule's minimum and maximum.
 */
export function readAmount(input: unknown, rule: AmountRule = {}): Money {
  const decimals = rule.decimals ?? FIAT_DECIMALS;
  const label = rule.label ?? 'Amount';
  const required = rule.messages?.required ?? { message: `${label} is required` };
  const invalid = rule.messages?.invalid ?? { message: `${label} must be a number` };
  const tooLarge = rule.max?.refusal ?? { message: `${label} is too large` };
  const notPositive = rule.min?.refusal ?? { message: `${label} must be greater than zero` };
  if (input === undefined) refuse(required);
  if (typeof input !== 'string' && typeof input !== 'number') refuse(rule.messages?.invalid ?? { message: `${label} must be a number, for example "100.00"` });
  const text = typeof input === 'number' ? numberText(input, invalid) : input.trim();
  if (text === '') refuse(required);
  if (text.length > AMOUNT_STRING_LENGTH_MAX) refuse(tooLarge);
  if (/^[+-]?(nan|infinity|inf)$/i.test(text)) refuse(invalid);
  if (/^[+-]?[\d.]+[eE][+-]?\d+$/.test(text)) refuse(rule.messages?.invalid ?? { message: `${label} must not use exponent notation` });
  if (/^-\d*\.?\d+$/.test(text)) refuse(notPositive);
  const match = /^\+?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) refuse(invalid);
  const integerPart = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) refuse(rule.messages?.decimals ?? { message: `${label} must have at most ${decimals} decimal places`, code: 'amount_decimal_places', params: { decimals } });
  if (integerPart.length > AMOUNT_INTEGER_DIGITS_MAX) refuse(tooLarge);
  const value = new Money(`${integerPart}${fraction ? `.${fraction}` : ''}`);
  if (value.lte(0)) refuse(notPositive);
  if (rule.min && value.lt(rule.min.amount)) refuse(rule.min.refusal);
  if (rule.max && value.gt(rule.max.amount)) refuse(rule.max.refusal);
  return value;
}

/**
 * `readAmount` as a zod schema for request bodies and forms: a string or a number in, the
 * normalised decimal string out (`"5"` → `"5.00"`). A refusal becomes the issue's message, and
 * its code and params travel in the issue's `params` (the API's error handler sends them).
 * Required: a missing field is refused with the rule's `required` words, never defaulted.
 */
export function amountSchema(rule: AmountRule = {}) {
  const decimals = rule.decimals ?? FIAT_DECIMALS;
  const required = rule.messages?.required?.message ?? `${rule.label ?? 'Amount'} is required`;
  const invalid = rule.messages?.invalid?.message ?? `${rule.label ?? 'Amount'} must be a number`;
  return z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
    .transform((value, ctx) => {
      try {
        return formatAmount(readAmount(value, rule), decimals);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message, params: { code: error.code, ...error.params } });
        return z.NEVER;
      }
    });
}
