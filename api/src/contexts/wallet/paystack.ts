import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/wallet';
import { decidedAt, DomainError, NotFoundError, UnauthorizedError, type Position } from '@wager/domain';
import { runPaystackDepositCommand } from './commands/deposits.js';
import { formatAmount } from '@wager/domain/money/index';
import { paystackDepositDecider, paystackDepositStreamId, parsePaystackDeposit } from '@wager/domain/wallet/index';
import { foldStream } from '@wager/domain';
import { listPaystackDeposits } from '@wager/projections/wallet/queries';
import { PaystackRefusedError, PaystackUnavailableError } from '../../adapters/paystack/client.js';
import { isValidWebhookSignature } from '../../adapters/paystack/signature.js';
import { publicBaseUrl } from '../../config.js';
import { paystackClient, paystackSecret } from '../../adapters/providers.js';
import { settlePaystackDeposit } from './commands/paystack-settlement.js';
import { keepRawJsonBody, rawBodyOf } from './raw-body.js';
import { authorizeDeposit, releaseDepositAuthorization } from './safer-play.js';
import { settleTransferWebhook } from './bank-payouts.js';

export const PAYSTACK_MESSAGES = {
  initializeFailed: 'Failed to initialize payment',
  providerUnavailable: 'Payment provider unavailable, please try again',
  invalidSignature: 'Invalid signature',
} as const;
export const REFERENCE_LENGTH_MAX = contract.PAYSTACK_REFERENCE_LENGTH_MAX;

/** 502: the provider failed us; the deposit stays pending and the call can be retried. */
class ProviderUnavailable extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}


function newReference(uuid: string): string {
  return `wgr_${uuid.replace(/-/g, '')}`;
}

