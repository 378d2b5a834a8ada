import type { ColumnType, Selectable } from 'kysely';
import type { ChatNotice } from '@wager/domain/chat/index';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A bet's chat room (spec section 3 Chat). */
export interface ChatsTable {
  id: string;
  bet_id: string;
  participant1_id: string;
  participant2_id: string;
  moderator_id: string | null;
  is_moderator_requested: ColumnType<boolean, boolean | undefined, boolean>;
  /** The bet was cancelled or expired: nobody posts any more (2026_11_23 migration). */
  is_closed: ColumnType<boolean, boolean | undefined, boolean>;
  /** Retention shredded its texts (ChatPurged); its messages are gone from `chat_messages`. */
  purged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The hashes of the bet's evidence files deleted from the evidence store (EvidencePurged). */
  purged_evidence: ColumnType<string[], string | undefined, string>;
  created_at: Timestamp;
}
export type ChatRow = Selectable<ChatsTable>;

/** One message of a chat (spec section 3 Chat message), in the order of the chat's stream. */
export interface ChatMessagesTable {
  id: string;
  chat_id: string;
  /** The revision of its event in `chat-<chatId>`: the order of the chat and the page cursor. */
  stream_revision: number;
  /** A user id, or 'system'. */
  sender_id: string;
  type: string;
  content: string;
  /** A platform message's kind and data (issue 29; 2026_11_27 migration), null on people's messages and older ones. */
  notice: ColumnType<ChatNotice | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}
export type ChatMessageRow = Selectable<ChatMessagesTable>;
