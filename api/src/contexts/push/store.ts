/**
 * The push context's writes to `push_subscriptions` (device state, not a read model: no events;
 * docs/conventions.md). Its reads live in `projections/src/push/queries.ts`.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, PushSubscriptionRow } from '@wager/projections';

type Db = Kysely<Database> | Transaction<Database>;

/** Holds the player's device lock until the transaction ends (two devices subscribing at once are taken in turn). */
export async function lockPushDevicesOf(trx: Transaction<Database>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`push-devices:${userId}`}, 0))`.execute(trx);
}

export type PushSubscriptionValues = Pick<PushSubscriptionRow, 'user_id' | 'p256dh' | 'auth' | 'user_agent' | 'device_label'>;

/** Keeps the endpoint's subscription with these values (a new row, or the endpoint's row updated); says which. */
export async function upsertPushSubscription(db: Db, row: { id: string; endpoint: string; created_at: Date } & PushSubscriptionValues): Promise<{ device: PushSubscriptionRow; created: boolean }> {
  const { id, endpoint, created_at, ...values } = row;
  const stored = await db
    .insertInto('push_subscriptions')
    .values({ id, endpoint, created_at, ...values })
    .onConflict((c) => c.column('endpoint').doUpdateSet({ ...values, last_error: null }))
    .returningAll()
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  const { inserted, ...device } = stored;
  return { device, created: inserted };
}

/** Removes the player's subscription of this endpoint, if it is theirs. */
export async function deletePushSubscriptionByEndpoint(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** Removes one of the player's devices by id; returns whether there was one. */
export async function deletePushSubscription(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', '=', deviceId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
