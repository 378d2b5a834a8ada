import { NotFoundError, ValidationError } from '../shared/errors.js';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, applyPreferencesChange, channelsFor, isLocked, notificationMessages, type NotificationPreferences } from './categories.js';
import type { MarkAllNotificationsRead, MarkNotificationsRead, NotificationCommand, RaiseNotification, SetNotificationPreferences } from './commands.js';
import type { NotificationEvent } from './events.js';
import { isUnread, type NotificationsState } from './state.js';

/** Raised once: a redelivered source event finds its notification already in the stream. */
function raise(c: RaiseNotification['data'], now: Date, state: NotificationsState): NotificationEvent[] {
  const n = c.notification;
  if (state.notifications.has(n.id)) return [];
  return [
    {
      type: 'NotificationRaised',
      data: {
        notificationId: n.id,
        userId: n.userId,
        type: n.type,
        params: n.params,
        link: n.link,
        sourceEventId: n.sourceEventId,
        occurredAt: n.occurredAt,
        showAt: n.showAt,
        channels: channelsFor(n.type, state.preferences),
        raisedAt: now.toISOString(),
      },
    },
  ];
}

function markRead(c: MarkNotificationsRead['data'], now: Date, state: NotificationsState): NotificationEvent[] {
  const ids: string[] = [];
  for (const id of new Set(c.ids)) {
    const entry = state.notifications.get(id);
    if (!entry) throw new NotFoundError(notificationMessages.notificationNotFound, { code: 'notification_not_found', params: { id } });
    if (isUnread(state, entry)) ids.push(id);
  }
  if (ids.length === 0) return [];
  return [{ type: 'NotificationsRead', data: { userId: c.userId, ids, throughRevision: null, readAt: now.toISOString() } }];
}

function markAllRead(c: MarkAllNotificationsRead['data'], now: Date, state: NotificationsState): NotificationEvent[] {
  if (state.lastRaisedRevision <= state.readAllThrough) return [];
  return [{ type: 'NotificationsRead', data: { userId: c.userId, ids: [], throughRevision: state.lastRaisedRevision, readAt: now.toISOString() } }];
}

function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return NOTIFICATION_CATEGORIES.every((category) => NOTIFICATION_CHANNELS.every((channel) => a[category][channel] === b[category][channel]));
}

function setPreferences(c: SetNotificationPreferences['data'], now: Date, state: NotificationsState): NotificationEvent[] {
  for (const category of NOTIFICATION_CATEGORIES)
    for (const channel of NOTIFICATION_CHANNELS)
      if (c.change[category]?.[channel] === false && isLocked(category, channel))
        throw new ValidationError(notificationMessages.channelLocked, { code: 'notification_channel_locked', params: { category, channel } });
  const preferences = applyPreferencesChange(state.preferences, c.change);
  if (samePreferences(preferences, state.preferences)) return [];
  return [{ type: 'NotificationPreferencesSet', data: { userId: c.userId, preferences, source: c.source, setAt: now.toISOString() } }];
}

export function decide(command: NotificationCommand, state: NotificationsState): NotificationEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'RaiseNotification':
      return raise(command.data, now, state);
    case 'MarkNotificationsRead':
      return markRead(command.data, now, state);
    case 'MarkAllNotificationsRead':
      return markAllRead(command.data, now, state);
    case 'SetNotificationPreferences':
      return setPreferences(command.data, now, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
    }
  }
}
