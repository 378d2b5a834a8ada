import type { Decider } from '../event-store/command-handler.js';
import type { LiveCommand } from './commands.js';
import { decide } from './decide.js';
import type { LiveEvent } from './events.js';
import { evolve, initialState, type LiveState } from './state.js';
import { decideProviderMatch, evolveProviderMatch, initialProviderMatchState, type ProviderMatchCommand, type ProviderMatchEvent, type ProviderMatchState } from './claims.js';

export * from './events.js';
export * from './commands.js';
export * from './state.js';
export * from './decide.js';
export * from './rules.js';
export * from './snapshot.js';
export * from './suggest.js';
export * from './ids.js';

export * from './claims.js';

export const liveDecider: Decider<LiveState, LiveCommand, LiveEvent> = { initialState, evolve, decide };
export const providerMatchDecider: Decider<ProviderMatchState, ProviderMatchCommand, ProviderMatchEvent> = {
  initialState: initialProviderMatchState,
  evolve: evolveProviderMatch,
  decide: decideProviderMatch,
};
