import { runCryptoDepositCommand } from './commands/deposits.js';
import { unpaidCryptoDepositsExpiredBy } from '@wager/projections/wallet/queries';
import type { AppDeps } from '../../deps.js';
import { IntervalJob } from '../../runtime/jobs.js';

export const CRYPTO_EXPIRY_INTERVAL_MS = 30_000;

/**
 * Expires crypto deposits left unpaid 60 minutes after creation. Safe to run in several
 * processes at once: the decider re-checks on the stream and the event id is deterministic.
 */
export class CryptoDepositExpiryJob extends IntervalJob {
  readonly name = 'wallet-crypto-expiry';

  constructor(private readonly deps: AppDeps, intervalMs = CRYPTO_EXPIRY_INTERVAL_MS) {
    super(intervalMs);
  }

  /** One pass; returns how many deposits it expired. */
  async tick(): Promise<number> {
    const now = this.deps.clock.now();
    let expired = 0;
    for (const row of await unpaidCryptoDepositsExpiredBy(this.deps.db, now)) {
      const result = await runCryptoDepositCommand(this.deps, row.id, { type: 'ExpireCryptoDeposit', data: {}, metadata: { now, actor: 'system' } });
      if (result.append) {
        expired++;
        await this.deps.projections.waitFor(result.append.position);
      }
    }
    return expired;
  }
}
