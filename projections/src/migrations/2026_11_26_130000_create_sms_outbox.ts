import { sql, type Kysely } from 'kysely';

/** `sms_outbox`: text messages (phone verification codes) waiting for the SMS provider. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('to_phone', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('transport', 'text')
    .execute();
  await sql`create index sms_outbox_due on sms_outbox (next_attempt_at) where status = 'queued'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_outbox').execute();
}
