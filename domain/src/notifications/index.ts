import type { Decider } from '../event-store/command-handler.js';
import type { NotificationCommand } from './commands.js';
import { decide } from './decide.js';
import type { NotificationEvent } from './events.js';
import { evolve, initialState, type NotificationsState } from './state.js';

export * from './categories.js';
export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './plan.js';
export * from './render.js';
export * from './names.js';

export const notificationsDecider: Decider<NotificationsState, NotificationCommand, NotificationEvent> = { initialState, evolve, decide };
