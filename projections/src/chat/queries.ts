import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { ChatMessageRow, ChatRow } from './chat.table.js';
import type { ModerationRequestRow } from './moderation-requests.table.js';

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

/** The platform messages whose notice names the user (an erasure rewrites their text). */
export async function systemMessagesNaming(db: Db, userId: string): Promise<Pick<ChatMessageRow, 'id' | 'notice'>[]> {
  return db
    .selectFrom('chat_messages')
    .select(['id', 'notice'])
    .where('sender_id', '=', 'system')
    .where('notice', 'is not', null)
    .where(sql<boolean>`position(${userId} in notice::text) > 0`)
    .execute();
}

/** The chats waiting for a moderator (requested, none joined yet), oldest request first by creation, ties by id. */
export async function listChatsAwaitingModerator(db: Db, limit: number): Promise<ChatRow[]> {
  return db.selectFrom('chats').selectAll().where('is_moderator_requested', '=', true).where('moderator_id', 'is', null).orderBy('created_at', 'asc').orderBy('id').limit(limit).execute();
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

/** A moderation request as the queue shows it: the request, its chat's bet, and the names of everyone involved. */
export interface ModerationQueueItem {
  readonly request: ModerationRequestRow;
  readonly betId: string;
  readonly bet: { readonly gameType: string; readonly amount: string; readonly currency: string; readonly status: string } | null;
  readonly challenger: { readonly id: string; readonly username: string } | null;
  readonly opponent: { readonly id: string; readonly username: string } | null;
  /** Usernames of the requester, claimant, escalator and resolver, by user id. */
  readonly names: ReadonlyMap<string, string>;
}

function moderationQueueQuery(db: Db) {
  return db
    .selectFrom('moderation_requests as mr')
    .innerJoin('chats as c', 'c.id', 'mr.chat_id')
    .leftJoin('bets as b', 'b.id', 'c.bet_id')
    .leftJoin('users as challenger', 'challenger.id', 'b.challenger_id')
    .leftJoin('users as opponent', 'opponent.id', 'b.opponent_id')
    .selectAll('mr')
    .select([
      'c.bet_id',
      'b.game_type',
      'b.amount',
      'b.currency',
      'b.status as bet_status',
      'b.challenger_id',
      'b.opponent_id',
      'challenger.username as challenger_username',
      'opponent.username as opponent_username',
    ]);
}
type QueueRow = Awaited<ReturnType<ReturnType<typeof moderationQueueQuery>['execute']>>[number];

async function toQueueItems(db: Db, rows: readonly QueueRow[]): Promise<ModerationQueueItem[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requested_by, r.claimed_by, r.escalated_by, r.resolved_by]).filter((id): id is string => id !== null))];
  const users = ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
  const names = new Map(users.map((u) => [u.id, u.username]));
  return rows.map((r) => {
    const { bet_id, game_type, amount, currency, bet_status, challenger_id, opponent_id, challenger_username, opponent_username, ...request } = r;
    return {
      request,
      betId: bet_id,
      bet: game_type !== null && amount !== null && currency !== null && bet_status !== null ? { gameType: game_type, amount, currency, status: bet_status } : null,
      challenger: challenger_id ? { id: challenger_id, username: challenger_username ?? '' } : null,
      opponent: opponent_id ? { id: opponent_id, username: opponent_username ?? '' } : null,
      names,
    };
  });
}

/**
 * The moderation queue: requests still being handled (open, claimed, escalated), the longest
 * waiting first; or the resolved ones, the latest first.
 */
export async function listModerationQueue(db: Db, options: { scope: 'active' | 'resolved'; limit: number }): Promise<ModerationQueueItem[]> {
  const query = moderationQueueQuery(db);
  const rows =
    options.scope === 'active'
      ? await query.where('mr.status', 'in', ['open', 'claimed', 'escalated']).orderBy('mr.requested_at', 'asc').orderBy('mr.chat_id').limit(options.limit).execute()
      : await query.where('mr.status', '=', 'resolved').orderBy('mr.resolved_at', 'desc').orderBy('mr.chat_id').limit(options.limit).execute();
  return toQueueItems(db, rows);
}

export async function findModerationRequest(db: Db, chatId: string): Promise<ModerationQueueItem | undefined> {
  const rows = await moderationQueueQuery(db).where('mr.chat_id', '=', chatId).execute();
  return (await toQueueItems(db, rows))[0];
}

/** The chats the user took part in as a player, oldest first, ties by id, with their bet (the personal-data export). */
export async function playerChatsOf(db: Db, userId: string): Promise<{ id: string; bet_id: string }[]> {
  return db
    .selectFrom('chats')
    .select(['id', 'bet_id'])
    .where((eb) => eb.or([eb('participant1_id', '=', userId), eb('participant2_id', '=', userId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
