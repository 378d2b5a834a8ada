import { PersistentMap } from '../shared/persistent-map.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from './categories.js';
import type { NotificationEvent } from './events.js';

export interface NotificationEntry {
  /** The stream revision of its NotificationRaised. */
  readonly revision: number;
  readonly read: boolean;
}

export interface NotificationsState {
  readonly preferences: NotificationPreferences;
  /** Events folded so far: the next event's stream revision. */
  readonly nextRevision: number;
  readonly notifications: PersistentMap<NotificationEntry>;
  /** The revision of the last NotificationRaised (-1: none). */
  readonly lastRaisedRevision: number;
  /** "Mark all read" covered everything up to this revision (-1: never used). */
  readonly readAllThrough: number;
}

export function initialState(): NotificationsState {
  return { preferences: DEFAULT_NOTIFICATION_PREFERENCES, nextRevision: 0, notifications: PersistentMap.empty(), lastRaisedRevision: -1, readAllThrough: -1 };
}

export function isUnread(state: NotificationsState, entry: NotificationEntry): boolean {
  return !entry.read && entry.revision > state.readAllThrough;
}

export function evolve(state: NotificationsState, event: NotificationEvent): NotificationsState {
  const revision = state.nextRevision;
  const next = { ...state, nextRevision: revision + 1 };
  switch (event.type) {
    case 'NotificationRaised':
      return { ...next, notifications: state.notifications.set(event.data.notificationId, { revision, read: false }), lastRaisedRevision: revision };
    case 'NotificationsRead': {
      let notifications = state.notifications;
      for (const id of event.data.ids) {
        const entry = notifications.get(id);
        if (entry) notifications = notifications.set(id, { ...entry, read: true });
      }
      return { ...next, notifications, readAllThrough: event.data.throughRevision ?? state.readAllThrough };
    }
    case 'NotificationPreferencesSet':
      return { ...next, preferences: event.data.preferences };
  }
}
