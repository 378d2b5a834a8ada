import { runCommand } from '../../runtime/command-pipeline.js';
import { cryptoDepositDecider, cryptoDepositStreamId, deterministicId } from '@wager/domain/wallet/index';
import { unpaidCryptoDepositsExpiredBy } from '@wager/projections/wallet/queries';
import type { AppDeps } from '../../deps.js';
import type { BackgroundJob } from '../../runtime/jobs.js';

export const CRYPTO_EXPIRY_INTERVAL_MS = 30_000;

/**
 * Expires crypto deposits left unpaid 60 minutes after creation. Safe to run in several
 * processes at once: the decider re-checks on the stream and the event id is deterministic.
 */
export class CryptoDepositExpiryJob implements BackgroundJob {
  readonly name = 'wallet-crypto-expiry';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly deps: AppDeps, private readonly intervalMs = CRYPTO_EXPIRY_INTERVAL_MS) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().then(() => undefined, () => undefined).finally(() => (this.running = undefined));
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass; returns how many deposits it expired. */
  async tick(): Promise<number> {
    const now = this.deps.clock.now();
    let expired = 0;
    for (const row of await unpaidCryptoDepositsExpiredBy(this.deps.db, now)) {
      const result = await runCommand(this.deps, {
        streamId: cryptoDepositStreamId(row.id),
        decider: cryptoDepositDecider,
        command: { type: 'ExpireCryptoDeposit', data: {}, metadata: { now, actor: 'system' } },
        eventIds: (events) => events.map((e) => deterministicId('cryptodeposit', row.id, e.type)),
      });
      if (result.append) {
        expired++;
        await this.deps.projections.waitFor(result.append.position);
      }
    }
    return expired;
  }
}
