export type * from './bets.table.js';
export * from './projector.js';
export * from './user-stats.projector.js';
export * from './trail.projector.js';
export * from './queries.js';
