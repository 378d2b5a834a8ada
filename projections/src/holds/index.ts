export type * from './stake-holds.table.js';
export * from './stake-holds.projector.js';
export * from './queries.js';
