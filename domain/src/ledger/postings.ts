import { Money, ZERO, formatAmount } from '../money/money.js';
import { parseAccount } from './accounts.js';

/**
 * One leg of a double-entry movement. `amount` is a signed decimal string: positive raises
 * the account's balance, negative lowers it. Every money event carries a list of postings
 * that sums to zero per currency.
 */
export interface Posting {
  readonly account: string;
  readonly currency: string;
  readonly amount: string;
}

/** The postings of moving `amount` from one account to another (a debit and a credit). */
export function transfer(debitAccount: string, creditAccount: string, currency: string, amount: Money | string): Posting[] {
  const value = new Money(amount);
  if (!value.gt(0)) throw new Error(`Assertion failed: a transfer moves a positive amount (got ${value.toString()})`);
  return [
    { account: debitAccount, currency, amount: formatAmount(value.neg()) },
    { account: creditAccount, currency, amount: formatAmount(value) },
  ];
}

/** The postings that undo `postings`. */
export function reverse(postings: readonly Posting[]): Posting[] {
  return postings.map((p) => ({ account: p.account, currency: p.currency, amount: formatAmount(new Money(p.amount).neg()) }));
}

export class UnbalancedPostingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedPostingsError';
  }
}

/** Sum of postings per currency. */
export function sumByCurrency(postings: readonly Posting[]): Map<string, Money> {
  const sums = new Map<string, Money>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? ZERO).plus(p.amount));
  return sums;
}

/**
 * Refuses a set of postings that is not a valid double entry: an empty set, an account outside
 * the chart, an account whose currency differs from the posting's, a zero or malformed amount,
 * more than 2 decimals, or any currency whose postings do not sum to zero. A failure is a bug
 * in whoever built the postings, never a user error, so it throws a plain Error.
 */
export function assertBalanced(postings: readonly Posting[]): void {
  if (postings.length === 0) throw new UnbalancedPostingsError('postings are empty');
  for (const p of postings) {
    const parsed = parseAccount(p.account);
    if (!parsed) throw new UnbalancedPostingsError(`unknown account ${p.account}`);
    if (parsed.currency !== p.currency) throw new UnbalancedPostingsError(`account ${p.account} is not in ${p.currency}`);
    if (typeof p.amount !== 'string' || !/^-?\d+(\.\d{1,2})?$/.test(p.amount)) throw new UnbalancedPostingsError(`posting amount ${String(p.amount)} is not a 2-decimal string`);
    if (new Money(p.amount).isZero()) throw new UnbalancedPostingsError(`zero posting on ${p.account}`);
  }
  for (const [currency, sum] of sumByCurrency(postings)) {
    if (!sum.isZero()) throw new UnbalancedPostingsError(`postings in ${currency} sum to ${sum.toFixed(2)}, not zero`);
  }
}

/** True when `postings` would pass `assertBalanced`. */
export function isBalanced(postings: readonly Posting[]): boolean {
  try {
    assertBalanced(postings);
    return true;
  } catch {
    return false;
  }
}

/** Balances by account, folded from postings (a trial balance in miniature). */
export class Balances {
  private readonly byAccount = new Map<string, { currency: string; balance: Money }>();

  apply(postings: readonly Posting[]): void {
    for (const p of postings) {
      const current = this.byAccount.get(p.account);
      this.byAccount.set(p.account, { currency: p.currency, balance: (current?.balance ?? ZERO).plus(p.amount) });
    }
  }

  get(account: string): Money {
    return this.byAccount.get(account)?.balance ?? ZERO;
  }

  entries(): [string, { currency: string; balance: Money }][] {
    return [...this.byAccount.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The sum of every account per currency: zero for a sound ledger. */
  trialBalance(): Map<string, Money> {
    const sums = new Map<string, Money>();
    for (const { currency, balance } of this.byAccount.values()) sums.set(currency, (sums.get(currency) ?? ZERO).plus(balance));
    return sums;
  }
}

/** Reads the postings of an event's data, if it carries any. */
export function postingsOf(data: unknown): Posting[] | null {
  if (!data || typeof data !== 'object') return null;
  const postings = (data as { postings?: unknown }).postings;
  return Array.isArray(postings) ? (postings as Posting[]) : null;
}
