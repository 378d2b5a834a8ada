import type { Kysely, Transaction } from 'kysely';
import { ERASED_VALUE, type RecordedEvent } from '@wager/domain';
import { chatNoticeText, type MessagePostedData } from '@wager/domain/chat/index';
import { systemMessagesNaming } from './queries.js';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { applyInRuns, insertFirstByKey } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;

/**
 * Every chat message, from MessagePosted, keyed by message id (idempotent); an erased sender's texts
 * read "[erased]" (PersonErased); a purged chat has none (ChatPurged, retention). A platform
 * message's text names nobody (the store reads it from its notice); its notice holds the user ids.
 */
export const chatMessagesProjector: Projector = {
  name: 'chat_messages',
  tables: ['chat_messages'],
  eventTypes: ['MessagePosted', 'PersonErased', 'ChatPurged'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    if (recorded.type === 'ChatPurged') {
      // Retention: the chat's messages leave the read model (their texts in the log are shredded).
      await db.deleteFrom('chat_messages').where('chat_id', '=', (recorded.data as { chatId: string }).chatId).execute();
      return;
    }
    if (recorded.type === 'PersonErased') {
      const { userId } = recorded.data as { userId: string };
      await db.updateTable('chat_messages').set({ content: ERASED_VALUE }).where('sender_id', '=', userId).execute();
      // Platform messages naming them: their text again from the notice, naming nobody (rows
      // projected before texts were name-free said "<name> reported: …").
      for (const row of await systemMessagesNaming(db, userId)) {
        if (row.notice) await db.updateTable('chat_messages').set({ content: chatNoticeText(row.notice) }).where('id', '=', row.id).execute();
      }
      return;
    }
    await db.insertInto('chat_messages').values(messageRow(recorded)).onConflict((oc) => oc.column('id').doNothing()).execute();
  },
  /** The messages posted between two erasures or purges in one multi-row insert; each erasure and purge in its place, as `apply` writes it. */
  async applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
    await applyInRuns(events, (e) => e.type === 'MessagePosted', (run) => insertMessages(db, run), (e) => chatMessagesProjector.apply(db, e));
  },
};

const MESSAGE_COLUMNS = [
  ['id', 'uuid'], ['chat_id', 'uuid'], ['stream_revision', 'integer'], ['sender_id', 'text'], ['type', 'text'], ['content', 'text'], ['notice', 'jsonb'], ['created_at', 'timestamptz'],
] as const;

/** MessagePosted events' rows in one statement (a message posted twice is kept once, as first written). */
async function insertMessages(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  await insertFirstByKey(db, 'chat_messages', 'id', events, messageRow, MESSAGE_COLUMNS);
}

function messageRow(recorded: RecordedEvent) {
  const d = recorded.data as MessagePostedData;
  return { id: d.messageId, chat_id: d.chatId, stream_revision: recorded.streamRevision, sender_id: d.senderId, type: d.type, content: d.content, notice: d.notice ? JSON.stringify(d.notice) : null, created_at: d.postedAt };
}
