import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { HoldKind, WalletEvent } from '@wager/domain/wallet/events';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { insertRows, unnestRows } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOLD_KINDS: readonly string[] = ['bet', 'pool'] satisfies HoldKind[];

/**
 * Bet and pool ids are UUIDs. A hold of another kind, or whose id is not one (another caller of
 * the wallet, a test), names nothing the reconcilers look after: it is skipped rather than
 * failed on, since a projector that rejects a recorded event would stall every read model behind it.
 */
function isHold(kind: unknown, id: unknown): kind is HoldKind {
  return typeof kind === 'string' && HOLD_KINDS.includes(kind) && typeof id === 'string' && UUID.test(id);
}

type Hold = { hold_kind: HoldKind; hold_id: string; user_id: string; total: string; currency: string; status: string; locked_at: string | Date; closed_at: string | Date | null };
type Key = { hold_kind: HoldKind; hold_id: string; user_id: string };
type Step = { insert: Hold } | { close: Key & { status: string; closedAt: string } };

/**
 * What one event does to a hold; null when it names none. StakeLocked opens a hold; StakeReleased
 * closes it `released`, PayoutCredited `paid`; BetSettled closes the loser's bet hold `forfeited`
 * (their stake went to the winner's payout and the fees: nothing is owed on it). A pool entry hold
 * is only ever closed by the wallet's release or payout.
 */
function stepOf(recorded: RecordedEvent): Step | null {
  if (recorded.type === 'BetSettled') {
    const d = recorded.data as { betId: string; loserId: string; settledAt: string };
    return { close: { hold_kind: 'bet', hold_id: d.betId, user_id: d.loserId, status: 'forfeited', closedAt: d.settledAt } };
  }
  const event = { type: recorded.type, data: recorded.data } as WalletEvent;
  if (event.type === 'StakeLocked') {
    const d = event.data;
    if (!isHold(d.holdKind, d.holdId)) return null;
    return { insert: { hold_kind: d.holdKind, hold_id: d.holdId, user_id: d.userId, total: d.total, currency: d.currency, status: 'locked', locked_at: d.lockedAt, closed_at: null } };
  }
  if (event.type === 'StakeReleased' || event.type === 'PayoutCredited') {
    const d = event.data;
    if (!isHold(d.holdKind, d.holdId)) return null;
    const closedAt = event.type === 'StakeReleased' ? event.data.releasedAt : event.data.creditedAt;
    return { close: { hold_kind: d.holdKind, hold_id: d.holdId, user_id: d.userId, status: event.type === 'StakeReleased' ? 'released' : 'paid', closedAt } };
  }
  return null;
}

/**
 * Stakes locked in wallets for bets and pool entries, by (hold_kind, hold_id, user_id): the bet
 * scheduler's and the pool job's reconcilers look here for locks that nothing followed.
 * Idempotent: status only moves forward (locked → released | paid | forfeited).
 */
export const stakeHoldsProjector: Projector = {
  name: 'stake_holds',
  tables: ['stake_holds'],
  eventTypes: ['StakeLocked', 'StakeReleased', 'PayoutCredited', 'BetSettled'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const step = stepOf(recorded);
    if (!step) return;
    if ('insert' in step) {
      await db
        .insertInto('stake_holds')
        .values(step.insert as Hold & { status: 'locked' })
        .onConflict((oc) => oc.columns(['hold_kind', 'hold_id', 'user_id']).doNothing())
        .execute();
      return;
    }
    const { hold_kind, hold_id, user_id, status, closedAt } = step.close;
    await db
      .updateTable('stake_holds')
      .set({ status: status as 'released' | 'paid' | 'forfeited', closed_at: closedAt })
      .where('hold_kind', '=', hold_kind)
      .where('hold_id', '=', hold_id)
      .where('user_id', '=', user_id)
      .where('status', '=', 'locked')
      .execute();
  },
  applyBatch,
};

const KEY_COLUMNS = [['hold_kind', 'text'], ['hold_id', 'uuid'], ['user_id', 'uuid']] as const;

/**
 * The batch folded in memory: the holds it names are read in one statement, each event applied
 * in order to them (an insert only where no hold is, a close only of a locked hold), then new
 * holds inserted in one statement and closed ones updated in one.
 */
async function applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  const steps = events.map(stepOf).filter((s): s is Step => s !== null);
  if (steps.length === 0) return;
  const keyOf = (k: Key): string => `${k.hold_kind}/${k.hold_id}/${k.user_id}`;
  const keys = new Map<string, Key>();
  for (const step of steps) {
    const { hold_kind, hold_id, user_id } = 'insert' in step ? step.insert : step.close;
    keys.set(keyOf({ hold_kind, hold_id, user_id }), { hold_kind, hold_id, user_id });
  }
  const { rows: stored } = await sql<Key & { status: string; closed_at: Date | null }>`
    select h.hold_kind, h.hold_id, h.user_id, h.status, h.closed_at from stake_holds h
    join ${unnestRows([...keys.values()], KEY_COLUMNS)} using (hold_kind, hold_id, user_id)
  `.execute(db);
  const existing = new Map(stored.map((h) => [keyOf(h), { ...h }]));
  const created = new Map<string, Hold>();
  const closed = new Map<string, Key & { status: string; closed_at: string | Date | null }>();
  for (const step of steps) {
    if ('insert' in step) {
      const key = keyOf(step.insert);
      if (!existing.has(key) && !created.has(key)) created.set(key, { ...step.insert });
      continue;
    }
    const key = keyOf(step.close);
    const hold = created.get(key) ?? existing.get(key);
    if (!hold || hold.status !== 'locked') continue;
    hold.status = step.close.status;
    hold.closed_at = step.close.closedAt;
    if (!created.has(key)) closed.set(key, hold);
  }
  if (created.size > 0) {
    const columns = [...KEY_COLUMNS, ['total', 'numeric'], ['currency', 'text'], ['status', 'text'], ['locked_at', 'timestamptz'], ['closed_at', 'timestamptz']] as const;
    await insertRows('stake_holds', [...created.values()], columns, sql`on conflict (hold_kind, hold_id, user_id) do nothing`).execute(db);
  }
  if (closed.size > 0) {
    await sql`
      update stake_holds set status = input.status, closed_at = input.closed_at
      from ${unnestRows([...closed.values()], [...KEY_COLUMNS, ['status', 'text'], ['closed_at', 'timestamptz']])}
      where stake_holds.hold_kind = input.hold_kind and stake_holds.hold_id = input.hold_id and stake_holds.user_id = input.user_id
    `.execute(db);
  }
}
