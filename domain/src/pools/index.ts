import type { Decider } from '../event-store/command-handler.js';
import type { PoolCommand } from './commands.js';
import { decide } from './decide.js';
import type { PoolEvent } from './events.js';
import { evolve, initialState, type PoolState } from './state.js';

export * from './rules.js';
export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './standings.js';
export * from './repair.js';
export * from './ids.js';

export const poolDecider: Decider<PoolState, PoolCommand, PoolEvent> = { initialState, evolve, decide };
export * from './entry-moves.js';
export * from './pool-money.js';
