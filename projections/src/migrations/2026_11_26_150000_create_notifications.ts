import { sql, type Kysely } from 'kysely';

/**
 * Notifications (issue 24): the in-app list and each person's preferences, both projected from
 * `notifications-<userId>` streams; and the outbox learns HTML bodies and extra headers (the
 * one-click unsubscribe of RFC 8058).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('source_event_id', 'uuid', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('show_at', 'timestamptz', (c) => c.notNull())
    .addColumn('stream_revision', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_user_show_idx').on('notifications').columns(['user_id', 'show_at desc', 'id desc']).execute();
  await sql`create index notifications_user_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('preferences', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('html_body', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('headers', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('email_outbox').dropColumn('html_body').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
