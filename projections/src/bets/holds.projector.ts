import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { WalletEvent } from '@wager/domain/wallet/events';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { isBetId } from './bet-id.js';
import { insertRows, unnestRows } from '../batch.js';

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
  applyBatch,
};

type Hold = { bet_id: string; user_id: string; total: string; currency: string; status: string; locked_at: string | Date; closed_at: string | Date | null };
type Step = { insert: Hold } | { close: { betId: string; userId: string; status: string; closedAt: string } };

/** What one event does to a hold, as `apply` does it; null when it names no bet hold. */
function stepOf(recorded: RecordedEvent): Step | null {
  if (recorded.type === 'BetSettled') {
    const d = recorded.data as { betId: string; loserId: string; settledAt: string };
    return { close: { betId: d.betId, userId: d.loserId, status: 'forfeited', closedAt: d.settledAt } };
  }
  const event = { type: recorded.type, data: recorded.data } as WalletEvent;
  if (event.type === 'StakeLocked') {
    const d = event.data;
    if (d.holdKind !== 'bet' || !isBetId(d.holdId)) return null;
    return { insert: { bet_id: d.holdId, user_id: d.userId, total: d.total, currency: d.currency, status: 'locked', locked_at: d.lockedAt, closed_at: null } };
  }
  if (event.type === 'StakeReleased' || event.type === 'PayoutCredited') {
    const d = event.data;
    if (d.holdKind !== 'bet' || !isBetId(d.holdId)) return null;
    const closedAt = event.type === 'StakeReleased' ? event.data.releasedAt : event.data.creditedAt;
    return { close: { betId: d.holdId, userId: d.userId, status: event.type === 'StakeReleased' ? 'released' : 'paid', closedAt } };
  }
  return null;
}

/**
 * The batch folded in memory: the holds it names are read in one statement, each event applied
 * in order to them (an insert only where no hold is, a close only of a locked hold), then new
 * holds inserted in one statement and closed ones updated in one.
 */
async function applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  const steps = events.map(stepOf).filter((s): s is Step => s !== null);
  if (steps.length === 0) return;
  const keyOf = (betId: string, userId: string): string => `${betId}/${userId}`;
  const keys = new Map<string, { bet_id: string; user_id: string }>();
  for (const step of steps) {
    const [betId, userId] = 'insert' in step ? [step.insert.bet_id, step.insert.user_id] : [step.close.betId, step.close.userId];
    keys.set(keyOf(betId, userId), { bet_id: betId, user_id: userId });
  }
  const { rows: stored } = await sql<{ bet_id: string; user_id: string; status: string; closed_at: Date | null }>`
    select h.bet_id, h.user_id, h.status, h.closed_at from bet_stake_holds h
    join ${unnestRows([...keys.values()], [['bet_id', 'uuid'], ['user_id', 'uuid']])} using (bet_id, user_id)
  `.execute(db);
  const existing = new Map(stored.map((h) => [keyOf(h.bet_id, h.user_id), { ...h }]));
  const created = new Map<string, Hold>();
  const closed = new Map<string, { bet_id: string; user_id: string; status: string; closed_at: string | Date | null }>();
  for (const step of steps) {
    if ('insert' in step) {
      const key = keyOf(step.insert.bet_id, step.insert.user_id);
      if (!existing.has(key) && !created.has(key)) created.set(key, { ...step.insert });
      continue;
    }
    const key = keyOf(step.close.betId, step.close.userId);
    const hold = created.get(key) ?? existing.get(key);
    if (!hold || hold.status !== 'locked') continue;
    hold.status = step.close.status;
    hold.closed_at = step.close.closedAt;
    if (!created.has(key)) closed.set(key, hold);
  }
  if (created.size > 0) {
    const columns = [['bet_id', 'uuid'], ['user_id', 'uuid'], ['total', 'numeric'], ['currency', 'text'], ['status', 'text'], ['locked_at', 'timestamptz'], ['closed_at', 'timestamptz']] as const;
    await insertRows('bet_stake_holds', [...created.values()], columns, sql`on conflict (bet_id, user_id) do nothing`).execute(db);
  }
  if (closed.size > 0) {
    await sql`
      update bet_stake_holds set status = input.status, closed_at = input.closed_at
      from ${unnestRows([...closed.values()], [['bet_id', 'uuid'], ['user_id', 'uuid'], ['status', 'text'], ['closed_at', 'timestamptz']])}
      where bet_stake_holds.bet_id = input.bet_id and bet_stake_holds.user_id = input.user_id
    `.execute(db);
  }
}
