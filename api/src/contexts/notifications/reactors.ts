/**
 * The notifications process managers. `notifications-raise` turns the events that need a
 * person's attention or move their money into notifications (domain/src/notifications/plan.ts
 * decides who is told of what; this looks up what it needs and raises each in the person's
 * stream under its deterministic id). `notifications-email` sends each raised notification
 * whose channels include email through the outbox, under the same id, so either reactor may
 * handle an event again and nothing is stored or sent twice.
 */
import type { RecordedEvent } from '@wager/domain';
import { betStreamId } from '@wager/domain/bets/index';
import { CATEGORY_OF, NOTIFYING_EVENT_TYPES, isLocked, namedUserIds, needsOf, notificationLocale, planNotifications, renderNotification, withNames, type NotificationContext, type NotificationParams, type NotificationRaisedData } from '@wager/domain/notifications/index';
import { adminIds, moderatorIds } from '@wager/projections/notifications/queries';
import { enqueueEmails, type QueuedEmail } from '../../adapters/email/outbox.js';
import { publicBaseUrl } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { raiseNotifications } from './commands.js';
import { playerCard, playerNames } from '../players/index.js';
import { betParties } from '../bets/index.js';
import { enqueuePushes, type QueuedPush } from './store.js';
import { renderNotificationEmail } from './email.js';
import { unsubscribeKey, unsubscribeUrl } from './unsubscribe.js';

type Deps = Pick<AppDeps, 'store' | 'db' | 'bus' | 'clock' | 'ids' | 'projections' | 'config'>;

/**
 * The bet's players and currency as of the event, held per app by stream revision (the bets
 * context's `betParties`: a creation and an acceptance never change), read from the bet's own
 * stream only when what is held does not answer (the read model may not have caught up).
 */
async function betContext(deps: Deps, betId: string, event: RecordedEvent): Promise<NotificationContext['bet']> {
  const parties = await betParties(deps).asOf(deps.store, betId, event.streamId === betStreamId(betId) ? event.streamRevision : undefined);
  return parties && { challengerId: parties.creation.challengerId, opponentId: parties.opponentId, currency: parties.creation.currency };
}

async function chatContext(deps: Deps, chatId: string): Promise<NotificationContext['chat']> {
  const events = await deps.store.readStream(`chat-${chatId}`);
  const created = events.find((e) => e.type === 'ChatCreated')?.data as { betId: string; participant1Id: string; participant2Id: string } | undefined;
  return created ? { betId: created.betId, participantIds: [created.participant1Id, created.participant2Id] } : null;
}

export async function notificationContextFor(deps: Deps, event: RecordedEvent): Promise<NotificationContext> {
  const needs = needsOf(event);
  const [bet, chat, moderators, admins] = await Promise.all([
    needs.betId ? betContext(deps, needs.betId, event) : undefined,
    needs.chatId ? chatContext(deps, needs.chatId) : undefined,
    needs.moderators ? moderatorIds(deps.db) : undefined,
    needs.admins ? adminIds(deps.db) : undefined,
  ]);
  return { ...(bet !== undefined ? { bet } : {}), ...(chat !== undefined ? { chat } : {}), ...(moderators ? { moderators } : {}), ...(admins ? { admins } : {}) };
}

async function plannedFor(deps: Deps, event: RecordedEvent) {
  return planNotifications(event, await notificationContextFor(deps, event));
}

export function notificationsRaiseReactor(deps: Deps): Reactor {
  return {
    name: 'notifications-raise',
    eventTypes: NOTIFYING_EVENT_TYPES,
    handle: async (event: RecordedEvent) => {
      betParties(deps).noteRecorded(event);
      await raiseNotifications(deps, await plannedFor(deps, event));
    },
    // A batch's notifications in one append across the people's streams; the bets' events noted in order first (a creation, an acceptance).
    handleBatch: async (events: readonly RecordedEvent[]) => {
      for (const event of events) betParties(deps).noteRecorded(event);
      await raiseNotifications(deps, (await Promise.all(events.map((e) => plannedFor(deps, e)))).flat());
    },
  };
}

/**
 * The notification's parameters with the names of the people it names, as the users read model
 * has them now (through the process's cache of players, dropped by every change of theirs: the
 * stream holds their ids only). The queued mail and push hold the name in
 * clear, with the ids in `named_user_ids`: an erasure redacts it there (privacy context).
 */
