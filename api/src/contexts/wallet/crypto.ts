import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/wallet';
import { decidedAt, ConflictError, DomainError, NotFoundError, UnauthorizedError, type Position } from '@wager/domain';
import { runCryptoDepositCommand } from './commands/deposits.js';
import { formatAmount, CRYPTO_DECIMALS, Money } from '@wager/domain/money/index';
import {
  CRYPTO_CURRENCIES,
  cryptoDepositStreamId,
  deterministicId,
  parseCryptoDeposit,
  parseCryptoWithdrawal,
  usdValue,
  usdInWalletCurrency,
  WithdrawalNotPendingError,
} from '@wager/domain/wallet/index';
import { findCryptoDeposit, findCryptoWithdrawal, listCryptoDeposits, listCryptoWithdrawals, listWithdrawalsAwaitingKyc } from '@wager/projections/wallet/queries';
import type { CryptoDepositRow, CryptoWithdrawalRow } from '@wager/projections/wallet/wallet.table';
import { CRYPTO_WEBHOOK_SIGNATURE_HEADER, CryptoProviderRefusedError, CryptoProviderUnavailableError } from '../../adapters/crypto/client.js';
import { isValidWebhookSignature } from '../../adapters/paystack/signature.js';
import { cryptoClient, cryptoSecret, cryptoWebhookBaseUrl } from '../../adapters/providers.js';
import { recordCryptoConfirmations } from './commands/crypto-settlement.js';
import { executeWalletCommand } from './commands.js';
import { keepRawJsonBody, rawBodyOf } from './raw-body.js';
import { authorizeDeposit, releaseDepositAuthorization } from './safer-play.js';
import { cryptoPayoutPolicyOf, payoutRiskFacts } from './payout-facts.js';
import { isPayoutReviewReason } from '@wager/domain/wallet/payout-policy';
import type { WithdrawalRequestedData } from '@wager/domain/wallet/index';
import { StillProcessing } from '../../runtime/still-processing.js';
import { stillProcessing } from '@wager/domain/contracts/common';

export const CRYPTO_MESSAGES = { depositFailed: 'Failed to create crypto deposit', providerUnavailable: 'Crypto provider unavailable, please try again', invalidSignature: 'Invalid signature' } as const;

class ProviderUnavailable extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
}


function cryptoText(value: string): string {
  return new Money(value).toFixed(CRYPTO_DECIMALS).replace(/\.?0+$/, '');
}

function toDepositJson(r: CryptoDepositRow): contract.CryptoDeposit {
  return {
    id: r.id,
    status: r.status as contract.CryptoDeposit['status'],
    address: r.address,
    amount: cryptoText(r.crypto_amount),
    currency: r.cryptocurrency,
    network: r.network,
    usdAmount: formatAmount(r.usd_amount),
    confirmations: r.confirmations,
    txHash: r.tx_hash,
    expiresAt: r.expires_at.toISOString(),
    createdAt: r.created_at.toISOString(),
  };
}

