/**
 * The notifications context's writes to tables that are not read models: the push it queues in
 * `push_outbox` for the push context's sender.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';

/** Queues one push (its id is the notification's, so a repeat stores nothing). */
export async function enqueuePush(db: Kysely<Database>, push: { id: string; userId: string; title: string; url: string; createdAt: Date; namedUserIds: readonly string[] }): Promise<void> {
  await db
    .insertInto('push_outbox')
    .values({ id: push.id, user_id: push.userId, title: push.title, url: push.url, created_at: push.createdAt, named_user_ids: [...push.namedUserIds] })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
