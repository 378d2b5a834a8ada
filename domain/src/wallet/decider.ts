import type { Decider } from '../event-store/command-handler.js';
import type { WalletCommand } from './commands.js';
import type { WalletEvent } from './events.js';
import { decide } from './decide.js';
import { evolve, initialState, type WalletState } from './state.js';

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = { initialState, evolve, decide };
