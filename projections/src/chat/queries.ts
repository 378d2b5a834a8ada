import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { ChatMessageRow, ChatRow } from './chat.table.js';

type Db = Transaction<Database> | Kysely<Database>;

export async function findChatByBetId(db: Db, betId: string): Promise<ChatRow | undefined> {
  return db.selectFrom('chats').selectAll().where('bet_id', '=', betId).executeTakeFirst();
}

export async function findChat(db: Db, chatId: string): Promise<ChatRow | undefined> {
  return db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
}

export async function findChatMessage(db: Db, messageId: string): Promise<ChatMessageRow | undefined> {
  return db.selectFrom('chat_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
}

/**
 * A page of a chat's messages, oldest first: the `limit` messages just before the message
 * `before` (a message of this chat), or the newest `limit` when there is no cursor.
 */
export async function listChatMessages(db: Db, chatId: string, options: { before?: string; limit: number }): Promise<ChatMessageRow[]> {
  let query = db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId);
  if (options.before) {
    const cursor = await db.selectFrom('chat_messages').select('stream_revision').where('id', '=', options.before).where('chat_id', '=', chatId).executeTakeFirst();
    if (!cursor) return [];
    query = query.where('stream_revision', '<', cursor.stream_revision);
  }
  const newestFirst = await query.orderBy('stream_revision', 'desc').limit(options.limit).execute();
  return newestFirst.reverse();
}

/** The chats waiting for a moderator (requested, none joined yet), oldest request first by creation. */
export async function listChatsAwaitingModerator(db: Db, limit: number): Promise<ChatRow[]> {
  return db.selectFrom('chats').selectAll().where('is_moderator_requested', '=', true).where('moderator_id', 'is', null).orderBy('created_at', 'asc').limit(limit).execute();
}

/** The chats a user takes part in or moderates, newest first (for /ws visibility at sign-in). */
export async function chatIdsOf(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('chats')
    .select('id')
    .where((w) => w.or([w('participant1_id', '=', userId), w('participant2_id', '=', userId), w('moderator_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
