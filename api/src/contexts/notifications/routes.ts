/**
 * The notifications context's HTTP surface (docs/api/notifications.md): a person's list and read
 * marks, their preferences, and the one-click unsubscribe (no login, a signed link).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {

  LOCKED_CHANNELS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  markReadSchema,
  notificationPreferencesChangeSchema,
  type NotificationType,
} from '@wager/domain/notifications/index';
import { NOTIFICATIONS_PAGE_SIZE_MAX, countNotifications, listNotifications, notificationPreferencesOf } from '@wager/projections/notifications/queries';
import type { NotificationRow } from '@wager/projections/notifications/notifications.table';
import { StillProcessing } from '../../runtime/still-processing.js';
import { markNotificationsRead, setNotificationPreferences } from './commands.js';
import { escapeHtml } from './email.js';
import { UNSUBSCRIBE_PATH, unsubscribeKey, verifyUnsubscribe } from './unsubscribe.js';

const errorJson = z.looseObject({ error: z.string(), code: z.string() });
const notificationJson = z.object({
  id: z.string(),
  type: z.string(),
  category: z.string(),
  params: z.record(z.string(), z.string().nullable()),
  link: z.string(),
  occurredAt: z.string(),
  showAt: z.string(),
  readAt: z.string().nullable(),
});
const countsJson = z.object({ unread: z.number(), total: z.number() });
const switchesJson = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
const preferencesJson = z.object({
  preferences: z.record(z.string(), switchesJson),
  /** The channels of each category that cannot be switched off. */
  locked: z.record(z.string(), z.array(z.string())),
});

function toJson(row: NotificationRow): z.infer<typeof notificationJson> {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    params: row.params,
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

const CATEGORY_NAMES: Record<string, string> = {
  challenges: 'challenges',
  results: 'results and disputes',
  bets: 'bet settlements',
  pools: 'FPL pools',
  moderation: 'moderator requests',
  safer_play: 'safer play reminders',
};

function unsubscribePage(title: string, body: string, form?: { action: string }): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">`,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`,
    form ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>` : '',
    '</body></html>',
  ].join('');
}

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/api/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first (paged by cursor)',
        security: [{ bearer: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX).default(20), cursor: z.string().max(200).optional(), unread: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ notifications: z.array(notificationJson), nextCursor: z.string().nullable(), counts: countsJson }), 401: errorJson },
      },
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
      return { notifications: page.map(toJson), nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]!) : null, counts };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: { ids: [...] } or { all: true }',
        security: [{ bearer: [] }],
        body: markReadSchema,
        response: { 200: z.object({ counts: countsJson }), 400: errorJson, 401: errorJson, 404: errorJson },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { visible } = await markNotificationsRead(app.deps, userId, request.body);
      if (!visible) throw new StillProcessing('/api/notifications', {});
      return { counts: await countNotifications(db, userId, clock.now()) };
    },
  );

  const preferencesOf = async (userId: string) => ({
    preferences: await notificationPreferencesOf(db, userId),
    locked: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, [...(LOCKED_CHANNELS[c] ?? [])]])),
  });

  app.get(
    '/api/user/notification-preferences',
    { onRequest: app.requireUser, schema: { tags: ['notifications'], summary: 'My notification preferences per category and channel', security: [{ bearer: [] }], response: { 200: preferencesJson, 401: errorJson } } },
    async (request) => preferencesOf(request.auth!.userId),
  );

  app.put(
    '/api/user/notification-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: `Change preferences: { <category>: { <channel>: boolean } }; categories ${NOTIFICATION_CATEGORIES.join(', ')}; channels ${NOTIFICATION_CHANNELS.join(', ')}`,
        security: [{ bearer: [] }],
        body: notificationPreferencesChangeSchema,
        response: { 200: preferencesJson, 400: errorJson, 401: errorJson },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { visible } = await setNotificationPreferences(app.deps, userId, request.body, 'profile', userId);
      if (!visible) throw new StillProcessing('/api/user/notification-preferences', {});
      return preferencesOf(userId);
    },
  );

  // One-click unsubscribe (RFC 8058). GET shows a confirmation page and changes nothing (mail
  // scanners follow links); POST, the mail client's one click or the page's button, switches the
  // category's email off. Both need the link's signature and no login.
  const unsubscribeQuery = z.object({ u: z.string().max(64).optional(), c: z.string().max(64).optional(), s: z.string().max(128).optional() });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

  app.get(UNSUBSCRIBE_PATH, { schema: { tags: ['notifications'], summary: 'Unsubscribe confirmation page (signed link)', querystring: unsubscribeQuery } }, async (request, reply) => {
    const { category } = verifyUnsubscribe(await unsubscribeKey(app.deps, clock.now()), request.query);
    const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(request.query as Record<string, string>).toString()}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unsubscribePage('Unsubscribe', `Stop emails about ${CATEGORY_NAMES[category] ?? category}? You will still see them in the app, and you can switch them back on in your profile.`, { action }));
  });

  app.post(
    UNSUBSCRIBE_PATH,
    { schema: { tags: ['notifications'], summary: 'One-click unsubscribe (RFC 8058, signed link)', querystring: unsubscribeQuery } },
    async (request, reply) => {
      const { userId, category } = verifyUnsubscribe(await unsubscribeKey(app.deps, clock.now()), request.query);
      await setNotificationPreferences(app.deps, userId, { [category]: { email: false } }, 'unsubscribe', 'unsubscribe-link');
      const page = unsubscribePage('Unsubscribed', `You will no longer get emails about ${CATEGORY_NAMES[category] ?? category}. You can switch them back on in your profile.`);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  );
};

