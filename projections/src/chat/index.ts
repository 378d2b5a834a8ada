export type * from './chat.table.js';
export type * from './moderation-requests.table.js';
export * from './moderation-requests.projector.js';
export * from './chats.projector.js';
export * from './messages.projector.js';
export * from './queries.js';
