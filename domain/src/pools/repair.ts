/**
 * Repair of logs written by the earlier saga (docs/architecture.md, "One command, one
 * transaction"). Joins, cancellations and settlements are now one decision each, appended with
 * every wallet they move, so nothing written since can leave an entry lock without its entry or
 * a finished pool with money owed. A log written before could: a lock appended before its join
 * (the join then refused or the process dead), or a pool cancelled or settled whose refunds or
 * payouts never followed. This decides, from the pool's own events, what such a lock needs.
 */
import { joinRefusal } from './decide.js';
import { owedMoves } from './pool-money.js';
import type { PoolState } from './state.js';

export type EntryRepair =
  /** A lock by someone who is not in the pool and never can be: it goes back in full. */
  | { readonly kind: 'release'; readonly reason: string }
  /** A participant of a pool that ended: the pool's owed moves are decided again (those done decide nothing). */
  | { readonly kind: 'owed' }
  | { readonly kind: 'nothing' };

/**
 * For one player's entry lock left open past the grace period: a lock with no pool, or by a
 * non-participant the pool can no longer take (full, started, ended), is released; while the
 * pool can still take them it stays (a join reuses a lock still locked). A participant of an
 * ended pool that owes them a move gets the pool's owed moves.
 */
export function repairEntry(state: PoolState, userId: string, now: Date): EntryRepair {
  if (!('pool' in state)) return { kind: 'release', reason: 'pool_creation_abandoned' };
  if (!state.participants.some((p) => p.userId === userId)) {
    return joinRefusal(state, userId, null, now, state.pool.firstDeadlineAt) === null ? { kind: 'nothing' } : { kind: 'release', reason: 'pool_join_failed' };
  }
  return owedMoves(state).some((m) => m.userId === userId) ? { kind: 'owed' } : { kind: 'nothing' };
}
