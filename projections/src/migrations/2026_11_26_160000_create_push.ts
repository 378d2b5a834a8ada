import { sql, type Kysely } from 'kysely';

/**
 * Web Push: the devices a player turned push on for (`push_subscriptions`), the notifications
 * waiting to be pushed (`push_outbox`) and one row per notification and device tried
 * (`push_deliveries`), so a sender that restarts never pushes a notification twice to a device.
 * None of them is a projection: a subscription's keys come from the browser, not from events, and
 * the outbox is written by whoever notifies (deterministic ids, `on conflict do nothing`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('device_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id', 'created_at']).execute();

  // Writers insert id, user_id, title and url (and may give created_at); everything after that
  // is the sender's bookkeeping and has a default.
  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addCheckConstraint('push_outbox_status_check', sql`status in ('queued', 'done', 'expired')`)
    .execute();
  await sql`create index push_outbox_due on push_outbox (next_attempt_at) where status = 'queued'`.execute(db);

  // One row per (notification, device). A subscription deleted later takes its rows with it;
  // the notification's row stays as the record of what was pushed.
  await db.schema
    .createTable('push_deliveries')
    .addColumn('outbox_id', 'uuid', (c) => c.notNull().references('push_outbox.id').onDelete('cascade'))
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addPrimaryKeyConstraint('push_deliveries_pk', ['outbox_id', 'subscription_id'])
    .addCheckConstraint('push_deliveries_status_check', sql`status in ('sending', 'retry', 'sent', 'gone', 'failed', 'interrupted')`)
    .execute();
  await db.schema.createIndex('push_deliveries_subscription_idx').on('push_deliveries').column('subscription_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_deliveries', 'push_outbox', 'push_subscriptions']) await db.schema.dropTable(table).execute();
}
