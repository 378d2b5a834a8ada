import type { Decider } from '../event-store/command-handler.js';
import type { UserCommand } from './commands.js';
import { decide } from './decide.js';
import type { UserEvent } from './events.js';
import { evolve, initialState, type UserState } from './state.js';

export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './rules.js';
export * from './reference-data.js';
export * from './phone.js';
export * from './phone-number.js';
export * from './profile-phone.js';
export * from './devices.js';
export * from './restrictions.js';

/** The `user-<id>` stream's decider. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };
export * from './privacy.js';
