export type * from './chat.table.js';
export * from './chats.projector.js';
export * from './messages.projector.js';
export * from './queries.js';
