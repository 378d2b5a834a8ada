/**
 * The pure decisions of the pool sagas (docs/architecture.md, "Reactors"). The API's process manager only
 * executes what these say: which wallet steps follow a recorded pool event, whether a player
 * whose join failed gets the entry back, and what the reconciler does with an entry lock left
 * open. Every answer is decided from the pool's own events.
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
 * After a player's join failed: the entry goes back once the pool can never take them (full,
 * started, cancelled, gone); it stays while they are in it, or while they may still join (a retry
 * reuses the lock; the reconciler releases it once the pool closes).
 */
export function afterFailedJoin(state: PoolState, userId: string, now: Date, firstDeadlineAt: string): 'release' | 'keep' {
  if ('pool' in state && state.participants.some((p) => p.userId === userId)) return 'keep';
  return joinRefusal(state, userId, null, now, firstDeadlineAt) === null ? 'keep' : 'release';
}

export type EntryReconciliation =
  | { readonly kind: 'abandon-creation' }
  | { readonly kind: 'release'; readonly reason: string }
  | { readonly kind: 'follow-up'; readonly followUp: PoolFollowUp }
  | { readonly kind: 'nothing' };

/**
 * The reconciler's step for one player's entry lock on a pool left open past the grace period:
 * creation never recorded → tombstone and refund; not a participant of a pool that can no longer
 * take them → refund; a participant of a finished pool whose refund or payout is missing → do it.
 */
export function reconcileEntry(state: PoolState, userId: string, now: Date): EntryReconciliation {
  if (state.status === 'none') return { kind: 'abandon-creation' };
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
