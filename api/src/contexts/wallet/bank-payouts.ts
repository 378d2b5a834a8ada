/**
 * Naira cash-out to a bank account through Paystack Transfers: banks, resolving an account
 * number to its name, the player's accounts, bank withdrawals and their statuses, the payout
 * time shown on the deposit page, admin review (hold / release / OTP), and the transfer
 * webhooks (called from the Paystack webhook route, after its signature check).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/wallet';
import { stillProcessing } from '@wager/domain/contracts/common';
import { decidedAt, DomainError, NotFoundError, TooManyRequestsError, ValidationError, foldStream, type Position } from '@wager/domain';
import { formatAmount } from '@wager/domain/money/index';
import {
  bankAccountsDecider,
  bankAccountsStreamId,
  existingBankAccount,
  bankWithdrawalsOf,
  isPayoutReviewReason,
  PAYOUT_REVIEW_REASONS,
  parseBankAccountInput,
  parseBankWithdrawal,
  toMinorUnits,
  transferAwaitingOtp,
  OtpNoLongerNeededError,
  walletDecider,
  walletStreamId,
} from '@wager/domain/wallet/index';
import { Money } from '@wager/domain/money/index';
import {
  findBankWithdrawal,
  findBankWithdrawalByReference,
  listBankAccounts,
  listBankWithdrawals,
  listBankWithdrawalsAwaitingReview,
  medianPayoutMinutes,
  PAYOUT_TIME_SAMPLE_MIN,
} from '@wager/projections/wallet/bank-payouts.queries';
import type { BankAccountRow, BankWithdrawalRow } from '@wager/projections/wallet/bank-payouts.table';
import { addBankAccount } from './commands/bank-accounts.js';
import { PaystackRefusedError, PaystackUnavailableError, type PaystackTransfer } from '../../adapters/paystack/client.js';
import { paystackClient } from '../../adapters/providers.js';
import type { AppDeps } from '../../deps.js';
import { executeBankWithdrawalCommand, recordTransfer, sendBankWithdrawal } from './commands/bank-payout-settlement.js';
import { payoutPolicyOf, payoutRiskFacts } from './payout-facts.js';
import { countHit, type WindowLimit } from '../../runtime/rate-limit.js';
import { shownOrStillProcessing } from '../../runtime/still-processing.js';
import { bankAccountFingerprint, bankAccountFingerprintKey } from './bank-account-ids.js';

export const BANK_PAYOUT_MESSAGES = {
  providerUnavailable: 'Payment provider unavailable, please try again',
  accountNotResolved: 'Could not resolve the account name. Check the bank and account number.',
  bankAccountNotFound: 'Bank account not found',
  reasonRequired: 'Reason is required',
  otpRefused: 'Paystack refused the OTP. Check the code and try again.',
} as const;
export const REASON_LENGTH_MAX = contract.ADMIN_REASON_LENGTH_MAX;
/**
 * Resolving an account number reveals its holder's name: a player gets a few lookups an hour
 * (resolve and add together), so the endpoint cannot be used to harvest names.
 */
export const ACCOUNT_LOOKUPS_PER_USER: WindowLimit = { max: 10, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_LOOKUPS = 'Too many bank account lookups. Please try again later.';

class ProviderUnavailable extends DomainError {
  constructor() {
    super(502, BANK_PAYOUT_MESSAGES.providerUnavailable);
  }
}


function toAdminWithdrawalJson(r: BankWithdrawalRow, now: Date): contract.AdminBankWithdrawal {
  return {
    ...toWithdrawalJson(r, now),
    userId: r.user_id,
    holdReason: r.hold_reason,
    awaitingOtp: r.status === 'sent' && r.provider_status === 'otp',
    reviewReasons: r.review_reasons.filter(isPayoutReviewReason),
    automatic: r.automatic,
  };
}

function toAccountJson(r: BankAccountRow): contract.BankAccount {
  return { id: r.id, bankCode: r.bank_code, bankName: r.bank_name, accountName: r.account_name, accountNumber: r.account_number_masked, addedAt: r.added_at.toISOString() };
}

function waitingOf(r: BankWithdrawalRow, now: Date): contract.BankWithdrawal['waiting'] {
  if (r.status !== 'requested') return null;
  if (r.admin_held) return 'admin_hold';
  if (r.kyc_pending) return 'review';
  return r.not_before.getTime() > now.getTime() ? 'new_account' : null;
}

function toWithdrawalJson(r: BankWithdrawalRow, now: Date): contract.BankWithdrawal {
  return {
    id: r.id,
    amount: formatAmount(r.amount),
    currency: r.currency,
    status: r.status as contract.BankWithdrawal['status'],
    reference: r.reference,
    bankAccountId: r.bank_account_id,
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNumber: r.account_number_masked,
    requiresKyc: r.requires_kyc,
    waiting: waitingOf(r, now),
    notBefore: r.not_before.toISOString(),
    returnReason: r.return_reason,
    requestedAt: r.requested_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    paidAt: r.paid_at?.toISOString() ?? null,
    returnedAt: r.returned_at?.toISOString() ?? null,
  };
}

async function providerCall<T>(log: FastifyBaseLogger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaystackUnavailableError || error instanceof PaystackRefusedError) {
      log.warn({ err: error }, `paystack ${what} failed`);
      if (error instanceof PaystackRefusedError && what === 'resolve') throw new ValidationError(BANK_PAYOUT_MESSAGES.accountNotResolved, { code: 'account_not_resolved' });
      if (error instanceof PaystackRefusedError && what === 'finalize') throw new ValidationError(BANK_PAYOUT_MESSAGES.otpRefused, { code: 'otp_refused' });
      throw new ProviderUnavailable();
    }
    throw error;
  }
}


