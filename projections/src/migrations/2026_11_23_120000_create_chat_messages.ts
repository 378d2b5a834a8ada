import type { Kysely } from 'kysely';

/**
 * The chat context's read tables: chats learn whether they are closed (the bet was cancelled or
 * expired), chat_messages holds every message in the order of its chat's stream, and users
 * learn who is a moderator (ModeratorRoleSet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('is_closed', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('chat_id', 'uuid', (c) => c.notNull())
    .addColumn('stream_revision', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_chat_revision_idx').on('chat_messages').columns(['chat_id', 'stream_revision']).unique().execute();
  await db.schema.alterTable('users').addColumn('is_moderator', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('is_moderator').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.alterTable('chats').dropColumn('is_closed').execute();
}