/** Paystack card deposits (spec sections 3, 5, 7): initialize, verify, webhook, list. */
export const paystackRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJsonBody(app);

  async function waitFor(position: Position | null): Promise<void> {
    if (position) await app.deps.projections.waitFor(position);
  }

  app.post(
    '/api/paystack/deposits/initialize',
    {
      onRequest: app.requireMoneyMover,
      schema: {
        body: contract.paystackInitializeBody,
        response: { 200: contract.paystackInitializeResponse },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { amount, email } = parsePaystackDeposit(request.body);
      const { deps } = app;
      const currency = deps.config.WALLET_CURRENCY;
      const depositId = deps.ids.uuid();
      const reference = newReference(depositId);
      const now = deps.clock.now();
      // The player's own limits and any cool-off or self-exclusion come first: a deposit they
      // refuse is answered with the limit and what is left, and Paystack is never asked.
      await authorizeDeposit(deps, { userId, depositId, provider: 'paystack', amount });
      // Recorded before Paystack is called: whatever happens next, the reference is ours and
      // a later verify or webhook finds it.
      const initialized = await runPaystackDepositCommand(deps, reference, { type: 'InitializePaystackDeposit', data: { depositId, userId, reference, amount, currency, email }, metadata: { now, actor: userId } });
      // The player's browser returns here after paying: the public origin, where their session lives.
      const callbackUrl = `${publicBaseUrl(deps.config)}/wallet?reference=${reference}`;
      let checkout;
      try {
        checkout = await paystackClient(app).initialize({ email, amountMinor: initialized.state.initialized!.amountMinor, currency, reference, callbackUrl });
      } catch (error) {
        if (error instanceof PaystackUnavailableError || error instanceof PaystackRefusedError) {
          request.log.warn({ err: error, reference }, 'paystack initialize failed');
          // No checkout was opened, so no money can come for it: it stops counting against the limits.
          await releaseDepositAuthorization(deps, { userId, depositId, reason: 'checkout_not_opened' });
          await waitFor(decidedAt(initialized));
          throw new ProviderUnavailable(PAYSTACK_MESSAGES.initializeFailed);
        }
        throw error;
      }
      const opened = await runPaystackDepositCommand(deps, reference, { type: 'RecordPaystackCheckout', data: { authorizationUrl: checkout.authorizationUrl, accessCode: checkout.accessCode }, metadata: { now: deps.clock.now(), actor: userId } });
      await waitFor(decidedAt(opened) ?? decidedAt(initialized));
      return { status: true, message: 'Authorization URL created', data: { authorization_url: checkout.authorizationUrl, reference } };
    },
  );

  app.post(
    '/api/paystack/deposits/verify',
    {
      onRequest: app.requireUser,
      schema: {
        body: contract.paystackVerifyBody,
        response: { 200: contract.paystackVerifyResponse },
      },
    },
    async (request) => {
      const { reference } = request.body;
      const { deps } = app;
      const stream = await deps.store.readStream(paystackDepositStreamId(reference));
      const current = foldStream(paystackDepositDecider, stream);
      if (!current.initialized || current.initialized.userId !== request.auth!.userId) throw new NotFoundError('Deposit not found');
      let transaction;
      try {
        transaction = await paystackClient(app).verify(reference);
      } catch (error) {
        if (error instanceof PaystackUnavailableError || error instanceof PaystackRefusedError) {
          request.log.warn({ err: error, reference }, 'paystack verify failed');
          throw new ProviderUnavailable(PAYSTACK_MESSAGES.providerUnavailable);
        }
        throw error;
      }
      const { state, position } = await settlePaystackDeposit(deps, reference, {
        status: transaction.status,
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        channel: transaction.channel,
        gatewayResponse: transaction.gatewayResponse,
        via: 'verify',
      });
      await waitFor(position);
      const status = state.status;
      const message = status === 'success' ? 'Verification successful' : status === 'pending' ? 'Payment is still pending' : 'Payment was not successful';
      return {
        status: status === 'success',
        message,
        data: { status, reference, amount: formatAmount(current.initialized.amount), currency: current.initialized.currency, gateway_response: state.rejected ? 'Amount or currency mismatch' : transaction.gatewayResponse },
      };
    },
  );

  app.post(
    '/api/paystack/webhook',
    { schema: { body: contract.providerWebhookBody, response: { 200: contract.webhookReceived } } },
    async (request) => {
      const raw = rawBodyOf(request);
      if (!isValidWebhookSignature(raw, request.headers['x-paystack-signature'], paystackSecret(app))) throw new UnauthorizedError(PAYSTACK_MESSAGES.invalidSignature);
      const { event, data } = request.body;
      if (event === 'transfer.success' || event === 'transfer.failed' || event === 'transfer.reversed') {
        await waitFor(await settleTransferWebhook(app.deps, data, request.log));
        return { received: true };
      }
      if (event !== 'charge.success') return { received: true };
      const reference = String(data.reference ?? '');
      const stream = reference && reference.length <= REFERENCE_LENGTH_MAX ? await app.deps.store.readStream(paystackDepositStreamId(reference)) : [];
      if (stream.length === 0) {
        request.log.warn({ reference }, 'paystack webhook for an unknown reference');
        return { received: true };
      }
      // Data is untrusted until the signature checked out (done above); amount and currency are still matched against what we initialized.
      const { position } = await settlePaystackDeposit(app.deps, reference, {
        status: String(data.status ?? 'success'),
        amountMinor: String(data.amount ?? ''),
        currency: String(data.currency ?? ''),
        channel: String(data.channel ?? ''),
        gatewayResponse: String(data.gateway_response ?? ''),
        via: 'webhook',
      });
      await waitFor(position);
      return { received: true };
    },
  );

  app.get(
    '/api/paystack/deposits',
    { onRequest: app.requireUser, schema: { response: { 200: contract.paystackDeposits } } },
    async (request) => {
      const rows = await listPaystackDeposits(app.deps.db, request.auth!.userId);
      return rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        amount: formatAmount(r.amount),
        currency: r.currency,
        status: r.status as contract.PaystackDepositStatus,
        channel: r.channel,
        gateway_response: r.gateway_response,
        authorization_url: r.authorization_url,
        created_at: r.created_at.toISOString(),
      }));
    },
  );
};
