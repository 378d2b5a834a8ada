/**
 * The events of a person's `notifications-<userId>` stream: what they were told (raised with the
 * channels their preferences chose at that moment), what they marked read, and their
 * preferences. Each carries its user id and an `…At` time.
 */
import type { NotificationChannel, NotificationPreferences, NotificationType } from './categories.js';
import type { NotificationParams } from './plan.js';

export interface NotificationRaisedData {
  readonly notificationId: string;
  readonly userId: string;
  readonly type: NotificationType;
  readonly params: NotificationParams;
  readonly link: string;
  readonly sourceEventId: string;
  readonly occurredAt: string;
  readonly showAt: string;
  /** The channels it goes out on, decided from the preferences in force when it was raised. */
  readonly channels: readonly NotificationChannel[];
  readonly raisedAt: string;
}
export interface NotificationsReadData {
  readonly userId: string;
  /** The notifications marked read one by one (empty for "all"). */
  readonly ids: readonly string[];
  /** "Mark all read": every notification raised up to this stream revision. */
  readonly throughRevision: number | null;
  readonly readAt: string;
}
export type PreferencesSource = 'profile' | 'unsubscribe';
export interface NotificationPreferencesSetData {
  readonly userId: string;
  /** The whole set after the change. */
  readonly preferences: NotificationPreferences;
  readonly source: PreferencesSource;
  readonly setAt: string;
}

export type NotificationEvent =
  | { type: 'NotificationRaised'; data: NotificationRaisedData }
  | { type: 'NotificationsRead'; data: NotificationsReadData }
  | { type: 'NotificationPreferencesSet'; data: NotificationPreferencesSetData };

export type NotificationEventType = NotificationEvent['type'];
export const NOTIFICATION_EVENT_TYPES: readonly NotificationEventType[] = ['NotificationRaised', 'NotificationsRead', 'NotificationPreferencesSet'];

export const NOTIFICATIONS_STREAM_TYPE = 'notifications';
export const notificationsStreamId = (userId: string): string => `${NOTIFICATIONS_STREAM_TYPE}-${userId}`;
