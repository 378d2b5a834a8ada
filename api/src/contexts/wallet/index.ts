/**
 * The wallet context as one module: balances, Paystack and crypto deposits, crypto withdrawals,
 * the stake locks, refunds and payouts other contexts ask of it (its public command API).
 */
import type { ContextModule } from '../../runtime/context.js';
import { CryptoDepositExpiryJob } from './jobs.js';
import { walletLive } from './live.js';
import { walletCreditsReactor } from './reactors.js';
import { walletRoutes } from './routes.js';

export { lockStake, releaseStake, creditPayout, executeWalletCommand } from './commands.js';
export { walletBalancesFor } from './balances.js';

export const walletContext: ContextModule = {
  name: 'wallet',
  routes: walletRoutes,
  reactors: (deps) => [walletCreditsReactor(deps)],
  jobs: (deps) => [new CryptoDepositExpiryJob(deps)],
  live: walletLive,
};