/**
 * A transfer webhook (`transfer.success` / `failed` / `reversed`), already signature-checked.
 * Unknown references and amounts that are not ours are logged and acknowledged: Paystack
 * retries anything else, and the reconciler's verify poll is the safety net.
 */
export async function settleTransferWebhook(deps: AppDeps, data: Record<string, unknown>, log: FastifyBaseLogger): Promise<Position | null> {
  const reference = String(data.reference ?? '');
  const row = reference && reference.length <= 100 ? await findBankWithdrawalByReference(deps.db, reference) : undefined;
  if (!row) {
    log.warn({ reference }, 'transfer webhook for an unknown reference');
    return null;
  }
  if (String(data.amount ?? '') !== toMinorUnits(new Money(row.amount))) {
    log.warn({ reference, amount: data.amount }, 'transfer webhook amount does not match the withdrawal');
    return null;
  }
  const transfer = { status: String(data.status ?? ''), reference, transferCode: String(data.transfer_code ?? ''), amountMinor: String(data.amount), currency: String(data.currency ?? ''), reason: String(data.reason ?? '') };
  return recordTransfer(deps, { withdrawalId: row.id, userId: row.user_id }, transfer, 'webhook');
}

export const bankPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const waitFor = async (position: Position | null | undefined) => {
    if (position) await deps.projections.waitFor(position);
  };
  const currency = () => deps.config.WALLET_CURRENCY;
  const countLookup = async (userId: string) => {
    const state = await countHit(deps.db, `bank-lookup:${userId}`, ACCOUNT_LOOKUPS_PER_USER, deps.clock.now());
    if (state.count > ACCOUNT_LOOKUPS_PER_USER.max) throw new TooManyRequestsError(TOO_MANY_LOOKUPS, state.retryAfterSeconds, { code: 'too_many_bank_lookups' });
  };
  /** The body's bank and the name Paystack holds for the number (counted against the player's lookups), or a 400 when the bank is not one Paystack lists. */
  const resolveAccount = async (request: Pick<FastifyRequest, 'auth' | 'log'>, body: { bankCode?: unknown; accountNumber?: unknown }) => {
    const { bankCode, accountNumber } = parseBankAccountInput(body);
    await countLookup(request.auth!.userId);
    const client = paystackClient(app);
    const bank = (await providerCall(request.log, 'banks', () => client.listBanks(currency()))).find((b) => b.code === bankCode);
    if (!bank) throw new ValidationError(BANK_PAYOUT_MESSAGES.accountNotResolved, { code: 'account_not_resolved' });
    const { accountName } = await providerCall(request.log, 'resolve', () => client.resolveAccount(accountNumber, bankCode));
    return { client, bankCode, accountNumber, bankName: bank.name, accountName };
  };

  app.get('/api/banks', { onRequest: app.requireUser, schema: { response: { 200: contract.banks } } }, async (request) =>
    providerCall(request.log, 'banks', () => paystackClient(app).listBanks(currency())),
  );

  app.post(
    '/api/bank-accounts/resolve',
    { onRequest: app.requireUser, schema: { body: contract.bankAccountBody, response: { 200: contract.resolvedBankAccount } } },
    async (request) => {
      const { bankCode, bankName, accountName } = await resolveAccount(request, request.body);
      return { bankCode, bankName, accountName };
    },
  );

  /** Resolves the number again (the name shown is never taken from the client) and keeps Paystack's recipient. */
  app.post(
    '/api/bank-accounts',
    { onRequest: app.requireUser, schema: { body: contract.bankAccountBody, response: { 200: contract.bankAccount } } },
    async (request) => {
      const userId = request.auth!.userId;
      const { client, bankCode, accountNumber, bankName, accountName } = await resolveAccount(request, request.body);
      const { recipientCode } = await providerCall(request.log, 'recipient', () => client.createRecipient({ name: accountName, accountNumber, bankCode, currency: currency() }));
      const now = deps.clock.now();
      // A random id (nothing about the number); the fingerprint, keyed by the server's secret, finds the account if it was added before.
      const accountFingerprint = bankAccountFingerprint(await bankAccountFingerprintKey(deps, now), userId, bankCode, accountNumber);
      const result = await addBankAccount(deps, { type: 'AddBankAccount', data: { userId, bankAccountId: deps.ids.uuid(), accountFingerprint, bankCode, bankName, accountNumber, accountName, recipientCode }, metadata: { now, actor: userId } });
      await waitFor(decidedAt(result));
      const state = foldStream(bankAccountsDecider, await deps.store.readStream(bankAccountsStreamId(userId)));
      const a = existingBankAccount(state, { userId, bankCode, accountNumber, accountFingerprint })!;
      return { id: a.bankAccountId, bankCode: a.bankCode, bankName: a.bankName, accountName: a.accountName, accountNumber: a.accountNumberMasked, addedAt: a.addedAt };
    },
  );

  app.get('/api/bank-accounts', { onRequest: app.requireUser, schema: { response: { 200: contract.bankAccounts } } }, async (request) =>
    (await listBankAccounts(deps.db, request.auth!.userId)).map(toAccountJson),
  );

  app.post(
    '/api/withdrawals/bank',
    { onRequest: app.requireMoneyMover, schema: { body: contract.bankWithdrawalBody, response: { 200: contract.bankWithdrawal, 202: stillProcessing } } },
    async (request) => {
      const userId = request.auth!.userId;
      const { amount, bankAccountId } = parseBankWithdrawal(request.body);
      // The account must be the player's own: an id from someone else is "not found".
      const accounts = foldStream(bankAccountsDecider, await deps.store.readStream(bankAccountsStreamId(userId))).accounts;
      const account = accounts[bankAccountId];
      if (!account) throw new NotFoundError(BANK_PAYOUT_MESSAGES.bankAccountNotFound, { code: 'bank_account_not_found' });
      // The wallet decider decides auto or review: tier totals from the wallet stream it appends against, the rest from these facts.
      const facts = await payoutRiskFacts(deps, { userId, sessionId: request.auth!.sessionId });
      const withdrawalId = deps.ids.uuid();
      const position = await executeBankWithdrawalCommand(
        deps,
        { type: 'RequestBankWithdrawal', data: { userId, withdrawalId, account, amount: formatAmount(amount), currency: currency(), policy: payoutPolicyOf(deps.config), facts }, metadata: { now: deps.clock.now() } },
        userId,
      );
      await waitFor(position);
      // Not shown yet (the read models are behind): 202; the reconciler sends it once it is.
      const row = await shownOrStillProcessing(() => findBankWithdrawal(deps.db, withdrawalId), '/api/withdrawals/bank', { withdrawalId });
      await sendNow(app, row, request.log);
      return toWithdrawalJson((await findBankWithdrawal(deps.db, withdrawalId)) ?? row, deps.clock.now());
    },
  );

  app.get('/api/withdrawals/bank', { onRequest: app.requireUser, schema: { response: { 200: contract.bankWithdrawals } } }, async (request) => {
    const now = deps.clock.now();
    return (await listBankWithdrawals(deps.db, request.auth!.userId)).map((r) => toWithdrawalJson(r, now));
  });

  /** The median over automatic payouts only (no person in the loop), and none below PAYOUT_TIME_SAMPLE_MIN of them. */
  app.get(
    '/api/withdrawals/bank/payout-time',
    { onRequest: app.requireUser, schema: { response: { 200: contract.bankPayoutTime } } },
    async () => {
      const median = await medianPayoutMinutes(deps.db);
      return { medianMinutes: median.minutes, sample: median.sample, sampleMin: PAYOUT_TIME_SAMPLE_MIN, automaticOnly: true as const };
    },
  );

  app.get('/api/admin/withdrawals/bank', { onRequest: app.requireAdmin, schema: { response: { 200: contract.adminBankWithdrawals } } }, async () => {
    const now = deps.clock.now();
    return (await listBankWithdrawalsAwaitingReview(deps.db)).map((r) => toAdminWithdrawalJson(r, now));
  });

  for (const action of ['hold', 'release'] as const) {
    app.post(
      `/api/admin/withdrawals/bank/:id/${action}`,
      { onRequest: app.requireAdmin, schema: { params: contract.withdrawalIdParams, body: contract.adminReasonBody, response: { 200: contract.adminBankWithdrawal } } },
      async (request) => {
        const row = await findBankWithdrawal(deps.db, request.params.id);
        if (!row) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
        const by = request.auth!.userId;
        const data = { userId: row.user_id, withdrawalId: row.id, by, reason: request.body.reason };
        const now = deps.clock.now();
        const position = await executeBankWithdrawalCommand(deps, action === 'hold' ? { type: 'HoldBankWithdrawal', data, metadata: { now } } : { type: 'ReleaseBankWithdrawal', data, metadata: { now } }, `admin:${by}`);
        await waitFor(position);
        // An earlier attempt (before a hold) may have reached Paystack: ask for the reference first.
        if (action === 'release') await sendNow(app, (await findBankWithdrawal(deps.db, row.id))!, request.log, true);
        const after = (await findBankWithdrawal(deps.db, row.id))!;
        return toAdminWithdrawalJson(after, deps.clock.now());
      },
    );
  }

  /**
   * A transfer Paystack holds for an OTP (OTP enabled on the business account) is finished by an
   * admin. The answer is read after Paystack's new status is recorded, so it no longer reads
   * `awaitingOtp`; a second entry is a 409 `otp_no_longer_needed`, not a refused code.
   */
  app.post(
    '/api/admin/withdrawals/bank/:id/otp',
    { onRequest: app.requireAdmin, schema: { params: contract.withdrawalIdParams, body: contract.bankWithdrawalOtpBody, response: { 200: contract.adminBankWithdrawal } } },
    async (request) => {
      const row = await findBankWithdrawal(deps.db, request.params.id);
      if (!row) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
      await finalizeWithOtp(app, row, request.body.otp, request.log);
      const after = (await findBankWithdrawal(deps.db, row.id))!;
      return toAdminWithdrawalJson(after, deps.clock.now());
    },
  );
};

