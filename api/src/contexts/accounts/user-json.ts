import type { FastifyInstance } from 'fastify';
import * as contract from '@wager/domain/contracts/accounts';
import type { UserRow } from '@wager/projections/users/users.table';
import { findUserById } from '@wager/projections/users/queries';
import { walletBalancesFor } from '../wallet/index.js';
import { findUserStats } from '@wager/projections/bets/queries';

/** Balances come from the wallet's read model; until it exists they read zero with the default limit. */
export interface UserBalances {
  readonly balance: string;
  readonly cryptoBalance: string;
  readonly dailySpent: string;
  /** null: the player removed their daily stake limit. */
  readonly dailyLimit: string | null;
  /** Safer play (wallet): the end of a self-exclusion or cool-off in force, else null. */
  readonly selfExcludedUntil?: string | null;
  readonly coolOffUntil?: string | null;
}

/** The User of spec section 3, as the accounts contract describes it. */
export const userJsonSchema = contract.user;
export type UserJson = contract.User;

export const DEFAULT_BALANCES: UserBalances = { balance: '0.00', cryptoBalance: '0.00', dailySpent: '0.00', dailyLimit: '50000.00' };


/** The one place the user's JSON shape is made. The wallet passes the user's balances in. */
/** Rating (Elo from 1000), wins and losses: kept by the bets context's user_stats read model. */
export interface UserStats {
  readonly rating: number;
  readonly wins: number;
  readonly losses: number;
}
const DEFAULT_STATS: UserStats = { rating: 1000, wins: 0, losses: 0 };

export function toUserJson(row: UserRow, balances: UserBalances = DEFAULT_BALANCES, stats: UserStats = DEFAULT_STATS): UserJson {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phoneNumber: row.phone_number,
    psnUsername: row.psn_username,
    activisionId: row.activision_id,
    country: row.country,
    timezone: row.timezone,
    dateOfBirth: row.date_of_birth,
    balance: balances.balance,
    cryptoBalance: balances.cryptoBalance,
    dailySpent: balances.dailySpent,
    dailyLimit: balances.dailyLimit,
    preferredCurrency: row.preferred_currency,
    preferredLanguage: row.preferred_language,
    isAdmin: row.is_admin,
    isModerator: row.is_moderator,
    isEmailVerified: row.is_email_verified,
    isPhoneVerified: row.is_phone_verified,
    isPsnVerified: row.is_psn_verified,
    isAgeVerified: row.is_age_verified,
    locationDetectedAt: row.location_detected_at ? row.location_detected_at.toISOString() : null,
    currencySetByUser: row.currency_set_by_user,
    ipAddress: row.ip_address,
    fplTeamId: row.fpl_team_id,
    rating: stats.rating,
    wins: stats.wins,
    losses: stats.losses,
    createdAt: row.created_at.toISOString(),
    selfExcludedUntil: balances.selfExcludedUntil ?? null,
    coolOffUntil: balances.coolOffUntil ?? null,
    freezeReason: row.freeze_reason ?? null,
  };
}

/**
 * Balances of a user for the user JSON. The wallet context replaces the body of this function
 * (reading its own read model); until then every user reads the defaults.
 */
export async function loadUserBalances(_app: FastifyInstance, _userId: string): Promise<UserBalances> {
  return walletBalancesFor(_app.deps, _userId);
}

/** The current user's JSON from the read model, or null when the user is not (yet) there. */
export async function loadUserJson(app: FastifyInstance, userId: string): Promise<UserJson | null> {
  const row = await findUserById(app.deps.db, userId);
  if (!row) return null;
  const [balances, stats] = await Promise.all([loadUserBalances(app, userId), findUserStats(app.deps.db, userId)]);
  return toUserJson(row, balances, stats);
}
