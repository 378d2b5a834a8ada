import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import type { SupportEvent } from '@wager/domain/support/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';

type Db = Transaction<Database> | Kysely<Database>;

/** One row per support message; idempotent by message id. */
export const supportMessagesProjector: Projector = {
  name: 'support_messages',
  tables: ['support_messages'],
  eventTypes: ['SupportMessageSubmitted'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
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
