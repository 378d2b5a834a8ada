/**
 * The pure decisions of the pool's follow-ups (docs/architecture.md, "Reactors"). The API's process
 * manager only executes what these say: which wallet steps follow a recorded pool event, and what
 * the reconciler does with an entry lock left open. Every answer is decided from the pool's own
 * events. (Joining is no saga: it is decided over the pool and the wallet together, entry-moves.ts.)
 */
import { joinRefusal } from './decide.js';
import type { PoolEvent } from './events.js';
import type { PoolState } from './state.js';

/** One wallet step that must follow a recorded pool event; each idempotent by its deterministic id. */
export type PoolFollowUp =
  | { readonly kind: 'refund'; readonly poolId: string; readonly userId: string; readonly reason: string }
  | { readonly kind: 'payout'; readonly poolId: string; readonly userId: string; readonly amount: string; readonly currency: string };

export function followUpsOf(event: PoolEvent): PoolFollowUp[] {
  switch (event.type) {
    case 'PoolCancelled':
      return event.data.refunds.map((r) => ({ kind: 'refund' as const, poolId: event.data.poolId, userId: r.userId, reason: `pool_cancelled_${event.data.reason}` }));
    case 'PoolSettled':
      return event.data.payouts.map((p) => ({ kind: 'payout' as const, poolId: event.data.poolId, userId: p.userId, amount: p.amount, currency: event.data.currency }));
    default:
      return [];
  }
}

/**
 * For an entry lock with no join recorded (left by a saga of an earlier release): the entry goes
 * back once the pool can never take that player (full, started, cancelled, gone); it stays while
 * they are in it, or while they may still join (a join reuses a lock still locked).
 */
export function afterFailedJoin(state: PoolState, userId: string, now: Date, firstDeadlineAt: string): 'release' | 'keep' {
  if ('pool' in state && state.participants.some((p) => p.userId === userId)) return 'keep';
  return joinRefusal(state, userId, null, now, firstDeadlineAt) === null ? 'keep' : 'release';
}

export type EntryReconciliation =
  | { readonly kind: 'release'; readonly reason: string }
  | { readonly kind: 'follow-up'; readonly followUp: PoolFollowUp }
  | { readonly kind: 'nothing' };

/**
 * The reconciler's step for one player's entry lock on a pool left open past the grace period:
 * a participant of a finished pool whose refund or payout is missing → do it. Joining and
 * creating lock the entry in the same transaction as the pool's events, so a lock with no pool,
 * or by a non-participant, is only ever left by a saga of an earlier release that crashed half
 * way: it goes back once the pool can no longer take that player (while it can, a join reuses it).
 */
export function reconcileEntry(state: PoolState, userId: string, now: Date): EntryReconciliation {
  if (!('pool' in state)) return { kind: 'release', reason: 'pool_creation_abandoned' };
  if (!state.participants.some((p) => p.userId === userId)) {
    return afterFailedJoin(state, userId, now, state.pool.firstDeadlineAt) === 'release' ? { kind: 'release', reason: 'pool_join_failed' } : { kind: 'nothing' };
  }
  if (state.status === 'cancelled') return { kind: 'release', reason: 'pool_cancelled' };
  const payout = state.settlement?.payouts.find((p) => p.userId === userId);
  if (state.status === 'completed' && payout && state.settlement) {
    return { kind: 'follow-up', followUp: { kind: 'payout', poolId: state.pool.poolId, userId, amount: payout.amount, currency: state.settlement.currency } };
  }
  return { kind: 'nothing' };
}