function toWithdrawalJson(r: CryptoWithdrawalRow): contract.CryptoWithdrawal {
  return {
    id: r.id,
    amount: cryptoText(r.crypto_amount),
    currency: r.cryptocurrency,
    network: r.network,
    withdrawalAddress: r.withdrawal_address,
    usdAmount: formatAmount(r.usd_amount),
    status: r.status as contract.CryptoWithdrawal['status'],
    kycStatus: r.kyc_status as contract.CryptoWithdrawal['kycStatus'],
    requiresKyc: r.requires_kyc,
    txHash: r.tx_hash,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * Sends a held withdrawal to the provider and records it as submitted. A provider failure leaves
 * it pending with its hold; the admin approve route (or a later retry) sends it again, and the
 * provider dedupes by withdrawal id.
 */
export async function submitWithdrawal(app: FastifyInstance, row: Pick<CryptoWithdrawalRow, 'id' | 'user_id' | 'cryptocurrency' | 'network' | 'withdrawal_address' | 'crypto_amount'>): Promise<Position | null> {
  const sent = await cryptoClient(app).sendWithdrawal({
    withdrawalId: row.id,
    currency: row.cryptocurrency,
    network: row.network,
    address: row.withdrawal_address,
    amount: cryptoText(row.crypto_amount),
    callbackUrl: `${cryptoWebhookBaseUrl(app)}/api/crypto/webhook`,
  });
  const result = await executeWalletCommand(
    app.deps,
    { type: 'MarkWithdrawalSubmitted', data: { userId: row.user_id, withdrawalId: row.id, providerReference: sent.providerReference }, metadata: { now: app.deps.clock.now() } },
    deterministicId('withdrawal', row.id, 'submitted'),
    'system',
  );
  return decidedAt(result);
}

/** Crypto currencies, deposits and withdrawals (spec sections 3, 5, 7) and the provider webhook. */
export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJsonBody(app);
  const waitFor = async (position: Position | null | undefined) => {
    if (position) await app.deps.projections.waitFor(position);
  };

  app.get(
    '/api/crypto/currencies',
    { schema: { response: { 200: contract.cryptoCurrencies } } },
    async () => CRYPTO_CURRENCIES.map((c) => ({ code: c.code, name: c.name, networks: [...c.networks], minAmount: c.minAmount, maxAmount: c.maxAmount, usdRate: c.rate })),
  );

  app.post(
    '/api/crypto/deposits/create',
    { onRequest: app.requireMoneyMover, schema: { body: contract.cryptoDepositBody, response: { 200: contract.cryptoDeposit } } },
    async (request) => {
      const userId = request.auth!.userId;
      const { option, network, cryptoAmount } = parseCryptoDeposit(request.body);
      const depositId = app.deps.ids.uuid();
      // Counted against the player's deposit limits (its USD value at the spec's fixed rate, in
      // the wallet currency) and refused while excluded, before the provider issues an address.
      await authorizeDeposit(app.deps, { userId, depositId, provider: 'crypto', amount: usdInWalletCurrency(usdValue(option, cryptoAmount), app.deps.config.WALLET_CURRENCY) });
      let issued;
      try {
        issued = await cryptoClient(app).createDepositAddress({ depositId, currency: option.code, network, amount: cryptoText(cryptoAmount.toString()), callbackUrl: `${cryptoWebhookBaseUrl(app)}/api/crypto/webhook` });
      } catch (error) {
        if (error instanceof CryptoProviderUnavailableError || error instanceof CryptoProviderRefusedError) {
          request.log.warn({ err: error }, 'crypto address request failed');
          await releaseDepositAuthorization(app.deps, { userId, depositId, reason: 'address_not_issued' });
          throw new ProviderUnavailable(CRYPTO_MESSAGES.depositFailed);
        }
        throw error;
      }
      const result = await runCryptoDepositCommand(app.deps, depositId, {
        type: 'CreateCryptoDeposit',
        data: { depositId, userId, cryptocurrency: option.code, network, cryptoAmount: cryptoText(cryptoAmount.toString()), rate: option.rate, usdAmount: formatAmount(usdValue(option, cryptoAmount)), address: issued.address, providerReference: issued.providerReference },
        metadata: { now: app.deps.clock.now(), actor: userId },
      });
      await waitFor(decidedAt(result));
      const row = await findCryptoDeposit(app.deps.db, depositId);
      return toDepositJson(row!);
    },
  );

  app.get('/api/crypto/deposits', { onRequest: app.requireUser, schema: { response: { 200: contract.cryptoDeposits } } }, async (request) =>
    (await listCryptoDeposits(app.deps.db, request.auth!.userId)).map(toDepositJson),
  );

  app.get(
    '/api/crypto/deposits/:id',
    { onRequest: app.requireUser, schema: { params: contract.cryptoIdParams, response: { 200: contract.cryptoDeposit } } },
    async (request) => {
      const row = await findCryptoDeposit(app.deps.db, request.params.id);
      // Someone else's deposit is "not found", never "forbidden": ids are not confirmed to outsiders.
      if (!row || row.user_id !== request.auth!.userId) throw new NotFoundError('Deposit not found');
      return toDepositJson(row);
    },
  );

  app.post(
    '/api/crypto/withdrawals/create',
    {
      onRequest: app.requireMoneyMover,
      schema: { body: contract.cryptoWithdrawalBody, response: { 200: contract.cryptoWithdrawal, 202: stillProcessing } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { option, network, cryptoAmount, address } = parseCryptoWithdrawal(request.body);
      // The wallet decider decides auto or review, as for bank payouts (payout-facts.ts).
      const facts = await payoutRiskFacts(app.deps, { userId, sessionId: request.auth!.sessionId });
      const withdrawalId = app.deps.ids.uuid();
      const result = await executeWalletCommand(
        app.deps,
        {
          type: 'RequestWithdrawal', data: { userId, withdrawalId, cryptocurrency: option.code, network, cryptoAmount: cryptoText(cryptoAmount.toString()), withdrawalAddress: address, rate: option.rate, usdAmount: formatAmount(usdValue(option, cryptoAmount)), policy: cryptoPayoutPolicyOf(app.deps.config), facts }, metadata: { now: app.deps.clock.now() } },
        deterministicId('withdrawal', withdrawalId, 'request'),
        userId,
      );
      await waitFor(decidedAt(result));
      const requested = result.events.find((e) => e.type === 'WithdrawalRequested')?.data as WithdrawalRequestedData | undefined;
      const shown = await findCryptoWithdrawal(app.deps.db, withdrawalId);
      if (!shown) {
        // Recorded, but the read models are behind: send it on what the decision says (the route
        // knows every field), then answer 202; no job would send it later.
        if (requested && requested.kycStatus !== 'pending') {
          await submitWithdrawal(app, { id: withdrawalId, user_id: userId, cryptocurrency: requested.cryptocurrency, network: requested.network, withdrawal_address: requested.withdrawalAddress, crypto_amount: requested.cryptoAmount }).catch((error: unknown) => {
            request.log.warn({ err: error, withdrawalId }, 'crypto withdrawal submission failed');
          });
        }
        throw new StillProcessing('/api/crypto/withdrawals', { withdrawalId });
      }
      let row = shown;
      if (row.kyc_status !== 'pending') {
        const submitted = await submitWithdrawal(app, row).catch((error: unknown) => {
          // The hold stays; the withdrawal stays pending and is sent again on retry.
          request.log.warn({ err: error, withdrawalId }, 'crypto withdrawal submission failed');
          return null;
        });
        if (submitted) {
          await waitFor(submitted);
          row = (await findCryptoWithdrawal(app.deps.db, withdrawalId)) ?? row;
        }
      }
      return toWithdrawalJson(row);
    },
  );

  app.get('/api/crypto/withdrawals', { onRequest: app.requireUser, schema: { response: { 200: contract.cryptoWithdrawals } } }, async (request) =>
    (await listCryptoWithdrawals(app.deps.db, request.auth!.userId)).map(toWithdrawalJson),
  );

  /** Waiting for an admin, with the payout rules that held each (admins only: a player is not told which rule fired). */
  app.get(
    '/api/admin/crypto/withdrawals/kyc',
    { onRequest: app.requireAdmin, schema: { response: { 200: contract.cryptoWithdrawalsForReview } } },
    async () => (await listWithdrawalsAwaitingKyc(app.deps.db)).map((r) => ({ ...toWithdrawalJson(r), userId: r.user_id, reviewReasons: r.review_reasons.filter(isPayoutReviewReason) })),
  );

  /** An admin clears KYC on a held withdrawal (or retries a pending one): it is sent to the provider. */
  app.post(
    '/api/admin/crypto/withdrawals/:id/approve',
    { onRequest: app.requireAdmin, schema: { params: contract.cryptoIdParams, response: { 200: contract.cryptoWithdrawal } } },
    async (request) => {
      const row = await findCryptoWithdrawal(app.deps.db, request.params.id);
      if (!row) throw new NotFoundError('Withdrawal not found');
      if (row.status !== 'pending') throw new WithdrawalNotPendingError(row.status);
      const cleared = await executeWalletCommand(
        app.deps,
        { type: 'ClearWithdrawalKyc', data: { userId: row.user_id, withdrawalId: row.id, clearedBy: request.auth!.userId }, metadata: { now: app.deps.clock.now() } },
        deterministicId('withdrawal', row.id, 'kyc-cleared'),
        `admin:${request.auth!.userId}`,
      );
      await waitFor(decidedAt(cleared));
      try {
        await waitFor(await submitWithdrawal(app, row));
      } catch (error) {
        if (error instanceof CryptoProviderUnavailableError || error instanceof CryptoProviderRefusedError) throw new ProviderUnavailable(CRYPTO_MESSAGES.providerUnavailable);
        throw error;
      }
      return toWithdrawalJson((await findCryptoWithdrawal(app.deps.db, row.id))!);
    },
  );

  app.post(
    '/api/crypto/webhook',
    { schema: { body: contract.providerWebhookBody, response: { 200: contract.webhookReceived } } },
    async (request) => {
      if (!isValidWebhookSignature(rawBodyOf(request), request.headers[CRYPTO_WEBHOOK_SIGNATURE_HEADER], cryptoSecret(app))) throw new UnauthorizedError(CRYPTO_MESSAGES.invalidSignature);
      const { event, data } = request.body;
      const { deps } = app;
      const now = deps.clock.now();
      if (event === 'deposit.confirmations' || event === 'deposit.failed') {
        const depositId = String(data.depositId ?? '');
        const exists = depositId.length > 0 && depositId.length <= 100 && (await deps.store.readStream(cryptoDepositStreamId(depositId), { maxCount: 1 })).length > 0;
        if (!exists) return { received: true };
        if (event === 'deposit.failed') {
          const failed = await runCryptoDepositCommand(deps, depositId, { type: 'FailCryptoDeposit', data: { reason: String(data.reason ?? 'failed') }, metadata: { now, actor: 'crypto-provider' } });
          await waitFor(decidedAt(failed));
          return { received: true };
        }
        const confirmations = Number(data.confirmations);
        if (!Number.isInteger(confirmations) || confirmations < 0) return { received: true };
        const { position } = await recordCryptoConfirmations(deps, depositId, confirmations, String(data.txHash ?? ''));
        await waitFor(position);
        return { received: true };
      }
      if (event === 'withdrawal.completed' || event === 'withdrawal.cancelled') {
        const withdrawalId = String(data.withdrawalId ?? '');
        const row = withdrawalId && withdrawalId.length <= 100 ? await findCryptoWithdrawal(deps.db, withdrawalId) : undefined;
        if (!row) return { received: true };
        const completed = event === 'withdrawal.completed';
        const result = await executeWalletCommand(
          deps,
          completed
            ? { type: 'CompleteWithdrawal', data: { userId: row.user_id, withdrawalId, txHash: String(data.txHash ?? '') }, metadata: { now } }
            : { type: 'CancelWithdrawal', data: { userId: row.user_id, withdrawalId, reason: String(data.reason ?? 'Cancelled by the provider') }, metadata: { now } },
          deterministicId('withdrawal', withdrawalId, completed ? 'complete' : 'cancel'),
          'crypto-provider',
        ).catch((error: unknown) => {
          // A completion after a cancellation (or the reverse) is the provider contradicting itself: recorded nowhere, logged.
          if (error instanceof ConflictError) {
            request.log.warn({ err: error, withdrawalId }, 'contradictory withdrawal webhook');
            return null;
          }
          throw error;
        });
        await waitFor(result && decidedAt(result));
      }
      return { received: true };
    },
  );
};
