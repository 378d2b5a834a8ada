/**
 * Who may see a chat (spec section "Roles"): its two participants, its moderator, and admins.
 * Anyone else is told the chat does not exist, never that it is someone else's.
 */
import type { Kysely } from 'kysely';
import { NotFoundError } from '@wager/domain';
import { chatIdOfBet, chatMessages, chatStreamId, type ChatEvent } from '@wager/domain/chat/index';
import type { Database } from '@wager/projections';
import type { ChatMessageRow, ChatRow } from '@wager/projections/chat/chat.table';
import type { AppDeps } from '../../deps.js';
import { recordedBet } from '../bets/index.js';
import { findChat } from '@wager/projections/chat/queries';
import { hasModeratorRole } from '@wager/projections/users/queries';

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

/**
 * The chat a viewer may write to: its row, or, when the read tables do not show it yet (the chat
 * was just opened by the acceptance), the chat as its stream records it. Never a 404 for a chat
 * the log holds; still a 404 for a chat the viewer may not see.
 */
export async function writableChat(deps: Pick<AppDeps, 'db' | 'store'>, viewer: ChatViewer, chatId: string): Promise<ChatRow> {
  const row = await findChat(deps.db, chatId);
  const chat = row ?? (await recordedChat(deps, chatId))?.chat ?? null;
  if (!chat || !maySeeChat(chat, viewer)) throw new NotFoundError(chatMessages.notFound, { code: 'chat_not_found' });
  return chat;
}

/** Whether the user holds the moderator role (read model; set by ModeratorRoleSet). */
export async function isModerator(db: Kysely<Database>, userId: string): Promise<boolean> {
  return hasModeratorRole(db, userId);
}

/** The most events of a chat stream a read folds when the read tables lack the chat. */
export const CHAT_EVENTS_READ_MAX = 10_000;

/**
 * A chat as the log holds it, for a read the read tables cannot answer yet (issue #22: the
 * projection runner is behind; a read must not deny what is recorded): the chat row and its
 * message rows, folded from its stream as the projectors fold them. Null when the log holds no
 * such chat.
 */
export async function recordedChat(deps: Pick<AppDeps, 'store'>, chatId: string): Promise<{ chat: ChatRow; messages: ChatMessageRow[] } | null> {
  let chat = null as ChatRow | null;
  const messages: ChatMessageRow[] = [];
  for (const r of await deps.store.readStream(chatStreamId(chatId), { maxCount: CHAT_EVENTS_READ_MAX })) {
    const event = { type: r.type, data: r.data } as ChatEvent;
    if (event.type === 'ChatCreated') {
      const d = event.data;
      chat ??= { id: d.chatId, bet_id: d.betId, participant1_id: d.participant1Id, participant2_id: d.participant2Id, moderator_id: null, is_moderator_requested: false, is_closed: false, purged_at: null, purged_evidence: [], created_at: new Date(d.createdAt) };
    } else if (chat) {
      if (event.type === 'MessagePosted') {
        const d = event.data;
        messages.push({ id: d.messageId, chat_id: d.chatId, stream_revision: r.streamRevision, sender_id: d.senderId, type: d.type, content: d.content, notice: d.notice ?? null, created_at: new Date(d.postedAt) });
      } else if (event.type === 'ModeratorRequested') chat = { ...chat, is_moderator_requested: true };
      else if (event.type === 'ModeratorJoined') chat = { ...chat, moderator_id: event.data.moderatorId };
      else if (event.type === 'ChatClosed') chat = { ...chat, is_closed: true };
      else if (event.type === 'ChatPurged') {
        chat = { ...chat, is_closed: true, purged_at: new Date(event.data.purgedAt) };
        messages.length = 0;
      } else if (event.type === 'EvidencePurged') chat = { ...chat, purged_evidence: [...new Set([...chat.purged_evidence, ...event.data.files.map((f) => f.sha256)])] };
    }
  }
  return chat ? { chat, messages } : null;
}

/**
 * The chat an accepted bet implies before its chat stream is opened (the accepting command opens
 * it right after the acceptance, the bets' process manager if that command died in between): its
 * two players, no messages yet. Null unless the log holds the bet as accepted at some point.
 */
export async function impliedChat(deps: Pick<AppDeps, 'store'>, betId: string): Promise<ChatRow | null> {
  const bet = await recordedBet(deps, betId);
  if (!bet || bet.state.opponentId === null || bet.acceptedAt === null) return null;
  const closed = bet.state.status === 'cancelled' || bet.state.status === 'expired';
  return { id: chatIdOfBet(betId), bet_id: betId, participant1_id: bet.state.bet.challengerId, participant2_id: bet.state.opponentId, moderator_id: null, is_moderator_requested: false, is_closed: closed, purged_at: null, purged_evidence: [], created_at: new Date(bet.acceptedAt) };
}

/** A page of messages as listChatMessages answers it (oldest first, `before` a message id), from folded rows. */
export function pageOfMessages(rows: readonly ChatMessageRow[], options: { before?: string | undefined; limit: number }): ChatMessageRow[] {
  let end = rows.length;
  if (options.before) {
    end = rows.findIndex((r) => r.id === options.before);
    if (end < 0) return [];
  }
  return rows.slice(Math.max(0, end - options.limit), end);
}
