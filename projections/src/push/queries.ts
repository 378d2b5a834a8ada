import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { PushSubscriptionRow } from './push.table.js';

/** A player's push devices, oldest first (the profile's device list). */
export function listPushDevices(db: Kysely<Database>, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function countPushDevices(db: Kysely<Database>, userId: string, exceptEndpoint: string): Promise<number> {
  const row = await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('endpoint', '<>', exceptEndpoint).executeTakeFirstOrThrow();
  return Number(row.n);
}
