/**
 * The wallet feature's public face: what the app and the other features may use. Anything else
 * in this folder is the feature's own (the layering rule in .dependency-cruiser.cjs checks it).
 */
export { walletQueries, walletReadKeys } from './api/wallet-queries';
export { PayoutTimeNote } from './components/bank-withdrawals';
export { CryptoDepositForm } from './components/crypto-deposit-form';
export { PaystackDepositForm } from './components/paystack-deposit-form';
export { PaystackReturnHandler } from './components/paystack-return-handler';
export { DepositHistory, WalletPanel } from './components/wallet-panel';
