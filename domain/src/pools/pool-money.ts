/**
 * The pool commands that pay money out of a pool's escrow, decided over the pool and every wallet
 * they credit (docs/architecture.md, "One command, one transaction"): cancelling (by the creator,
 * or at the first deadline under 2 entries) refunds every entry; settling pays every winner. The
 * pool's event and all its wallet moves are one decision, appended in one transaction: a pool is
 * never cancelled with an entry unrefunded, nor settled with a winner unpaid.
 *
 * Pure: a function of the pool's state and the wallets' states, returning the events of each.
 * `owedMoves` is also what a terminal pool still owes its players; on a log written since this
 * decision it is always nothing (the moves were appended with the pool's event), and on a log
 * written by the earlier saga (pool event first, wallet moves after) it names what a crash left
 * undone, so the same decision over the same streams finishes it.
 */
import { walletDecider } from '../wallet/decider.js';
import type { WalletCommand } from '../wallet/commands.js';
import type { WalletEvent } from '../wallet/events.js';
import type { WalletState } from '../wallet/state.js';
import type { PoolCommand } from './commands.js';
import { decide } from './decide.js';
import type { PoolEvent } from './events.js';
import { evolve, type PoolState } from './state.js';

/** One wallet move a terminal pool owes a player: the refund of their entry (+ fee), or their share of the pot. */
export type PoolMove =
  | { readonly kind: 'refund'; readonly poolId: string; readonly userId: string; readonly reason: string }
  | { readonly kind: 'payout'; readonly poolId: string; readonly userId: string; readonly amount: string; readonly currency: string };

/** The commands whose decision may pay out of the pool's escrow. */
export type PoolMoneyCommand = Extract<PoolCommand, { type: 'CancelPool' | 'StartPool' | 'SettlePool' }>;

export interface PoolMoneyMove {
  readonly pool: PoolEvent[];
  /** Each credited player's wallet events, by user id (a wallet with nothing to do is left out). */
  readonly wallets: Readonly<Record<string, WalletEvent[]>>;
}

/** A wallet the decision needs was not read: the caller reads it and decides again (the pool changed since it chose the wallets). */
export class PoolWalletsUnread extends Error {
  constructor(readonly userIds: readonly string[]) {
    super(`pool decision needs the wallets of ${userIds.join(', ')}`);
    this.name = 'PoolWalletsUnread';
  }
}

/** What a pool in this state owes its players: every entry back once cancelled, every payout once settled; nothing otherwise. */
export function owedMoves(state: PoolState): PoolMove[] {
  if (!('pool' in state)) return [];
  const poolId = state.pool.poolId;
  if (state.status === 'cancelled') {
    const reason = `pool_cancelled_${state.cancelReason ?? 'creator'}`;
    return state.participants.map((p) => ({ kind: 'refund' as const, poolId, userId: p.userId, reason }));
  }
  if (state.status === 'completed' && state.settlement) {
    const { currency, payouts } = state.settlement;
    return payouts.map((p) => ({ kind: 'payout' as const, poolId, userId: p.userId, amount: p.amount, currency }));
  }
  return [];
}

function walletCommand(move: PoolMove, now: Date): WalletCommand {
  if (move.kind === 'refund') return { type: 'ReleaseStake', data: { userId: move.userId, holdId: move.poolId, reason: move.reason }, metadata: { now } };
  return { type: 'CreditPayout', data: { userId: move.userId, holdId: move.poolId, holdKind: 'pool', amount: move.amount, currency: move.currency }, metadata: { now } };
}

/**
 * The wallet events of `moves` over the wallets read; each move is the wallet's own rule (a refund
 * or payout already recorded decides nothing). A wallet's later move is decided on the state its
 * earlier ones leave, so two credits to one player never both collect the same appeal debt.
 */
export function decideMoves(moves: readonly PoolMove[], wallets: Readonly<Record<string, WalletState>>, now: Date): Record<string, WalletEvent[]> {
  const unread = moves.filter((m) => !wallets[m.userId]).map((m) => m.userId);
  if (unread.length > 0) throw new PoolWalletsUnread(unread);
  const current: Record<string, WalletState> = { ...wallets };
  const out: Record<string, WalletEvent[]> = {};
  for (const move of moves) {
    const before = current[move.userId]!;
    const events = walletDecider.decide(walletCommand(move, now), before);
    current[move.userId] = events.reduce(walletDecider.evolve, before);
    if (events.length > 0) out[move.userId] = [...(out[move.userId] ?? []), ...events];
  }
  return out;
}

/** The users whose wallets a decision of `command` on this pool state would credit (what the caller reads before deciding). */
export function walletsToRead(command: PoolMoneyCommand, pool: PoolState): string[] {
  let after = pool;
  try {
    for (const e of decide(command, pool)) after = evolve(after, e);
  } catch {
    // Refused: the decision will throw the same refusal over the streams read; it needs no wallet.
    return [];
  }
  return [...new Set(owedMoves(after).map((m) => m.userId))];
}

/**
 * Cancel, start (which cancels under 2 entries) or settle: the pool's events and, when the pool
 * ends, every refund or payout it owes, as one decision. Deciding it again moves nothing more.
 */
export function decidePoolMoney(command: PoolMoneyCommand, states: { pool: PoolState; wallets: Readonly<Record<string, WalletState>> }): PoolMoneyMove {
  const pool = decide(command, states.pool);
  const after = pool.reduce(evolve, states.pool);
  return { pool, wallets: decideMoves(owedMoves(after), states.wallets, command.metadata.now) };
}
