/**
 * Who may see a chat (spec section "Roles"): its two participants, its moderator, and admins.
 * Anyone else is told the chat does not exist, never that it is someone else's.
 */
import type { Kysely } from 'kysely';
import { NotFoundError } from '@wager/domain';
import { chatMessages } from '@wager/domain/chat/index';
import type { Database } from '@wager/projections';
import type { ChatRow } from '@wager/projections/chat/chat.table';
import { findChat } from '@wager/projections/chat/queries';

export interface ChatViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

export function maySeeChat(chat: ChatRow, viewer: ChatViewer): boolean {
  return viewer.isAdmin || [chat.participant1_id, chat.participant2_id, chat.moderator_id].includes(viewer.userId);
}

/** The chat, if the viewer may see it; otherwise 404 'Chat not found'. */
export async function visibleChat(db: Kysely<Database>, viewer: ChatViewer, chatId: string): Promise<ChatRow> {
  const chat = await findChat(db, chatId);
  if (!chat || !maySeeChat(chat, viewer)) throw new NotFoundError(chatMessages.notFound, { code: 'chat_not_found' });
  return chat;
}

/** Whether the user holds the moderator role (read model; set by ModeratorRoleSet). */
export async function isModerator(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_moderator').where('id', '=', userId).executeTakeFirst();
  return row?.is_moderator ?? false;
}
