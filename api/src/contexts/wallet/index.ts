/**
 * The wallet context as one module: balances, Paystack and crypto deposits, crypto withdrawals,
 * the stake locks, refunds and payouts other contexts ask of it (its public command API).
 */
import type { ContextModule } from '../../runtime/context.js';
import { CryptoDepositExpiryJob } from './jobs.js';
import { BankPayoutReconciler } from './bank-payout-reconciler.js';
import { LegacyBankAccountIdJob } from './bank-account-ids.js';
import { paystackClientFromConfig } from '../../adapters/providers.js';
import { walletLive } from './live.js';
import { depositLimitReleaseReactor } from './reactors.js';
import { walletRoutes } from './routes.js';
import { walletTrail } from './trail.js';

export { lockStake, releaseStake, creditPayout, executeWalletCommand } from './commands.js';
export { stakeTerms } from './commands.js';
export { walletBalancesFor } from './balances.js';
export { saferPlayOf, authorizeDeposit } from './safer-play.js';
export { saferPlayStateFor, type SaferPlayStateJson } from './safer-play-state.js';
export { escrowLedger, type EscrowLedger, type EscrowMovement } from './escrow-ledger.js';
export { saferPlayForAdmin, saferPlayAdminJson, type SaferPlayAdminJson } from './safer-play-admin.js';
export { escrowProof, escrowProofJson, type EscrowProofJson } from './escrow-proof.js';
export { attentionWithdrawalJson, toAttentionJson, type AttentionWithdrawalJson } from './bank-payout-attention.js';
export { BANK_RECONCILE_STALE_MS } from './bank-payout-reconciler.js';

export const walletContext: ContextModule = {
  name: 'wallet',
  routes: walletRoutes,
  reactors: (deps) => [depositLimitReleaseReactor(deps)],
  jobs: (deps) => [new CryptoDepositExpiryJob(deps), new BankPayoutReconciler(deps, () => paystackClientFromConfig(deps.config)), new LegacyBankAccountIdJob(deps)],
  live: walletLive,
  trail: walletTrail,
};
export { toTransactionJson } from './transactions.js';
