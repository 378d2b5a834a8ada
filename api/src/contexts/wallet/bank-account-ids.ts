/**
 * Bank account ids that tell nothing about the account number. A new account gets a random id;
 * adding the same account again is recognised by its fingerprint, HMAC-SHA256 of (user, bank,
 * number) under the server's secret (`BANK_ACCOUNT_FINGERPRINT_SECRET`, or else a
 * per-installation key kept in the database). Accounts added before had ids derived from the
 * number under a namespace in the source; `LegacyBankAccountIdJob` gives each a random id by a
 * `BankAccountIdReplaced` event (the log is append-only: the old id stays in those old events).
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import { bankAccountsWithLegacyIds } from '@wager/projections/wallet/bank-payouts.queries';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import { replaceLegacyBankAccountId } from './commands/bank-accounts.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { appSecret } from '../../adapters/database/app-secret.js';

export const BANK_ACCOUNT_FINGERPRINT_SECRET_NAME = 'bank-account-fingerprint-key';
export const LEGACY_BANK_ACCOUNT_ID_INTERVAL_MS = 60_000;

export async function bankAccountFingerprintKey(deps: { db: Kysely<Database>; config: Pick<Config, 'BANK_ACCOUNT_FINGERPRINT_SECRET'> }, now: Date): Promise<Buffer> {
  const configured = deps.config.BANK_ACCOUNT_FINGERPRINT_SECRET;
  return configured ? Buffer.from(configured, 'utf8') : appSecret(deps.db, BANK_ACCOUNT_FINGERPRINT_SECRET_NAME, now);
}

export function bankAccountFingerprint(key: Buffer, userId: string, bankCode: string, accountNumber: string): string {
  return createHmac('sha256', key).update(`bankaccount\u001f${userId}\u001f${bankCode}\u001f${accountNumber}`).digest('base64url');
}

/**
 * Gives every account that still has its derived id a random one. Safe in several processes at
 * once: the decider replaces an id only once (a second process's different random id decides
 * nothing), and the event id is deterministic per former id.
 */
export class LegacyBankAccountIdJob extends IntervalJob {
  readonly name = 'wallet-bank-account-ids';

  constructor(private readonly deps: AppDeps, intervalMs = LEGACY_BANK_ACCOUNT_ID_INTERVAL_MS) {
    super(intervalMs);
  }

  /** One pass; returns how many ids it replaced. */
  async tick(): Promise<number> {
    let replaced = 0;
    for (const row of await bankAccountsWithLegacyIds(this.deps.db)) {
      const result = await replaceLegacyBankAccountId(this.deps, { userId: row.user_id, formerBankAccountId: row.id, bankAccountId: this.deps.ids.uuid() });
      if (result.append) {
        replaced++;
        await this.deps.projections.waitFor(result.append.position);
      }
    }
    return replaced;
  }
}
