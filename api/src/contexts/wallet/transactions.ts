import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/wallet';
import { formatAmount } from '@wager/domain/money/index';
import { listTransactions, TRANSACTIONS_PAGE_MAX } from '@wager/projections/wallet/queries';
import type { TransactionRow } from '@wager/projections/wallet/wallet.table';
import { trialBalance } from '@wager/projections/ledger/queries';
import { CHART_DAYS_DEFAULT, CHART_DAYS_MAX, dailyBalances } from '@wager/projections/admin/charts.queries';
import { userAvailable } from '@wager/domain/ledger/index';
import { transactionDescriptionText } from '@wager/domain/wallet/index';


/** The user's transactions, newest first; their balance over time; the admin trial balance. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The player's available balance at the end of each UTC day (the wallet's chart), from the ledger journal. */
  app.get(
    '/api/wallet/balance-history',
    {
      onRequest: app.requireUser,
      schema: {
        querystring: contract.balanceHistoryQuery(CHART_DAYS_MAX, CHART_DAYS_DEFAULT),
        response: { 200: contract.balanceHistory },
      },
    },
    async (request) => {
      const currency = app.deps.config.WALLET_CURRENCY;
      const days = await dailyBalances(app.deps.db, userAvailable(request.auth!.userId, currency), app.deps.clock.now(), request.query.days);
      return { currency, days };
    },
  );

  app.get(
    '/api/transactions',
    {
      onRequest: app.requireUser,
      schema: {
        querystring: contract.transactionsQuery(TRANSACTIONS_PAGE_MAX),
        response: { 200: contract.transactions },
      },
    },
    async (request) => {
      const rows = await listTransactions(app.deps.db, request.auth!.userId, request.query.limit);
      return rows.map(toTransactionJson);
    },
  );

  app.get(
    '/api/admin/ledger/trial-balance',
    {
      onRequest: app.requireAdmin,
      schema: {
        response: { 200: contract.trialBalance },
      },
    },
    async () => {
      const { byCurrency, byKind } = await trialBalance(app.deps.db);
      const currencies = byCurrency.map((c) => ({ currency: c.currency, total: formatAmount(c.total) }));
      return {
        balanced: currencies.every((c) => c.total === '0.00'),
        currencies,
        accounts: byKind.map((k) => ({ currency: k.currency, accountKind: k.account_kind, total: formatAmount(k.total), accounts: Number(k.accounts) })),
      };
    },
  );
};

/** A transactions row as the wire shows it (the player's list and the admin's user record). */
export function toTransactionJson(r: TransactionRow): contract.Transaction {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    amount: formatAmount(r.amount),
    currency: r.currency,
    betId: r.bet_id,
    poolId: r.pool_id,
    reference: r.reference,
    description: transactionDescriptionText(r.description_code, r.description_params),
    descriptionCode: r.description_code,
    descriptionParams: { ...r.description_params },
    createdAt: r.created_at.toISOString(),
  };
}
