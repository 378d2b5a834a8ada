import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { ChatEvent } from '@wager/domain/chat/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { applyInRuns, insertFirstByKey } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;

/** A bet's chat room (spec section 3 Chat): created, moderator requested and joined, closed. Idempotent by chat id. */
export const chatsProjector: Projector = {
  name: 'chats',
  tables: ['chats'],
  eventTypes: ['ChatCreated', 'ModeratorRequested', 'ModeratorJoined', 'ChatClosed', 'ChatPurged', 'EvidencePurged'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as ChatEvent;
    switch (event.type) {
      case 'ChatCreated':
        await db.insertInto('chats').values(chatRow(recorded)).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      case 'ModeratorRequested':
        await db.updateTable('chats').set({ is_moderator_requested: true }).where('id', '=', event.data.chatId).execute();
        return;
      case 'ModeratorJoined':
        await db.updateTable('chats').set({ moderator_id: event.data.moderatorId }).where('id', '=', event.data.chatId).execute();
        return;
      case 'ChatClosed':
        await db.updateTable('chats').set({ is_closed: true }).where('id', '=', event.data.chatId).execute();
        return;
      case 'ChatPurged':
        await db.updateTable('chats').set({ is_closed: true, purged_at: event.data.purgedAt }).where('id', '=', event.data.chatId).execute();
        return;
      case 'EvidencePurged': {
        // Idempotent: the union of what was recorded and these hashes, each once.
        const hashes = JSON.stringify(event.data.files.map((f) => f.sha256));
        await db
          .updateTable('chats')
          .set({ purged_evidence: sql<string>`(select coalesce(jsonb_agg(distinct h), '[]'::jsonb) from jsonb_array_elements(purged_evidence || ${hashes}::jsonb) as h)` })
          .where('id', '=', event.data.chatId)
          .execute();
        return;
      }
      default:
        return;
    }
  },
  /** The chats created between two other events in one multi-row insert; each other event in its place, as `apply` writes it. */
  async applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
    await applyInRuns(events, (e) => e.type === 'ChatCreated', (run) => insertChats(db, run), (e) => chatsProjector.apply(db, e));
  },
};

const CHAT_COLUMNS = [['id', 'uuid'], ['bet_id', 'uuid'], ['participant1_id', 'uuid'], ['participant2_id', 'uuid'], ['created_at', 'timestamptz']] as const;

/** ChatCreated events' rows in one statement (a chat created twice is kept once, as first written). */
async function insertChats(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  await insertFirstByKey(db, 'chats', 'id', events, chatRow, CHAT_COLUMNS);
}

function chatRow(recorded: RecordedEvent) {
  const d = recorded.data as Extract<ChatEvent, { type: 'ChatCreated' }>['data'];
  return { id: d.chatId, bet_id: d.betId, participant1_id: d.participant1Id, participant2_id: d.participant2Id, created_at: d.createdAt };
}
