/**
 * The chart of accounts (docs/ledger.md). Account names are built only here, so a
 * typo cannot create a new account somewhere else in the code.
 *
 *   user:<id>:available:<CUR>   a user's spendable fiat balance
 *   user:<id>:crypto:USD        a user's crypto balance, held in USD
 *   user:<id>:receivable:<CUR>  what a user owes the platform (negative: owed), from an appeal's
 *                               clawback their available balance could not cover
 *   bet:<id>:escrow:<CUR>       stakes and fees held for one bet
 *   pool:<id>:escrow:<CUR>      entries held for one pool
 *   platform:fees:<CUR>         recognised platform fees
 *   external:paystack:<CUR>     money that came in through Paystack
 *   external:crypto:USD         money that came in as crypto
 *   external:withdrawals:USD    money that left (or is leaving) as crypto withdrawals
 *   external:withdrawals:NGN    money that left (or is leaving) as bank withdrawals
 */
export const CRYPTO_LEDGER_CURRENCY = 'USD';

export type AccountKind = 'user-available' | 'user-crypto' | 'user-receivable' | 'bet-escrow' | 'pool-escrow' | 'platform-fees' | 'external-paystack' | 'external-crypto' | 'external-withdrawals';

export interface ParsedAccount {
  readonly kind: AccountKind;
  /** The user, bet or pool id for owned accounts. */
  readonly ownerId?: string;
  readonly currency: string;
}

function checkPart(part: string, what: string): string {
  if (part === '' || part.includes(':')) throw new Error(`Assertion failed: ${what} must be non-empty and contain no ':' (got ${JSON.stringify(part)})`);
  return part;
}

export function userAvailable(userId: string, currency: string): string {
  return `user:${checkPart(userId, 'userId')}:available:${checkPart(currency, 'currency')}`;
}
export function userCrypto(userId: string): string {
  return `user:${checkPart(userId, 'userId')}:crypto:${CRYPTO_LEDGER_CURRENCY}`;
}
/** What the user owes the platform: debited (below zero) by the part of an appeal's clawback their available balance could not cover. */
export function userReceivable(userId: string, currency: string): string {
  return `user:${checkPart(userId, 'userId')}:receivable:${checkPart(currency, 'currency')}`;
}
export function betEscrow(betId: string, currency: string): string {
  return `bet:${checkPart(betId, 'betId')}:escrow:${checkPart(currency, 'currency')}`;
}
export function poolEscrow(poolId: string, currency: string): string {
  return `pool:${checkPart(poolId, 'poolId')}:escrow:${checkPart(currency, 'currency')}`;
}
/** The escrow account of a hold: a bet's or a pool's. */
export function holdEscrow(holdKind: 'bet' | 'pool', holdId: string, currency: string): string {
  return holdKind === 'bet' ? betEscrow(holdId, currency) : poolEscrow(holdId, currency);
}
export function platformFees(currency: string): string {
  return `platform:fees:${checkPart(currency, 'currency')}`;
}
export function externalPaystack(currency: string): string {
  return `external:paystack:${checkPart(currency, 'currency')}`;
}
export function externalCrypto(): string {
  return `external:crypto:${CRYPTO_LEDGER_CURRENCY}`;
}
/** Crypto withdrawals leave in USD (the default); bank withdrawals in their fiat currency (NGN). */
export function externalWithdrawals(currency: string = CRYPTO_LEDGER_CURRENCY): string {
  return `external:withdrawals:${checkPart(currency, 'currency')}`;
}

/** Reads an account name back into its parts; null for a name outside the chart. */
export function parseAccount(account: string): ParsedAccount | null {
  const parts = account.split(':');
  if (parts.length === 4) {
    const [scope, ownerId, role, currency] = parts as [string, string, string, string];
    if (scope === 'user' && role === 'available') return { kind: 'user-available', ownerId, currency };
    if (scope === 'user' && role === 'crypto') return { kind: 'user-crypto', ownerId, currency };
    if (scope === 'user' && role === 'receivable') return { kind: 'user-receivable', ownerId, currency };
    if (scope === 'bet' && role === 'escrow') return { kind: 'bet-escrow', ownerId, currency };
    if (scope === 'pool' && role === 'escrow') return { kind: 'pool-escrow', ownerId, currency };
    return null;
  }
  if (parts.length === 3) {
    const [scope, role, currency] = parts as [string, string, string];
    if (scope === 'platform' && role === 'fees') return { kind: 'platform-fees', currency };
    if (scope === 'external' && role === 'paystack') return { kind: 'external-paystack', currency };
    if (scope === 'external' && role === 'crypto') return { kind: 'external-crypto', currency };
    if (scope === 'external' && role === 'withdrawals') return { kind: 'external-withdrawals', currency };
  }
  return null;
}

/** The user who owns an account (user:<id>:…), or null. */
export function accountUserId(account: string): string | null {
  const parsed = parseAccount(account);
  return parsed && (parsed.kind === 'user-available' || parsed.kind === 'user-crypto' || parsed.kind === 'user-receivable') ? (parsed.ownerId ?? null) : null;
}
