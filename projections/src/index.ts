export * from './database.js';
export * from './projector.js';
export * from './runner.js';
export * from './rebuild.js';
export * from './migrations/index.js';
export * from './checkpoints/queries.js';
export type * from './checkpoints/checkpoints.table.js';
export * from './all-projectors.js';
export * from './checkpoints/watcher.js';
