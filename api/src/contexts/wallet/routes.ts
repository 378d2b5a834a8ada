import type { FastifyInstance } from 'fastify';
import { paystackRoutes } from './paystack.js';
import { cryptoRoutes } from './crypto.js';
import { transactionRoutes } from './transactions.js';
import { saferPlayRoutes } from './safer-play-routes.js';
import { bankPayoutRoutes } from './bank-payouts.js';
import { bankPayoutAttentionRoutes } from './bank-payout-attention.js';
import { paystackSandbox } from '../../sandbox/paystack/index.js';
import { cryptoSandbox } from '../../sandbox/crypto/index.js';


/**
 * The wallet context's HTTP surface: Paystack and crypto deposits, crypto withdrawals,
 * transactions, the admin trial balance, and (outside production) the provider sandboxes.
 */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  await app.register(paystackRoutes);
  await app.register(cryptoRoutes);
  await app.register(transactionRoutes);
  await app.register(saferPlayRoutes);
  await app.register(bankPayoutRoutes);
  await app.register(bankPayoutAttentionRoutes);
  if (app.deps.config.NODE_ENV !== 'production') {
    await app.register(paystackSandbox, { prefix: '/sandbox/paystack' });
    await app.register(cryptoSandbox, { prefix: '/sandbox/crypto' });
  }
}
