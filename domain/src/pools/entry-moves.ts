/**
 * The pool commands that move money, decided over both streams they touch (docs/architecture.md,
 * "One command, one transaction"): creating a pool with the creator's team, and joining one,
 * lock the player's entry + fee in the same transaction as the pool's events. Pure: a function
 * of the pool's and the wallet's states, returning the events of each.
 */
import { ConflictError } from '../shared/errors.js';
import { decideStakeLock, type StakeTerms, type WalletEvent, type WalletState } from '../wallet/index.js';
import type { PoolCommand } from './commands.js';
import { decide } from './decide.js';
import type { PoolEvent } from './events.js';
import { poolMessages } from './rules.js';
import type { PoolState } from './state.js';

export interface EntryMove {
  readonly pool: PoolEvent[];
  readonly wallet: WalletEvent[];
}

function lockEntry(userId: string, pool: { poolId: string; entryFee: string; feeAmount: string; currency: string }, terms: StakeTerms, now: Date, wallet: WalletState): WalletEvent[] {
  const data = { userId, holdId: pool.poolId, holdKind: 'pool' as const, stake: pool.entryFee, fee: pool.feeAmount, currency: pool.currency, timeZone: terms.timeZone, dailyLimit: terms.dailyLimit };
  // A released entry is over: that player's money for this pool went back, it never pays again.
  return decideStakeLock(data, now, wallet, () => new ConflictError(poolMessages.entryReleased, { code: 'pool_entry_released' }));
}

/** POST /api/fpl/pools with the creator's team: the pool, the creator's entry and its lock. */
export function decideCreateWithEntry(command: Extract<PoolCommand, { type: 'CreatePool' }>, terms: StakeTerms, states: { pool: PoolState; wallet: WalletState }): EntryMove {
  const pool = decide(command, states.pool);
  const created = pool.find((e) => e.type === 'PoolCreated');
  if (!command.data.creatorEntry || !created || created.type !== 'PoolCreated') return { pool, wallet: [] };
  return { pool, wallet: lockEntry(command.data.creatorId, created.data, terms, command.metadata.now, states.wallet) };
}

/** Join: the entry and its lock, or neither. */
export function decideJoinWithEntry(command: Extract<PoolCommand, { type: 'JoinPool' }>, terms: StakeTerms, states: { pool: PoolState; wallet: WalletState }): EntryMove {
  const pool = decide(command, states.pool);
  if (pool.length === 0 || !('pool' in states.pool)) return { pool, wallet: [] };
  return { pool, wallet: lockEntry(command.data.userId, states.pool.pool, terms, command.metadata.now, states.wallet) };
}
