import { sql, type Kysely, type Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { CATEGORY_OF, withoutNames, type NotificationEvent } from '@wager/domain/notifications/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import { applyInRuns, insertFirstByKey } from '../batch.js';

type Db = Transaction<Database> | Kysely<Database>;

/**
 * `notifications` and `notification_preferences` from the notifications streams. Idempotent: a
 * notification is keyed by its id, a read mark only sets `read_at` where it is null, and
 * preferences are the whole set each time. A person's erasure (PersonErased) deletes theirs; a
 * rebuild meets it after their notifications, so it yields the same. The parameters name people by
 * user id only (no username is kept: readers put the names beside the ids), so another person's
 * erasure leaves nothing of theirs here.
 */
export const notificationsProjector: Projector = {
  name: 'notifications',
  tables: ['notifications', 'notification_preferences'],
  eventTypes: ['NotificationRaised', 'NotificationsRead', 'NotificationPreferencesSet', 'PersonErased'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    if (recorded.type === 'PersonErased') {
      // Erasure: what we told the person goes (its names are sealed under their key in the log).
      const { userId } = recorded.data as { userId: string };
      await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
      await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as NotificationEvent;
    switch (event.type) {
      case 'NotificationRaised': {
        const row = notificationRow(recorded);
        if (row) await db.insertInto('notifications').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'NotificationsRead': {
        const d = event.data;
        let query = db.updateTable('notifications').set({ read_at: d.readAt }).where('user_id', '=', d.userId).where('read_at', 'is', null);
        if (d.throughRevision !== null) query = query.where('stream_revision', '<=', d.throughRevision);
        else if (d.ids.length > 0) query = query.where('id', 'in', d.ids);
        else return;
        await query.execute();
        return;
      }
      case 'NotificationPreferencesSet': {
        const d = event.data;
        await db
          .insertInto('notification_preferences')
          .values({ user_id: d.userId, preferences: JSON.stringify(d.preferences), updated_at: d.setAt })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences: sql`excluded.preferences`, updated_at: sql`excluded.updated_at` }))
          .execute();
        return;
      }
    }
  },
  /**
   * The notifications raised between two other events (a read mark, preferences, an erasure) in
   * one multi-row insert; each other event in its place, as `apply` writes it.
   */
  async applyBatch(db: Db, events: readonly RecordedEvent[]): Promise<void> {
    await applyInRuns(events, (e) => e.type === 'NotificationRaised', (run) => insertNotifications(db, run), (e) => notificationsProjector.apply(db, e));
  },
};

const NOTIFICATION_COLUMNS = [
  ['id', 'uuid'], ['user_id', 'uuid'], ['type', 'text'], ['category', 'text'], ['params', 'jsonb'], ['link', 'text'],
  ['source_event_id', 'uuid'], ['occurred_at', 'timestamptz'], ['show_at', 'timestamptz'], ['stream_revision', 'integer'],
] as const;

/** NotificationRaised events' in-app rows in one statement (a notification raised twice is kept once, as first written). */
async function insertNotifications(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  await insertFirstByKey(db, 'notifications', 'id', events, notificationRow, NOTIFICATION_COLUMNS);
}

/** A NotificationRaised's row, unread; null when its channels leave out in_app. */
function notificationRow(recorded: RecordedEvent) {
  const d = recorded.data as Extract<NotificationEvent, { type: 'NotificationRaised' }>['data'];
  if (!d.channels.includes('in_app')) return null;
  return {
    id: d.notificationId,
    user_id: d.userId,
    type: d.type,
    category: CATEGORY_OF[d.type],
    params: JSON.stringify(withoutNames(d.params)),
    link: d.link,
    source_event_id: d.sourceEventId,
    occurred_at: d.occurredAt,
    show_at: d.showAt,
    stream_revision: recorded.streamRevision,
    read_at: null,
  };
}
