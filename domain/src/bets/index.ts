import type { Decider } from '../event-store/command-handler.js';
import type { BetCommand } from './commands.js';
import { decide } from './decide.js';
import type { BetEvent } from './events.js';
import { evolve, initialState, type BetState } from './state.js';

export * from './rules.js';
export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './appeals.js';

export const betDecider: Decider<BetState, BetCommand, BetEvent> = { initialState, evolve, decide };
export * from './saga.js';
export * from './ids.js';
export * from './stake-moves.js';
export * from './money-moves.js';
