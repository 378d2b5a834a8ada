/**
 * The notifications context's contract (docs/api/notifications.md): a person's list and read
 * marks and their preferences, as zod schemas the API validates and serializes with and the web
 * app's query functions are typed by. The one-click unsubscribe answers an HTML page, not JSON:
 * only its querystring is here. Answers are strict objects.
 */
import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, markReadSchema, notificationPreferencesChangeSchema } from '../notifications/categories.js';

import { errorBody, refusals, processingBody } from './common.js';
/** 202: the change is stored, the read model does not show it yet (`Location` says where). */
const stillProcessing = processingBody({});

/** Notifications per page, at most, and by default. */
export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;
export const NOTIFICATIONS_PAGE_SIZE_DEFAULT = 20;

export const notificationView = z.strictObject({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** What the text names (a username, an amount…), by the placeholder of the type's message. */
  params: z.record(z.string(), z.string().nullable()),
  link: z.string(),
  occurredAt: z.string(),
  showAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationView>;
export const notificationCountsView = z.strictObject({ unread: z.number(), total: z.number() });
export type NotificationCountsView = z.infer<typeof notificationCountsView>;
export const notificationPageView = z.strictObject({ notifications: z.array(notificationView), nextCursor: z.string().nullable(), counts: notificationCountsView });
export type NotificationPageView = z.infer<typeof notificationPageView>;

const switches = z.strictObject({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
export const notificationPreferencesView = z.strictObject({
  /** Every category, every channel. */
  preferences: z.record(z.enum(NOTIFICATION_CATEGORIES), switches),
  /** The channels of each category that cannot be switched off. */
  locked: z.record(z.enum(NOTIFICATION_CATEGORIES), z.array(z.enum(NOTIFICATION_CHANNELS))),
});
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesView>;

export const notificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX).default(NOTIFICATIONS_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
  unread: z.enum(['true', 'false']).optional(),
});
/** `{ ids: [...] }` or `{ all: true }`. */
export const markReadBody = markReadSchema;
export type MarkReadBody = z.input<typeof markReadBody>;
/** `{ <category>: { <channel>: boolean } }`: any categories, any channels; the others keep their value. */
export const preferencesChangeBody = notificationPreferencesChangeSchema;
export type PreferencesChangeBody = z.input<typeof preferencesChangeBody>;
/** The signed unsubscribe link's querystring (user, category, signature). */
export const unsubscribeQuery = z.object({ u: z.string().max(64).optional(), c: z.string().max(64).optional(), s: z.string().max(128).optional() });

const documented = { tags: ['notifications'], security: [{ bearer: [] }] };

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export const notificationsContract = {
  list: { ...documented, summary: 'My notifications, newest first (paged by cursor)', querystring: notificationsQuery, response: { 200: notificationPageView, ...refusals } },
  markRead: {
    ...documented,
    summary: 'Mark notifications read: { ids: [...] } or { all: true }',
    body: markReadBody,
    response: { 200: z.strictObject({ counts: notificationCountsView }), 202: stillProcessing, ...refusals },
  },
  preferences: { ...documented, summary: 'My notification preferences per category and channel', response: { 200: notificationPreferencesView, ...refusals } },
  changePreferences: {
    ...documented,
    summary: `Change preferences: { <category>: { <channel>: boolean } }; categories ${NOTIFICATION_CATEGORIES.join(', ')}; channels ${NOTIFICATION_CHANNELS.join(', ')}`,
    body: preferencesChangeBody,
    response: { 200: notificationPreferencesView, 202: stillProcessing, ...refusals },
  },
  unsubscribePage: { tags: ['notifications'], summary: 'Unsubscribe confirmation page (signed link)', querystring: unsubscribeQuery },
  unsubscribe: { tags: ['notifications'], summary: 'One-click unsubscribe (RFC 8058, signed link)', querystring: unsubscribeQuery },
};
