/**
 * The one follow-up of a bet event that stays a process manager (docs/architecture.md,
 * "Reactors"): the chat opened on acceptance. It moves no money, so it need not be atomic with
 * the acceptance; every transition that moves money is decided over the bet and the wallets
 * together and appended once (stake-moves.ts, money-moves.ts).
 */
import type { BetEvent } from './events.js';

/** One step that must follow a recorded bet event; idempotent by its deterministic id. */
export type BetFollowUp = { readonly kind: 'open-chat'; readonly betId: string; readonly opponentId: string };

/** The chat that follows one recorded bet event. */
export function followUpsOf(event: BetEvent): BetFollowUp[] {
  return event.type === 'BetAccepted' ? [{ kind: 'open-chat', betId: event.data.betId, opponentId: event.data.opponentId }] : [];
}
