/**
 * Bank payouts that wait for a person (admins only): the withdrawals whose sends Paystack
 * refused or that failed every attempt of a round, and those still retried on the backoff; an
 * admin retries one (a new round of attempts, sent at once) or returns the money to the player
 * (the hold reversed, an event with the admin's reason). Before a return, Paystack is asked for
 * the reference: a transfer it has made decides the outcome instead, so money never leaves twice.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/wallet';
import { ConflictError, DomainError, NotFoundError } from '@wager/domain';
import { formatAmount } from '@wager/domain/money/index';
import { findBankWithdrawal, listBankWithdrawalsBackingOff, listBankWithdrawalsNeedingAttention } from '@wager/projections/wallet/bank-payouts.queries';
import type { BankWithdrawalRow } from '@wager/projections/wallet/bank-payouts.table';
import { PaystackRefusedError, PaystackUnavailableError } from '../../adapters/paystack/client.js';
import { paystackClient } from '../../adapters/providers.js';
import { executeBankWithdrawalCommand, recordTransfer, sendBankWithdrawal } from './commands/bank-payout-settlement.js';

export const ATTENTION_MESSAGES = {
  reasonRequired: 'Reason is required',
  providerUnavailable: 'Payment provider unavailable, please try again',
  transferExists: 'Paystack has a transfer with this reference: its outcome decides, the money was not returned',
} as const;
export const ATTENTION_REASON_LENGTH_MAX = contract.ADMIN_REASON_LENGTH_MAX;
/** A payout the sender could not complete on its own (the wallet contract's `attentionWithdrawal`). */
export const attentionWithdrawalJson = contract.attentionWithdrawal;
export type AttentionWithdrawalJson = contract.AttentionWithdrawal;


export function toAttentionJson(r: BankWithdrawalRow): AttentionWithdrawalJson {
  return {
    id: r.id,
    userId: r.user_id,
    amount: formatAmount(r.amount),
    currency: r.currency,
    reference: r.reference,
    status: r.status,
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNumber: r.account_number_masked,
    requestedAt: r.requested_at.toISOString(),
    sendAttempts: r.send_attempts,
    lastSendError: r.last_send_error,
    lastSendFailedAt: r.last_send_failed_at?.toISOString() ?? null,
    nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    attentionReason: r.attention_reason,
    attentionAt: r.attention_at?.toISOString() ?? null,
    returnReason: r.return_reason,
  };
}

class ProviderUnavailable extends DomainError {
  constructor() {
    super(502, ATTENTION_MESSAGES.providerUnavailable, { code: 'provider_unavailable' });
  }
}

const reasonBody = contract.adminReasonBody;
const idParams = contract.withdrawalIdParams;

export const bankPayoutAttentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const rowOf = async (id: string) => {
    const row = await findBankWithdrawal(deps.db, id);
    if (!row) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
    return row;
  };

  app.get(
    '/api/admin/withdrawals/bank/attention',
    { onRequest: app.requireAdmin, schema: { response: { 200: contract.attentionWithdrawals } } },
    async () => {
      const [needs, retrying] = await Promise.all([listBankWithdrawalsNeedingAttention(deps.db), listBankWithdrawalsBackingOff(deps.db)]);
      return { needsAttention: needs.map(toAttentionJson), retrying: retrying.map(toAttentionJson) };
    },
  );

  /** A new round of attempts, the first at once (verifying the reference first, as every resend does). */
  app.post('/api/admin/withdrawals/bank/:id/retry', { onRequest: app.requireAdmin, schema: { params: idParams, body: reasonBody, response: { 200: attentionWithdrawalJson } } }, async (request) => {
    const row = await rowOf(request.params.id);
    const by = request.auth!.userId;
    const position = await executeBankWithdrawalCommand(deps, { type: 'RetryBankWithdrawal', data: { userId: row.user_id, withdrawalId: row.id, by, reason: request.body.reason }, metadata: { now: deps.clock.now() } }, `admin:${by}`);
    if (position) await deps.projections.waitFor(position);
    const target = { withdrawalId: row.id, userId: row.user_id, reference: row.reference, amount: row.amount, recipientCode: row.recipient_code };
    const result = await sendBankWithdrawal(deps, paystackClient(app), target, { verifyFirst: true });
    if (result.kind === 'failed') request.log.warn({ err: result.error, withdrawalId: row.id }, 'bank transfer retried by an admin failed again');
    if (result.kind !== 'not-sendable' && result.position) await deps.projections.waitFor(result.position);
    return toAttentionJson((await findBankWithdrawal(deps.db, row.id))!);
  });

  app.post('/api/admin/withdrawals/bank/:id/return', { onRequest: app.requireAdmin, schema: { params: idParams, body: reasonBody, response: { 200: attentionWithdrawalJson } } }, async (request) => {
    const row = await rowOf(request.params.id);
    const by = request.auth!.userId;
    if (row.status === 'requested' && row.attention_reason !== null) {
      // An attempt whose reply was lost may have made the transfer: Paystack's record decides first.
      const existing = await paystackClient(app)
        .verifyTransfer(row.reference)
        .catch((error: unknown) => {
          if (error instanceof PaystackUnavailableError || error instanceof PaystackRefusedError) throw new ProviderUnavailable();
          throw error;
        });
      if (existing) {
        const position = await recordTransfer(deps, { withdrawalId: row.id, userId: row.user_id }, existing, 'verify');
        if (position) await deps.projections.waitFor(position);
        throw new ConflictError(ATTENTION_MESSAGES.transferExists, { code: 'transfer_exists', params: { providerStatus: existing.status } });
      }
    }
    const position = await executeBankWithdrawalCommand(deps, { type: 'ReturnBankWithdrawal', data: { userId: row.user_id, withdrawalId: row.id, by, reason: request.body.reason }, metadata: { now: deps.clock.now() } }, `admin:${by}`);
    if (position) await deps.projections.waitFor(position);
    return toAttentionJson((await findBankWithdrawal(deps.db, row.id))!);
  });
};
