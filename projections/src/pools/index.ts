export type * from './pools.table.js';
export * from './projector.js';
export * from './queries.js';
