import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { ChatEvent } from '@wager/domain/chat/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';

type Db = Transaction<Database> | Kysely<Database>;

/** A bet's chat room (spec section 3 Chat): created, moderator requested and joined, closed. Idempotent by chat id. */
export const chatsProjector: Projector = {
  name: 'chats',
  tables: ['chats'],
  eventTypes: ['ChatCreated', 'ModeratorRequested', 'ModeratorJoined', 'ChatClosed'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as ChatEvent;
    switch (event.type) {
      case 'ChatCreated': {
        const d = event.data;
        await db
          .insertInto('chats')
          .values({ id: d.chatId, bet_id: d.betId, participant1_id: d.participant1Id, participant2_id: d.participant2Id, created_at: d.createdAt })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'ModeratorRequested':
        await db.updateTable('chats').set({ is_moderator_requested: true }).where('id', '=', event.data.chatId).execute();
        return;
      case 'ModeratorJoined':
        await db.updateTable('chats').set({ moderator_id: event.data.moderatorId }).where('id', '=', event.data.chatId).execute();
        return;
      case 'ChatClosed':
        await db.updateTable('chats').set({ is_closed: true }).where('id', '=', event.data.chatId).execute();
        return;
      default:
        return;
    }
  },
};
