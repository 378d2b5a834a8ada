import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { WalletEvent } from '@wager/domain/wallet/events';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { isBetId } from './bet-id.js';

type Db = Transaction<Database> | Kysely<Database>;

/**
 * Stakes locked for bets, by (bet, user): the reconciler looks here for locks that no bet
 * transition followed. Idempotent: status only moves forward (locked → released | paid | forfeited).
 */
export const betStakeHoldsProjector: Projector = {
  name: 'bet_stake_holds',
  tables: ['bet_stake_holds'],
  eventTypes: ['StakeLocked', 'StakeReleased', 'PayoutCredited', 'BetSettled'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    if (recorded.type === 'BetSettled') {
      // The loser's stake went to the winner's payout and the fees: nothing is owed on it.
      const d = recorded.data as { betId: string; loserId: string; settledAt: string };
      await db.updateTable('bet_stake_holds').set({ status: 'forfeited', closed_at: d.settledAt }).where('bet_id', '=', d.betId).where('user_id', '=', d.loserId).where('status', '=', 'locked').execute();
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as WalletEvent;
    if (event.type === 'StakeLocked') {
      const d = event.data;
      if (d.holdKind !== 'bet' || !isBetId(d.holdId)) return;
      await db
        .insertInto('bet_stake_holds')
        .values({ bet_id: d.holdId, user_id: d.userId, total: d.total, currency: d.currency, status: 'locked', locked_at: d.lockedAt })
        .onConflict((oc) => oc.columns(['bet_id', 'user_id']).doNothing())
        .execute();
    } else if (event.type === 'StakeReleased' || event.type === 'PayoutCredited') {
      const d = event.data;
      if (d.holdKind !== 'bet' || !isBetId(d.holdId)) return;
      const closedAt = event.type === 'StakeReleased' ? event.data.releasedAt : event.data.creditedAt;
      await db
        .updateTable('bet_stake_holds')
        .set({ status: event.type === 'StakeReleased' ? 'released' : 'paid', closed_at: closedAt })
        .where('bet_id', '=', d.holdId)
        .where('user_id', '=', d.userId)
        .where('status', '=', 'locked')
        .execute();
    }
  },
};
