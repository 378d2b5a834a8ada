import type { Kysely } from 'kysely';

/** Contact and abuse-report messages for the admins (issue 15). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('reported_username', 'text')
    .addColumn('bet_id', 'uuid')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_messages_submitted_idx').on('support_messages').columns(['submitted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
}
