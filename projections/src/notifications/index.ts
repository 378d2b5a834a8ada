export * from './projector.js';
export * from './queries.js';
export type * from './notifications.table.js';
