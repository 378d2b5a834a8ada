import { bankWithdrawalsToReconcile, findBankWithdrawal } from '@wager/projections/wallet/bank-payouts.queries';
import type { AppDeps } from '../../deps.js';
import { IntervalJob } from '../../runtime/jobs.js';
import type { PaystackClient } from '../../adapters/paystack/client.js';
import { recordTransfer, sendBankWithdrawal } from './commands/bank-payout-settlement.js';

export const BANK_RECONCILE_INTERVAL_MS = 30_000;
/** A withdrawal untouched this long is the reconciler's: the route sends at once, webhooks come within minutes. */
export const BANK_RECONCILE_STALE_MS = 60_000;

export interface ReconcileReport {
  readonly verified: number;
  readonly sent: number;
  readonly failed: number;
}

/**
 * Finishes bank payouts left half-done: a withdrawal held but never sent (the process died
 * between the hold and the send, or Paystack did not answer), one that became free to go (its
 * 24 h wait ended), and one sent whose outcome never arrived (a lost webhook). It always asks
 * Paystack for the reference first and sends only when Paystack has no transfer with it, so a
 * transfer is never made twice. A send that fails is retried only after its backoff and, after
 * BANK_SEND_ATTEMPTS_MAX failures or a refusal, not at all: it waits for an admin (the
 * Operations tab). Safe in several processes at once: every step is idempotent.
 */
export class BankPayoutReconciler extends IntervalJob {
  readonly name = 'wallet-bank-payouts';

  constructor(
    private readonly deps: AppDeps,
    private readonly client: () => PaystackClient,
    intervalMs = BANK_RECONCILE_INTERVAL_MS,
    private readonly staleMs = BANK_RECONCILE_STALE_MS,
  ) {
    super(intervalMs);
  }

  async tick(): Promise<ReconcileReport> {
    const now = this.deps.clock.now();
    const client = this.client();
    let [verified, sent, failed] = [0, 0, 0];
    for (const item of await bankWithdrawalsToReconcile(this.deps.db, now, new Date(now.getTime() - this.staleMs))) {
      const row = await findBankWithdrawal(this.deps.db, item.id);
      if (!row) continue;
      const target = { withdrawalId: row.id, userId: row.user_id, reference: row.reference, amount: row.amount, recipientCode: row.recipient_code };
      if (row.status === 'sent') {
        const transfer = await client.verifyTransfer(row.reference).catch(() => null);
        if (!transfer) continue;
        const position = await recordTransfer(this.deps, target, transfer, 'verify');
        if (position) await this.deps.projections.waitFor(position);
        verified++;
        continue;
      }
      const result = await sendBankWithdrawal(this.deps, client, target, { verifyFirst: true });
      if (result.kind === 'sent') {
        sent++;
        if (result.position) await this.deps.projections.waitFor(result.position);
      } else if (result.kind === 'failed') {
        // Recorded with its backoff (or marked for attention): the next tick must read it.
        failed++;
        if (result.position) await this.deps.projections.waitFor(result.position);
      }
    }
    return { verified, sent, failed };
  }
}
