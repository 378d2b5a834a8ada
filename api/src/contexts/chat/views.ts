/**
 * The chat context's JSON: the chat (spec section 3 Chat) and its messages (Chat message), as the
 * HTTP routes answer them and /ws `new_message` carries them; their shapes are the contract's
 * (`@wager/domain/contracts/chat`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import type { ChatMessageRow, ChatRow } from '@wager/projections/chat/chat.table';
import { SYSTEM_SENDER, chatNoticeText, noticeUserIds, type ChatNotice } from '@wager/domain/chat/index';
import { usernamesById } from '@wager/projections/users/queries';
import { disputeReasonCode } from '@wager/domain/bets/index';
import type { ChatView as ChatJson, MessageView as MessageJson } from '@wager/domain/contracts/chat';

/** The name system messages are shown under. */
export const SYSTEM_USERNAME = 'System';

export function toChatJson(row: ChatRow): ChatJson {
  return {
    id: row.id,
    betId: row.bet_id,
    participant1Id: row.participant1_id,
    participant2Id: row.participant2_id,
    moderatorId: row.moderator_id,
    isModeratorRequested: row.is_moderator_requested,
    isClosed: row.is_closed,
    createdAt: row.created_at.toISOString(),
  };
}

/** A notice with each user id parameter's username beside it (`winnerId` → `winner`; '' when unknown, null when the id is null). */
function namedNotice(notice: ChatNotice | null, names: ReadonlyMap<string, string>): MessageJson['notice'] {
  if (!notice) return null;
  const params: Record<string, string | number | null> = { ...notice.params };
  for (const [key, value] of Object.entries(notice.params)) {
    if (!key.endsWith('Id') || key.length <= 2) continue;
    params[key.slice(0, -2)] = typeof value === 'string' ? (names.get(value) ?? '') : null;
  }
  // A dispute's reason was recorded as English only: its code (mapped on read, old messages too) lets the apps say it.
  if (notice.kind === 'dispute_opened') params.reasonCode = disputeReasonCode(typeof notice.params.reason === 'string' ? notice.params.reason : null);
  return { kind: notice.kind, params };
}

/** The usernames of message senders (and of the users their notices name), by id (system messages need none). */
export async function senderNames(db: Kysely<Database>, senderIds: readonly string[]): Promise<Map<string, string>> {
  return usernamesById(db, senderIds.filter((id) => id !== SYSTEM_SENDER));
}

/**
 * A message as the chat answers it. A platform message with a notice is rendered from it, in
 * English with the names as they are now (an erased person reads as their pseudonym): its stored
 * text names nobody (docs/architecture.md, "Personal data and erasure").
 */
export function toMessageJson(row: ChatMessageRow, names: ReadonlyMap<string, string>): MessageJson {
  const username = row.sender_id === SYSTEM_SENDER ? SYSTEM_USERNAME : (names.get(row.sender_id) ?? '');
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    sender: { username },
    content: row.sender_id === SYSTEM_SENDER && row.notice ? chatNoticeText(row.notice, names) : row.content,
    type: row.type as MessageJson['type'],
    notice: namedNotice(row.notice, names),
    createdAt: row.created_at.toISOString(),
  };
}

export async function messagesJson(db: Kysely<Database>, rows: readonly ChatMessageRow[]): Promise<MessageJson[]> {
  const names = await senderNames(db, [...rows.map((r) => r.sender_id), ...rows.flatMap((r) => noticeUserIds(r.notice))]);
  return rows.map((row) => toMessageJson(row, names));
}
