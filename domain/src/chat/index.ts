import type { Decider } from '../event-store/command-handler.js';
import type { ChatCommand } from './commands.js';
import { decide } from './decide.js';
import type { ChatEvent } from './events.js';
import { evolve, initialState, type ChatState } from './state.js';

export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './rules.js';

export const chatDecider: Decider<ChatState, ChatCommand, ChatEvent> = { initialState, evolve, decide };
export * from './ids.js';
export * from './notice-text.js';
