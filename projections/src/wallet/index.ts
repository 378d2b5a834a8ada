export * from './wallets.projector.js';
export * from './transactions.projector.js';
export * from './paystack-deposits.projector.js';
export * from './crypto.projector.js';
export * from './queries.js';
export type * from './wallet.table.js';
