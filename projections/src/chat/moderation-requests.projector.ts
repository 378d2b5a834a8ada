import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { ChatEvent } from '@wager/domain/chat/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';

type Db = Transaction<Database> | Kysely<Database>;

/**
 * The moderation queue (docs/api/moderation.md): a chat's request from `ModeratorRequested` on,
 * claimed, escalated, resolved. It reads no other table (the queue's reader joins the chat, bet
 * and players), so it stands alone in a rebuild. Idempotent: the insert is keyed by chat id and
 * each change applies only to a row behind the event's stream revision.
 */
export const moderationRequestsProjector: Projector = {
  name: 'moderation_requests',
  tables: ['moderation_requests'],
  eventTypes: ['ModeratorRequested', 'ModeratorJoined', 'ModerationClaimed', 'ModerationEscalated', 'ModerationResolved'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as ChatEvent;
    const revision = recorded.streamRevision;
    const update = (chatId: string) => db.updateTable('moderation_requests').where('chat_id', '=', chatId).where('revision', '<', revision);
    switch (event.type) {
      case 'ModeratorRequested': {
        const d = event.data;
        await db
          .insertInto('moderation_requests')
          .values({ chat_id: d.chatId, status: 'open', requested_by: d.requestedBy, requested_at: d.requestedAt, revision })
          .onConflict((oc) => oc.column('chat_id').doNothing())
          .execute();
        return;
      }
      // Joining an open request took it (chats recorded before claims existed have only the join).
      case 'ModeratorJoined':
        await update(event.data.chatId).where('status', '=', 'open').set({ status: 'claimed', claimed_by: event.data.moderatorId, claimed_at: event.data.joinedAt, revision }).execute();
        return;
      case 'ModerationClaimed':
        await update(event.data.chatId).set({ status: 'claimed', claimed_by: event.data.moderatorId, claimed_at: event.data.claimedAt, revision }).execute();
        return;
      case 'ModerationEscalated':
        await update(event.data.chatId).set({ status: 'escalated', escalated_by: event.data.escalatedBy, escalated_at: event.data.escalatedAt, escalation_reason: event.data.reason, revision }).execute();
        return;
      case 'ModerationResolved':
        await update(event.data.chatId).set({ status: 'resolved', resolved_by: event.data.resolvedBy, resolved_at: event.data.resolvedAt, resolution_note: event.data.note, revision }).execute();
        return;
      default:
        return;
    }
  },
};
