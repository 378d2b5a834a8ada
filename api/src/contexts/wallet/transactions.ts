import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatAmount } from '@wager/domain/money/index';
import { listTransactions, TRANSACTIONS_PAGE_MAX } from '@wager/projections/wallet/queries';
import { trialBalance } from '@wager/projections/ledger/queries';
import { CHART_DAYS_DEFAULT, CHART_DAYS_MAX, dailyBalances } from '@wager/projections/admin/charts.queries';
import { userAvailable } from '@wager/domain/ledger/index';

const transactionJson = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  betId: z.string().nullable(),
  poolId: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
});

/** The user's transactions, newest first; their balance over time; the admin trial balance. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The player's available balance at the end of each UTC day (the wallet's chart), from the ledger journal. */
  app.get(
    '/api/wallet/balance-history',
    {
      onRequest: app.requireUser,
      schema: {
        querystring: z.object({ days: z.coerce.number().int().min(1).max(CHART_DAYS_MAX).default(CHART_DAYS_DEFAULT) }),
        response: { 200: z.object({ currency: z.string(), days: z.array(z.object({ day: z.string(), balance: z.string() })) }) },
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
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(TRANSACTIONS_PAGE_MAX).default(TRANSACTIONS_PAGE_MAX) }),
        response: { 200: z.array(transactionJson) },
      },
    },
    async (request) => {
      const rows = await listTransactions(app.deps.db, request.auth!.userId, request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        type: r.type,
        status: r.status,
        amount: formatAmount(r.amount),
        currency: r.currency,
        betId: r.bet_id,
        poolId: r.pool_id,
        reference: r.reference,
        description: r.description,
        createdAt: r.created_at.toISOString(),
      }));
    },
  );

  app.get(
    '/api/admin/ledger/trial-balance',
    {
      onRequest: app.requireAdmin,
      schema: {
        response: {
          200: z.object({
            balanced: z.boolean(),
            currencies: z.array(z.object({ currency: z.string(), total: z.string() })),
            accounts: z.array(z.object({ currency: z.string(), accountKind: z.string(), total: z.string(), accounts: z.number() })),
          }),
        },
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
