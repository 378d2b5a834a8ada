import type { Kysely, Transaction } from 'kysely';
import type { HoldKind } from '@wager/domain/wallet/events';
import type { Database } from '../database.js';
import type { StakeHoldRow } from './stake-holds.table.js';

type Db = Transaction<Database> | Kysely<Database>;

/**
 * Holds of `kind` still locked since before `lockedBefore` that their saga did not follow up,
 * oldest first: the reconcilers' work list.
 * - bet: a player's stake in a live bet (the challenger's in a pending, accepted or disputed bet,
 *   the opponent's in an accepted or disputed one) is meant to stay locked; every other one is stale.
 * - pool: an entry lock whose user is not (yet) a participant, or whose pool was cancelled.
 */
export async function staleStakeHolds(db: Db, kind: HoldKind, lockedBefore: Date, limit: number): Promise<StakeHoldRow[]> {
  const locked = db
    .selectFrom('stake_holds as h')
    .where('h.hold_kind', '=', kind)
    .where('h.status', '=', 'locked')
    .where('h.locked_at', '<', lockedBefore);
  if (kind === 'bet') {
    return locked
      .leftJoin('bets as b', 'b.id', 'h.hold_id')
      .selectAll('h')
      .where((eb) =>
        eb.or([eb('b.id', 'is', null), eb.not(
          eb.and([
            eb('b.status', 'in', ['pending', 'accepted', 'disputed']),
            eb.or([eb('b.challenger_id', '=', eb.ref('h.user_id')), eb.and([eb('b.status', '!=', 'pending'), eb('b.opponent_id', '=', eb.ref('h.user_id'))])]),
          ]),
        )]),
      )
      .orderBy('h.locked_at')
      .limit(limit)
      .execute();
  }
  return locked
    .leftJoin('fpl_pool_participants as p', (j) => j.onRef('p.pool_id', '=', 'h.hold_id').onRef('p.user_id', '=', 'h.user_id'))
    .leftJoin('fpl_pools as f', 'f.id', 'h.hold_id')
    .selectAll('h')
    .where((w) => w.or([w('p.user_id', 'is', null), w('f.status', '=', 'cancelled')]))
    .orderBy('h.locked_at')
    .limit(limit)
    .execute();
}

/** Bet stake holds still locked since `lockedAtOrBefore` or earlier, oldest first (the admin's overdue sagas). */
export async function betHoldsLockedSince(db: Db, lockedAtOrBefore: Date, limit: number): Promise<StakeHoldRow[]> {
  return db
    .selectFrom('stake_holds')
    .selectAll()
    .where('status', '=', 'locked')
    .where('hold_kind', '=', 'bet')
    .where('locked_at', '<=', lockedAtOrBefore)
    .orderBy('locked_at')
    .limit(limit)
    .execute();
}