/**
 * Decides on the wallet stream (not the read model, which may lag) whether the transfer waits for
 * an OTP, sends the OTP, and records what Paystack says. Paystack refuses both a wrong code and a
 * transfer no longer waiting (finalized by another admin or on Paystack's dashboard): it is asked
 * which, and the second is recorded and answered as such.
 */
async function finalizeWithOtp(app: FastifyInstance, row: BankWithdrawalRow, otp: string, log: FastifyBaseLogger): Promise<void> {
  const { deps } = app;
  const target = { withdrawalId: row.id, userId: row.user_id };
  const withdrawal = bankWithdrawalsOf(foldStream(walletDecider, await deps.store.readStream(walletStreamId(row.user_id))))[row.id];
  if (!withdrawal) throw new NotFoundError('Withdrawal not found', { code: 'withdrawal_not_found' });
  const transferCode = transferAwaitingOtp(withdrawal);
  const client = paystackClient(app);
  let transfer: PaystackTransfer;
  try {
    transfer = await client.finalizeTransfer(transferCode, otp);
  } catch (error) {
    const current = error instanceof PaystackRefusedError ? await client.verifyTransfer(row.reference).catch(() => null) : null;
    if (!current || current.status === 'otp') return providerCall(log, 'finalize', () => Promise.reject(error));
    log.info({ withdrawalId: row.id, status: current.status }, 'OTP entered for a transfer no longer waiting for one');
    await waitForPosition(deps, await recordTransfer(deps, target, current, 'verify'));
    throw new OtpNoLongerNeededError();
  }
  await waitForPosition(deps, await recordTransfer(deps, target, { ...transfer, reference: row.reference }, 'verify'));
}

async function waitForPosition(deps: AppDeps, position: Position | null): Promise<void> {
  if (position) await deps.projections.waitFor(position);
}

/** Sends at once when free to go; a provider failure leaves the hold and the reconciler retries. */
async function sendNow(app: FastifyInstance, row: BankWithdrawalRow, log: FastifyBaseLogger, verifyFirst = false): Promise<void> {
  const state = foldStream(walletDecider, await app.deps.store.readStream(walletStreamId(row.user_id)));
  if (!bankWithdrawalsOf(state)[row.id]) return;
  const result = await sendBankWithdrawal(app.deps, paystackClient(app), { withdrawalId: row.id, userId: row.user_id, reference: row.reference, amount: row.amount, recipientCode: row.recipient_code }, { verifyFirst });
  if (result.kind === 'failed') log.warn({ err: result.error, withdrawalId: row.id }, 'bank transfer not sent; recorded, the reconciler retries after a backoff or it waits for an admin');
  if (result.kind !== 'not-sendable' && result.position) await app.deps.projections.waitFor(result.position);
}
