import type { Kysely } from 'kysely';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, type NotificationPreferences } from '@wager/domain/notifications/index';
import type { Database } from '../database.js';
import type { NotificationRow } from './notifications.table.js';
import { NOTIFICATIONS_PAGE_SIZE_MAX } from '@wager/domain/contracts/notifications';


/** A person's notifications shown by `now`, newest first; `before` pages on (show_at, id). */
export async function listNotifications(
  db: Kysely<Database>,
  userId: string,
  options: { now: Date; limit: number; before?: { showAt: Date; id: string } | undefined; unreadOnly?: boolean },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('show_at', '<=', options.now);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  const before = options.before;
  if (before) query = query.where((eb) => eb.or([eb('show_at', '<', before.showAt), eb.and([eb('show_at', '=', before.showAt), eb('id', '<', before.id)])]));
  return query.orderBy('show_at', 'desc').orderBy('id', 'desc').limit(Math.min(options.limit, NOTIFICATIONS_PAGE_SIZE_MAX)).execute();
}

export async function countNotifications(db: Kysely<Database>, userId: string, now: Date): Promise<{ unread: number; total: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread')])
    .where('user_id', '=', userId)
    .where('show_at', '<=', now)
    .executeTakeFirstOrThrow();
  return { unread: Number(row.unread), total: Number(row.total) };
}

/** The person's preferences as projected, completed with the defaults for anything missing. */
export async function notificationPreferencesOf(db: Kysely<Database>, userId: string): Promise<NotificationPreferences> {
  const row = await db.selectFrom('notification_preferences').select('preferences').where('user_id', '=', userId).executeTakeFirst();
  const stored = (row?.preferences ?? {}) as Record<string, Record<string, boolean>>;
  return Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [
      category,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, stored[category]?.[channel] ?? DEFAULT_NOTIFICATION_PREFERENCES[category][channel]])),
    ]),
  ) as unknown as NotificationPreferences;
}

/** Every user with the moderator role and every admin: who hears that a moderator is wanted. */
export async function moderatorIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where((eb) => eb.or([eb('is_moderator', '=', true), eb('is_admin', '=', true)])).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Every admin (who may review an appeal). */
export async function adminIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('is_admin', '=', true).orderBy('id').execute();
  return rows.map((r) => r.id);
}
