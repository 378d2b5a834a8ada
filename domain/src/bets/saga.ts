/**
 * The pure decisions of the bet sagas (docs/architecture.md, "Reactors"). The API's process managers only
 * execute what these say: which money and chat follow a recorded bet event, whether a player
 * whose acceptance failed gets the stake back, and what the reconciler does with a stake lock
 * left open. Every answer is decided from the bet's own events, never from a read model.
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

/**
 * Whether the decider would let this player accept the bet now: the one place the acceptance
 * rules live is the decider, so this asks it rather than restating them.
 */
export function stillAcceptableBy(state: BetState, userId: string, now: Date): boolean {
  if (!('bet' in state) || state.status !== 'pending') return false;
  const command: BetCommand = { type: 'AcceptBet', data: { betId: state.bet.betId, acceptorId: userId, via: 'invite', playDeadlineMs: 0 }, metadata: { now } };
  try {
    return decide(command, state).length > 0;
  } catch {
    return false;
  }
}

/**
 * After a player's acceptance failed (a lost race, an expiry meanwhile): the stake they locked
 * goes back once the bet can never be theirs; it stays while they hold the bet, or while the
 * saga may still finish (the reconciler completes it).
 */
export function afterFailedAcceptance(state: BetState, userId: string, now: Date): 'release' | 'keep' {
  if (!('bet' in state)) return 'release';
  if (state.opponentId === userId && state.status !== 'pending') return 'keep';
  return stillAcceptableBy(state, userId, now) ? 'keep' : 'release';
}

/** What the reconciler does with one player's stake lock on a bet, left open past the grace period. */
export type HoldReconciliation =
  | { readonly kind: 'abandon-creation' }
  | { readonly kind: 'complete-acceptance' }
  | { readonly kind: 'release'; readonly reason: string }
  | { readonly kind: 'payout'; readonly followUp: Extract<BetFollowUp, { kind: 'payout' }> }
  | { readonly kind: 'open-chat'; readonly opponentId: string }
  | { readonly kind: 'nothing' };

/**
 * Creation never recorded → tombstone and refund. An acceptor's lock on a bet still acceptable by
 * them → finish the acceptance; on a bet taken by someone else or over → refund. A player's lock
 * on a finished bet whose follow-up is missing → do it (the payout to the winner only).
 */
export function reconcileHold(state: BetState, userId: string, now: Date): HoldReconciliation {
  if (!('bet' in state)) return { kind: 'abandon-creation' };
  const bet: ExistingBet = state;
  const isPlayer = userId === bet.bet.challengerId || userId === bet.opponentId;
  if (bet.status === 'pending' && userId !== bet.bet.challengerId) {
    return stillAcceptableBy(bet, userId, now) ? { kind: 'complete-acceptance' } : { kind: 'release', reason: 'challenge_taken' };
  }
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
