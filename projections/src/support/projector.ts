import type { Kysely, Transaction } from 'kysely';
import { ERASED_VALUE, type RecordedEvent } from '@wager/domain';
import type { SupportEvent } from '@wager/domain/support/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';

type Db = Transaction<Database> | Kysely<Database>;

/** One row per support message; idempotent by message id. An erased sender's messages keep their kind, bet and time, their words read "[erased]". */
export const supportMessagesProjector: Projector = {
  name: 'support_messages',
  tables: ['support_messages'],
  eventTypes: ['SupportMessageSubmitted', 'PersonErased'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    if (recorded.type === 'PersonErased') {
      // Erasure: the message stays on record (when, what kind, about which bet), its words do not.
      const { userId } = recorded.data as { userId: string };
      await db.updateTable('support_messages').set({ name: ERASED_VALUE, email: ERASED_VALUE, subject: ERASED_VALUE, message: ERASED_VALUE, reported_username: null }).where('user_id', '=', userId).execute();
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as SupportEvent;
    if (event.type !== 'SupportMessageSubmitted') return;
    const d = event.data;
    await db
      .insertInto('support_messages')
      .values({
        id: d.messageId,
        kind: d.kind,
        user_id: d.userId,
        name: d.name,
        email: d.email,
        subject: d.subject,
        message: d.message,
        reported_username: d.reportedUsername ?? null,
        bet_id: d.betId ?? null,
        submitted_at: d.submittedAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};
