import type { Decider } from '../event-store/command-handler.js';
import type { LiveCommand } from './commands.js';
import { decide } from './decide.js';
import type { LiveEvent } from './events.js';
import { evolve, initialState, type LiveState } from './state.js';

export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './rules.js';
export * from './snapshot.js';
export * from './suggest.js';
export * from './ids.js';

export const liveDecider: Decider<LiveState, LiveCommand, LiveEvent> = { initialState, evolve, decide };
