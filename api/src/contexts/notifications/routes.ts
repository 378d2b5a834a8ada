/**
 * The notifications context's HTTP surface (docs/api/notifications.md): a person's list and read
 * marks, their preferences, and the one-click unsubscribe (no login, a signed link).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCKED_CHANNELS, NOTIFICATION_CATEGORIES, namedUserIds, readerLocale, withNames, type NotificationLocale } from '@wager/domain/notifications/index';
import { mailPreferencesOf, usernamesById } from '@wager/projections/users/queries';
import { notificationsContract, type NotificationPreferencesView, type NotificationView } from '@wager/domain/contracts/notifications';
import { countNotifications, listNotifications, notificationPreferencesOf } from '@wager/projections/notifications/queries';
import type { NotificationRow } from '@wager/projections/notifications/notifications.table';
import { StillProcessing } from '../../runtime/still-processing.js';
import { markNotificationsRead, setNotificationPreferences } from './commands.js';
import { unsubscribeConfirmPage, unsubscribedPage } from './unsubscribe-page.js';
import { UNSUBSCRIBE_PATH, unsubscribeKey, verifyUnsubscribe } from './unsubscribe.js';

/** A notification as answered: the people it names by id, with their names as the users read model has them now. */
function toJson(row: NotificationRow, names: ReadonlyMap<string, string>): NotificationView {
  return {
    id: row.id,
    type: row.type as NotificationView['type'],
    category: row.category as NotificationView['category'],
    params: withNames(row.params, names),
    link: row.link,
    occurredAt: row.occurred_at.toISOString(),
    showAt: row.show_at.toISOString(),
    readAt: row.read_at ? row.read_at.toISOString() : null,
  };
}

/** An opaque cursor: the last row's show time and id. */
const cursorOf = (row: NotificationRow) => Buffer.from(`${row.show_at.toISOString()}|${row.id}`).toString('base64url');
function parseCursor(cursor: string | undefined): { showAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const showAt = new Date(at ?? '');
  if (!id || Number.isNaN(showAt.getTime())) return undefined;
  return { showAt, id };
}

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/api/notifications',
    {
      onRequest: app.requireUser,
      schema: notificationsContract.list,
    },
    async (request) => {
      const userId = request.auth!.userId;
      const now = clock.now();
      const { limit, cursor, unread } = request.query;
      const [rows, counts] = await Promise.all([
        listNotifications(db, userId, { now, limit: limit + 1, before: parseCursor(cursor), unreadOnly: unread === 'true' }),
        countNotifications(db, userId, now),
      ]);
      const page = rows.slice(0, limit);
      const names = await usernamesById(db, page.flatMap((row) => namedUserIds(row.params)));
      return { notifications: page.map((row) => toJson(row, names)), nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]!) : null, counts };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: app.requireUser,
      schema: notificationsContract.markRead,
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { visible } = await markNotificationsRead(app.deps, userId, request.body);
      if (!visible) throw new StillProcessing('/api/notifications', {});
      return { counts: await countNotifications(db, userId, clock.now()) };
    },
  );

  const preferencesOf = async (userId: string): Promise<NotificationPreferencesView> => ({
    preferences: await notificationPreferencesOf(db, userId),
    locked: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, [...(LOCKED_CHANNELS[c] ?? [])]])) as NotificationPreferencesView['locked'],
  });

  app.get(
    '/api/user/notification-preferences',
    { onRequest: app.requireUser, schema: notificationsContract.preferences },
    async (request) => preferencesOf(request.auth!.userId),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      onRequest: app.requireUser,
      schema: notificationsContract.changePreferences,
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { visible } = await setNotificationPreferences(app.deps, userId, request.body, 'profile', userId);
      if (!visible) throw new StillProcessing('/api/user/notification-preferences', {});
      return preferencesOf(userId);
    },
  );

  /** The unsubscribe pages' language: the person's profile language, as their emails use (`readerLocale`). */
  const pageLocale = async (userId: string, acceptLanguage: string | undefined): Promise<NotificationLocale> => {
    const user = await mailPreferencesOf(db, userId);
    return readerLocale(user?.preferred_language, acceptLanguage);
  };

  // One-click unsubscribe (RFC 8058). GET shows a confirmation page and changes nothing (mail
  // scanners follow links); POST, the mail client's one click or the page's button, switches the
  // category's email off. Both need the link's signature and no login.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  app.get(UNSUBSCRIBE_PATH, { schema: notificationsContract.unsubscribePage }, async (request, reply) => {
    const { userId, category } = verifyUnsubscribe(await unsubscribeKey(app.deps, clock.now()), request.query);
    const locale = await pageLocale(userId, request.headers['accept-language']);
    const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(request.query as Record<string, string>).toString()}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-language', locale)
      .header('vary', 'accept-language')
      .send(unsubscribeConfirmPage(locale, category, action));
  });

  app.post(
    UNSUBSCRIBE_PATH,
    { schema: notificationsContract.unsubscribe },
    async (request, reply) => {
      const { userId, category } = verifyUnsubscribe(await unsubscribeKey(app.deps, clock.now()), request.query);
      await setNotificationPreferences(app.deps, userId, { [category]: { email: false } }, 'unsubscribe', 'unsubscribe-link');
      const locale = await pageLocale(userId, request.headers['accept-language']);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-language', locale)
        .header('vary', 'accept-language')
        .send(unsubscribedPage(locale, category));
    },
  );
};

