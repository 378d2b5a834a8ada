/**
 * The pure decisions of the bet's follow-ups (docs/architecture.md, "Reactors"). The API's process
 * managers only execute what these say: which money and chat follow a recorded bet event, and what
 * the reconciler does with a stake lock left open. Every answer is decided from the bet's own
 * events, never from a read model. (Creating and accepting a bet are no sagas: they are decided
 * over the bet and the wallet together, stake-moves.ts.)
 */
import type { BetCommand } from './commands.js';
import { betPayout, decide } from './decide.js';
import type { AppealDecidedData, BetEvent } from './events.js';
import type { AppealAdjustment } from './appeals.js';
import type { BetState, ExistingBet } from './state.js';

/** One step that must follow a recorded bet event; each is idempotent by its deterministic id. */
export type BetFollowUp =
  | { readonly kind: 'refund'; readonly betId: string; readonly userId: string; readonly reason: string }
  | { readonly kind: 'payout'; readonly betId: string; readonly userId: string; readonly amount: string; readonly currency: string }
  | { readonly kind: 'open-chat'; readonly betId: string; readonly opponentId: string };

/** The money and chat that follow one recorded bet event. */
export function followUpsOf(event: BetEvent): BetFollowUp[] {
  switch (event.type) {
    case 'BetCancelled':
    case 'BetExpired':
    case 'BetVoided':
      return event.data.refunds.map((refund) => ({ kind: 'refund' as const, betId: event.data.betId, userId: refund.userId, reason: event.type }));
    case 'BetSettled':
      return [{ kind: 'payout', betId: event.data.betId, userId: event.data.winnerId, amount: event.data.payoutAmount, currency: event.data.currency }];
    case 'BetAccepted':
      return [{ kind: 'open-chat', betId: event.data.betId, opponentId: event.data.opponentId }];
    default:
      return [];
  }
}

/** What the reconciler does with one player's stake lock on a bet, left open past the grace period. */
export type HoldReconciliation =
  | { readonly kind: 'release'; readonly reason: string }
  | { readonly kind: 'payout'; readonly followUp: Extract<BetFollowUp, { kind: 'payout' }> }
  | { readonly kind: 'open-chat'; readonly opponentId: string }
  | { readonly kind: 'nothing' };

/**
 * A player's lock on a finished bet whose follow-up is missing → do it (the refund, or the
 * payout to the winner only). Creating and accepting a bet lock the stake in the same
 * transaction as the bet's event, so a lock with no bet, or a lock by someone who is not a
 * player, is only ever left by a saga of an earlier release that crashed half way: it goes back.
 */
export function reconcileHold(state: BetState, userId: string): HoldReconciliation {
  if (!('bet' in state)) return { kind: 'release', reason: 'bet_not_found' };
  const bet: ExistingBet = state;
  const isPlayer = userId === bet.bet.challengerId || userId === bet.opponentId;
  if (!isPlayer) return { kind: 'release', reason: 'challenge_taken' };
  if (bet.status === 'cancelled' || bet.status === 'expired' || bet.status === 'voided') return { kind: 'release', reason: `bet_${bet.status}` };
  if (bet.status === 'completed') {
    if (bet.winnerId !== userId) return { kind: 'nothing' };
    return { kind: 'payout', followUp: { kind: 'payout', betId: bet.bet.betId, userId, amount: betPayout(bet.bet.amount), currency: bet.bet.currency } };
  }
  // An accepted (or reported, disputed) bet whose chat creation may have been interrupted.
  if (bet.status !== 'pending' && bet.opponentId) return { kind: 'open-chat', opponentId: bet.opponentId };
  return { kind: 'nothing' };
}

/** One step of an overturned appeal's correction, in the order the saga must run them. */
export type AppealStep =
  | { readonly kind: 'adjust-wallet'; readonly betId: string; readonly userId: string; readonly amount: string; readonly currency: string; readonly reversesEventId: string }
  | { readonly kind: 'adjust-fees'; readonly betId: string };

/**
 * The compensating steps of an appeal decision: the debits first (they fill the reopened escrow),
 * then the platform's fee change, then the credits; so the escrow never goes below zero on the
 * way and drains to exactly zero. Nothing for an upheld appeal. Each step is idempotent (the
 * wallet keeps one correction per (bet, player), the bet one fee adjustment).
 */
export function appealStepsOf(decided: AppealDecidedData): AppealStep[] {
  if (decided.outcome !== 'overturned') return [];
  const wallet = (a: AppealAdjustment): AppealStep => ({ kind: 'adjust-wallet', betId: decided.betId, userId: a.userId, amount: a.amount, currency: decided.currency, reversesEventId: decided.reversesEventId });
  const debits = decided.adjustments.filter((a) => a.amount.startsWith('-')).map(wallet);
  const credits = decided.adjustments.filter((a) => !a.amount.startsWith('-')).map(wallet);
  return [...debits, { kind: 'adjust-fees', betId: decided.betId }, ...credits];
}
