/**
 * What the payout rules (domain/src/wallet/payout-policy.ts) need to know from outside the
 * wallet stream, gathered when a withdrawal is requested, and the policy in force from the
 * configuration. The decision itself is the wallet decider's, on the wallet state it appends
 * against; the tier totals come from that state, not from here.
 */
import { userStreamId, type UserEvent } from '@wager/domain/accounts/index';
import type { PayoutPolicy, PayoutRiskFacts } from '@wager/domain/wallet/index';
import { betsWonAgainst, deviceFacts, linkedPlayers, passwordChangedAt } from '@wager/projections/wallet/payout-risk.queries';
import { verificationOf } from '@wager/projections/users/queries';
import type { AppDeps } from '../../deps.js';

const HOUR_MS = 60 * 60 * 1000;

function riskWindowsOf(config: AppDeps['config']): Pick<PayoutPolicy, 'credentialsChangeWindowMs' | 'newDeviceWindowMs'> {
  return { credentialsChangeWindowMs: Math.round(config.PAYOUT_CREDENTIALS_CHANGE_HOLD_HOURS * HOUR_MS), newDeviceWindowMs: Math.round(config.PAYOUT_NEW_DEVICE_HOLD_HOURS * HOUR_MS) };
}

export function payoutPolicyOf(config: AppDeps['config']): PayoutPolicy {
  return {
    dailyMax: config.PAYOUT_TIER_DAILY_MAX,
    monthlyMax: config.PAYOUT_TIER_MONTHLY_MAX,
    withdrawalsPerDayMax: config.PAYOUT_WITHDRAWALS_PER_DAY_MAX,
    newAccountWaitMs: Math.round(config.BANK_NEW_ACCOUNT_WAIT_HOURS * HOUR_MS),
    ...riskWindowsOf(config),
  };
}

/** The crypto tier: USD amounts, the same count rule; no bank account, so no new-account wait. */
export function cryptoPayoutPolicyOf(config: AppDeps['config']): PayoutPolicy {
  return { dailyMax: config.CRYPTO_PAYOUT_TIER_DAILY_USD, monthlyMax: config.CRYPTO_PAYOUT_TIER_MONTHLY_USD, withdrawalsPerDayMax: config.PAYOUT_WITHDRAWALS_PER_DAY_MAX, newAccountWaitMs: 0, ...riskWindowsOf(config) };
}

/** The latest change of the account's email address after sign-up, from the user's own stream. */
async function emailChangedAt(deps: Pick<AppDeps, 'store'>, userId: string): Promise<Date | null> {
  let email: string | null = null;
  let changedAt: Date | null = null;
  for (const recorded of await deps.store.readStream(userStreamId(userId))) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    if (event.type === 'UserRegistered') email = event.data.email;
    if (event.type === 'ProfileChanged' && event.data.changes.email !== undefined && event.data.changes.email !== email) {
      email = event.data.changes.email;
      changedAt = new Date(event.data.changedAt);
    }
  }
  return changedAt;
}

function latest(...dates: (Date | null)[]): Date | null {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length === 0 ? null : new Date(Math.max(...times));
}

/**
 * Verification (the users read model), the latest password or email change, the requesting
 * session's device against the account's devices, and bets won lately against a player who
 * shares a device or a bank account with this one.
 */
export async function payoutRiskFacts(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'config'>, input: { userId: string; sessionId: string }): Promise<PayoutRiskFacts> {
  const { db } = deps;
  const { userId, sessionId } = input;
  const now = deps.clock.now();
  const [user, password, email, device, linked] = await Promise.all([
    verificationOf(db, userId),
    passwordChangedAt(db, userId),
    emailChangedAt(deps, userId),
    deviceFacts(db, userId, sessionId),
    linkedPlayers(db, userId),
  ]);
  const linkedPlayerBetIds = await betsWonAgainst(db, userId, linked, new Date(now.getTime() - deps.config.PAYOUT_LINKED_WINNINGS_DAYS * 24 * HOUR_MS));
  return {
    emailVerified: user?.is_email_verified ?? false,
    phoneVerified: user?.is_phone_verified ?? false,
    credentialsChangedAt: latest(password, email)?.toISOString() ?? null,
    deviceFirstSeenAt: device.deviceFirstSeenAt?.toISOString() ?? null,
    firstDeviceSeenAt: device.firstDeviceSeenAt?.toISOString() ?? null,
    linkedPlayerBetIds,
  };
}
