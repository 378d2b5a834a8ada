export type * from './live.table.js';
export * from './view.js';
export * from './live.projector.js';
export * from './queries.js';