async function namedParams(deps: Deps, d: NotificationRaisedData): Promise<NotificationParams> {
  const ids = namedUserIds(d.params);
  return ids.length === 0 ? d.params : withNames(d.params, await playerNames(deps, ids));
}

/** The email of one raised notification (its outbox id is the notification's), or null when it is not mailed. */
async function notificationEmail(deps: Deps, d: NotificationRaisedData, now: Date): Promise<QueuedEmail | null> {
  if (!d.channels.includes('email')) return null;
  const user = await playerCard(deps, d.userId);
  // A person is projected long before anything can notify them; if not yet, the reactor retries.
  if (!user) throw new Error(`notifications-email: user ${d.userId} is not in the read model yet`);
  const category = CATEGORY_OF[d.type];
  const sendAt = new Date(Math.max(now.getTime(), Date.parse(d.showAt)));
  const email = renderNotificationEmail({
    type: d.type,
    params: await namedParams(deps, d),
    link: `${publicBaseUrl(deps.config)}${d.link}`,
    language: user.preferred_language,
    timeZone: user.timezone,
    now: sendAt,
    unsubscribeUrl: isLocked(category, 'email') ? null : unsubscribeUrl(deps.config, await unsubscribeKey(deps, now), d.userId, category),
  });
  return { id: d.notificationId, to: user.email, subject: email.subject, text: email.text, html: email.html, headers: email.headers, kind: `notification-${d.type}`, userId: d.userId, sendAt, namedUserIds: namedUserIds(d.params) };
}

/** Queues the emails of raised notifications with one statement (a batch's: one transaction). */
export async function queueNotificationEmails(deps: Deps, raised: readonly NotificationRaisedData[]): Promise<void> {
  const now = deps.clock.now();
  const emails = await Promise.all(raised.map((d) => notificationEmail(deps, d, now)));
  await enqueueEmails(deps.db, emails.filter((e): e is QueuedEmail => e !== null), now);
}

export function notificationsEmailReactor(deps: Deps): Reactor {
  return {
    name: 'notifications-email',
    eventTypes: ['NotificationRaised'],
    handle: async (event: RecordedEvent) => queueNotificationEmails(deps, [event.data as NotificationRaisedData]),
    handleBatch: async (events: readonly RecordedEvent[]) => queueNotificationEmails(deps, events.map((e) => e.data as NotificationRaisedData)),
  };
}

/**
 * The push of one raised notification, or null: the id is the notification's, so a repeat
 * stores nothing, and it carries only the title, in the person's language, and the app path. A
 * notification that takes effect later is not pushed (the sender sends a new row at once; it
 * shows in the app and by email when due).
 */
async function notificationPush(deps: Deps, d: NotificationRaisedData, now: Date): Promise<QueuedPush | null> {
  if (!d.channels.includes('push')) return null;
  if (Date.parse(d.showAt) > now.getTime()) return null;
  const user = await playerCard(deps, d.userId);
  if (!user) throw new Error(`notifications-push: user ${d.userId} is not in the read model yet`);
  const { title } = renderNotification(d.type, await namedParams(deps, d), { locale: notificationLocale(user.preferred_language), timeZone: user.timezone, now });
  return { id: d.notificationId, userId: d.userId, title: title.slice(0, PUSH_TITLE_LENGTH_MAX), url: d.link, createdAt: now, namedUserIds: namedUserIds(d.params) };
}

/** Queues the pushes of raised notifications in `push_outbox` (the push context's sender sends each to the person's devices), one statement for all. */
export async function queueNotificationPushes(deps: Deps, raised: readonly NotificationRaisedData[]): Promise<void> {
  const now = deps.clock.now();
  const pushes = await Promise.all(raised.map((d) => notificationPush(deps, d, now)));
  await enqueuePushes(deps.db, pushes.filter((p): p is QueuedPush => p !== null));
}

export const PUSH_TITLE_LENGTH_MAX = 200;

export function notificationsPushReactor(deps: Deps): Reactor {
  return {
    name: 'notifications-push',
    eventTypes: ['NotificationRaised'],
    handle: async (event: RecordedEvent) => queueNotificationPushes(deps, [event.data as NotificationRaisedData]),
    handleBatch: async (events: readonly RecordedEvent[]) => queueNotificationPushes(deps, events.map((e) => e.data as NotificationRaisedData)),
  };
}
