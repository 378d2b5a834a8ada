import type { Kysely } from 'kysely';

/**
 * `chat_messages.notice`: a platform message's kind and data (`{kind, params}`, issue 29), so the
 * apps write it in the reader's language. Null on people's messages and on messages whose event
 * predates the notice (those keep only their English `content`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('notice', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('notice').execute();
}
