import type { Kysely } from 'kysely';
import { formatAmount } from '@wager/domain/money/index';
import { dayInTimeZone } from '@wager/domain/wallet/index';
import type { Database } from '@wager/projections';
import { findWallet } from '@wager/projections/wallet/queries';
import type { AppDeps } from '../../deps.js';
import { saferPlayStateFor } from './safer-play-state.js';
import { playerTimeZone } from './commands.js';

export interface WalletBalancesJson {
  readonly balance: string;
  readonly cryptoBalance: string;
  readonly dailySpent: string;
  /** The player's own daily stake limit in force (the platform default until set); null = none. */
  readonly dailyLimit: string | null;
  readonly selfExcludedUntil: string | null;
  readonly coolOffUntil: string | null;
}

/**
 * The balance fields of the user JSON, from the `wallets` read model. `dailySpent` is the
 * stakes of the user's current calendar day (in their own time zone, `playerTimeZone` unless the
 * caller has it): a row from an earlier day reads zero.
 */
export async function walletBalancesFor(deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'store'>, userId: string, timeZone?: string | null): Promise<WalletBalancesJson> {
  const db: Kysely<Database> = deps.db;
  const [wallet, safer] = await Promise.all([findWallet(db, userId), saferPlayStateFor(deps, userId)]);
  const zone = timeZone === undefined ? await playerTimeZone(deps, userId) : timeZone;
  const today = dayInTimeZone(deps.clock.now(), zone);
  return {
    balance: formatAmount(wallet?.balance ?? '0'),
    cryptoBalance: formatAmount(wallet?.crypto_balance ?? '0'),
    dailySpent: formatAmount(wallet && wallet.daily_spent_day === today ? wallet.daily_spent : '0'),
    dailyLimit: safer.dailyLimit,
    selfExcludedUntil: safer.selfExcludedUntil,
    coolOffUntil: safer.coolOffUntil,
  };
}
