/**
 * Several wallet commands on one wallet, decided in order over the state each leaves and appended
 * once (docs/architecture.md, "One command, one transaction"): e.g. what Paystack reports about a
 * transfer, made and already final (paid, or failed with the hold returned), is one append, never
 * a record of the send with the money move left to a second one.
 */
import type { Decider } from '../event-store/command-handler.js';
import type { Command } from '../shared/command.js';
import type { WalletCommand } from './commands.js';
import { walletDecider } from './decider.js';
import type { WalletEvent } from './events.js';
import type { WalletState } from './state.js';

export type WalletSteps = Command<'WalletSteps', { readonly userId: string; readonly steps: readonly WalletCommand[] }>;

export function decideWalletSteps(command: WalletSteps, state: WalletState): WalletEvent[] {
  const events: WalletEvent[] = [];
  let current = state;
  for (const step of command.data.steps) {
    const decided = walletDecider.decide(step, current);
    events.push(...decided);
    current = decided.reduce(walletDecider.evolve, current);
  }
  return events;
}

export const walletStepsDecider: Decider<WalletState, WalletSteps, WalletEvent> = { initialState: walletDecider.initialState, evolve: walletDecider.evolve, decide: decideWalletSteps };
