import { Money, ZERO } from '../money/money.js';

/**
 * Whether a withdrawal pays out with no person in the loop, or waits for an admin's review and
 * why. A pure function of the amount, the tier (configured), what the wallet stream itself says
 * was withdrawn lately, and risk facts the command gathers from accounts, sessions, bank
 * accounts and bets. The decider calls it on the wallet state it appends against, so two
 * withdrawals racing on one wallet are decided one after the other and cannot both fit the tier.
 *
 * Windows are rolling (the last 24 hours, the last 30 days), not calendar days: a calendar
 * boundary would let ₦50,000 go at 23:59 and ₦50,000 more at 00:01.
 */
export const PAYOUT_REVIEW_REASONS = [
  'unverified',
  'over_daily_tier',
  'over_monthly_tier',
  'credentials_changed_recently',
  'new_device',
  'too_many_withdrawals_today',
  'winnings_from_linked_player',
] as const;
export type PayoutReviewReason = (typeof PAYOUT_REVIEW_REASONS)[number];

export const PAYOUT_DAY_MS = 24 * 60 * 60 * 1000;
export const PAYOUT_MONTH_MS = 30 * PAYOUT_DAY_MS;

/** The configured limits of automatic payouts, as decimal strings (command data is plain JSON). */
export interface PayoutPolicy {
  /** Most paid out automatically in any 24 hours, wallet currency. */
  readonly dailyMax: string;
  /** Most paid out automatically in any 30 days, wallet currency. */
  readonly monthlyMax: string;
  /** Withdrawals in 24 hours beyond this many wait for review (the "more than 3 a day"). */
  readonly withdrawalsPerDayMax: number;
  /** How long the first payout to a newly added bank account waits (0 = not at all). */
  readonly newAccountWaitMs: number;
  /** A password or email change this recent holds a payout: the usual sign of a taken-over login. */
  readonly credentialsChangeWindowMs: number;
  /** A device first seen this recently (not the account's first device) holds a payout. */
  readonly newDeviceWindowMs: number;
}

export const DEFAULT_PAYOUT_POLICY: PayoutPolicy = {
  dailyMax: '50000.00',
  monthlyMax: '200000.00',
  withdrawalsPerDayMax: 3,
  newAccountWaitMs: PAYOUT_DAY_MS,
  credentialsChangeWindowMs: PAYOUT_DAY_MS,
  newDeviceWindowMs: PAYOUT_DAY_MS,
};

/** What the command learned outside the wallet stream, each fact as of the request. */
export interface PayoutRiskFacts {
  readonly emailVerified: boolean;
  readonly phoneVerified: boolean;
  /** The latest password or email change after sign-up, if any. */
  readonly credentialsChangedAt: string | null;
  /** When the device making the request was first seen signing in to this account (null: never). */
  readonly deviceFirstSeenAt: string | null;
  /** When the account's first device was first seen (null: no device known at all). */
  readonly firstDeviceSeenAt: string | null;
  /** Bets won lately against a player who shares a device or a bank account with this one. */
  readonly linkedPlayerBetIds: readonly string[];
}

/** An earlier withdrawal as the wallet stream knows it. */
export interface PastWithdrawal {
  /** In the unit the tier is in (the wallet currency). */
  readonly amount: Money;
  readonly requestedAt: string;
  /** Returned to the balance: it counts as an attempt, but no money left. */
  readonly returned: boolean;
}

export interface PayoutReviewInput {
  readonly amount: Money;
  readonly now: Date;
  readonly policy: PayoutPolicy;
  readonly facts: PayoutRiskFacts;
  readonly past: readonly PastWithdrawal[];
}

export interface PayoutWindowTotals {
  readonly lastDay: Money;
  readonly lastMonth: Money;
  readonly countLastDay: number;
}

/** Sums of what left in the last 24 h and 30 days, and how many withdrawals were asked for in 24 h. */
export function payoutWindowTotals(past: readonly PastWithdrawal[], now: Date): PayoutWindowTotals {
  let lastDay = ZERO;
  let lastMonth = ZERO;
  let countLastDay = 0;
  for (const w of past) {
    const age = now.getTime() - Date.parse(w.requestedAt);
    if (age < 0 || age >= PAYOUT_MONTH_MS) continue;
    const inDay = age < PAYOUT_DAY_MS;
    if (inDay) countLastDay += 1;
    if (w.returned) continue;
    lastMonth = lastMonth.plus(w.amount);
    if (inDay) lastDay = lastDay.plus(w.amount);
  }
  return { lastDay, lastMonth, countLastDay };
}

function within(at: string | null, now: Date, windowMs: number): boolean {
  if (at === null) return false;
  const age = now.getTime() - Date.parse(at);
  return age >= 0 && age < windowMs;
}

/**
 * New: seen for the first time within the window (or never), while the account had another,
 * older device. The device an account signed up on is not new; an account with no recorded
 * device at all (signed in before devices were recorded) has nothing to compare with.
 */
export function isNewDevice(facts: Pick<PayoutRiskFacts, 'deviceFirstSeenAt' | 'firstDeviceSeenAt'>, now: Date, windowMs: number): boolean {
  if (facts.firstDeviceSeenAt === null) return false;
  if (facts.deviceFirstSeenAt === null) return true;
  if (Date.parse(facts.deviceFirstSeenAt) <= Date.parse(facts.firstDeviceSeenAt)) return false;
  return within(facts.deviceFirstSeenAt, now, windowMs);
}

/** Every rule that holds this withdrawal for review, in a fixed order; empty: it pays out automatically. */
export function payoutReviewReasons(input: PayoutReviewInput): PayoutReviewReason[] {
  const { amount, now, policy, facts } = input;
  const totals = payoutWindowTotals(input.past, now);
  const held: Record<PayoutReviewReason, boolean> = {
    unverified: !(facts.emailVerified && facts.phoneVerified),
    over_daily_tier: totals.lastDay.plus(amount).gt(new Money(policy.dailyMax)),
    over_monthly_tier: totals.lastMonth.plus(amount).gt(new Money(policy.monthlyMax)),
    credentials_changed_recently: within(facts.credentialsChangedAt, now, policy.credentialsChangeWindowMs),
    new_device: isNewDevice(facts, now, policy.newDeviceWindowMs),
    too_many_withdrawals_today: totals.countLastDay + 1 > policy.withdrawalsPerDayMax,
    winnings_from_linked_player: facts.linkedPlayerBetIds.length > 0,
  };
  return PAYOUT_REVIEW_REASONS.filter((reason) => held[reason]);
}

export function isPayoutReviewReason(value: unknown): value is PayoutReviewReason {
  return typeof value === 'string' && (PAYOUT_REVIEW_REASONS as readonly string[]).includes(value);
}
