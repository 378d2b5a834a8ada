/**
 * The notifications context's writes to tables that are not read models: the push it queues in
 * `push_outbox` for the push context's sender.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';

export interface QueuedPush {
  /** The notification's id: a repeat stores nothing. */
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly url: string;
  readonly createdAt: Date;
  readonly namedUserIds: readonly string[];
}

/** Queues pushes with one statement (a reactor's batch: one transaction). */
export async function enqueuePushes(db: Kysely<Database>, pushes: readonly QueuedPush[]): Promise<void> {
  if (pushes.length === 0) return;
  await db
    .insertInto('push_outbox')
    .values(pushes.map((push) => ({ id: push.id, user_id: push.userId, title: push.title, url: push.url, created_at: push.createdAt, named_user_ids: [...push.namedUserIds] })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
