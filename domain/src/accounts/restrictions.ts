/**
 * Suspending and freezing an account (issue #29): the rules and the words a player reads.
 *
 * - Suspended: the account cannot sign in; its sessions end when the suspension is recorded.
 * - Frozen: the account can sign in and read, but moves no money: no deposit, no bet or join,
 *   no pool entry, no withdrawal. Money already in play (an accepted bet, a pool) runs its course.
 *
 * Both are events on the user's stream, decided by the accounts decider, with the acting admin
 * and a reason the player is shown.
 */
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';

export const ACCOUNT_RESTRICTIONS = ['suspension', 'freeze'] as const;
export type AccountRestriction = (typeof ACCOUNT_RESTRICTIONS)[number];

/** A reason is a sentence or two for the player and the trail. */
export const RESTRICTION_REASON_LENGTH_MAX = 500;

export const RESTRICTION_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonTooLong: `The reason must be at most ${RESTRICTION_REASON_LENGTH_MAX} characters`,
  adminAccount: 'An admin account cannot be suspended or frozen',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  alreadyFrozen: 'This account is already frozen',
  notFrozen: 'This account is not frozen',
} as const;

/** The player's words: what happened, what they can still do, and the reason they were given. */
export function suspendedMessage(reason: string): string {
  return `Your account is suspended, so you cannot sign in. Reason: ${reason}. If you think this is a mistake, contact support.`;
}
export function frozenMessage(reason: string): string {
  return `Your account is frozen: you can sign in and see your account, but you cannot deposit, bet, join a challenge or pool, or withdraw. Reason: ${reason}. If you think this is a mistake, contact support.`;
}

/** 403 at sign-in (and for a session of a suspended account). */
export class AccountSuspendedError extends ForbiddenError {
  constructor(reason: string) {
    super(suspendedMessage(reason), { code: 'account_suspended', params: { reason } });
  }
}

/** 403 on every route that moves money, for a frozen account. */
export class AccountFrozenError extends ForbiddenError {
  constructor(reason: string) {
    super(frozenMessage(reason), { code: 'account_frozen', params: { reason } });
  }
}

/** What the restriction rules read of an account (the decider's state, or the users read model). */
export interface RestrictionFacts {
  readonly suspensionReason: string | null;
  readonly freezeReason: string | null;
}

/** Refuses moving money for a frozen (or suspended) account; passes otherwise. */
export function assertMayMoveMoney(facts: RestrictionFacts): void {
  if (facts.suspensionReason !== null) throw new AccountSuspendedError(facts.suspensionReason);
  if (facts.freezeReason !== null) throw new AccountFrozenError(facts.freezeReason);
}

/** Refuses signing in for a suspended account. */
export function assertMaySignIn(facts: Pick<RestrictionFacts, 'suspensionReason'>): void {
  if (facts.suspensionReason !== null) throw new AccountSuspendedError(facts.suspensionReason);
}

/** The trimmed reason, or a 400 when it is empty or too long. */
export function restrictionReason(raw: string): string {
  const reason = raw.trim();
  if (reason.length === 0) throw new ValidationError(RESTRICTION_MESSAGES.reasonRequired, { code: 'reason_required', field: 'reason' });
  if ([...reason].length > RESTRICTION_REASON_LENGTH_MAX) throw new ValidationError(RESTRICTION_MESSAGES.reasonTooLong, { code: 'reason_too_long', params: { max: RESTRICTION_REASON_LENGTH_MAX }, field: 'reason' });
  return reason;
}

/** 409 when the change is not a change: imposing what is in force, lifting what is not. */
export function assertRestrictionChange(restriction: AccountRestriction, on: boolean, facts: RestrictionFacts & { readonly isAdmin: boolean }): void {
  if (on && facts.isAdmin) throw new ConflictError(RESTRICTION_MESSAGES.adminAccount, { code: 'account_is_admin' });
  const inForce = restriction === 'suspension' ? facts.suspensionReason !== null : facts.freezeReason !== null;
  if (on && inForce) {
    throw restriction === 'suspension'
      ? new ConflictError(RESTRICTION_MESSAGES.alreadySuspended, { code: 'account_already_suspended' })
      : new ConflictError(RESTRICTION_MESSAGES.alreadyFrozen, { code: 'account_already_frozen' });
  }
  if (!on && !inForce) {
    throw restriction === 'suspension'
      ? new ConflictError(RESTRICTION_MESSAGES.notSuspended, { code: 'account_not_suspended' })
      : new ConflictError(RESTRICTION_MESSAGES.notFrozen, { code: 'account_not_frozen' });
  }
}
