export type * from './holds.table.js';
export * from './projector.js';
export * from './queries.js';
