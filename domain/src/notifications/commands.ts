import type { Command } from '../shared/command.js';
import type { NotificationPreferencesChange } from './categories.js';
import type { PreferencesSource } from './events.js';
import type { PlannedNotification } from './plan.js';

export type RaiseNotification = Command<'RaiseNotification', { readonly notification: PlannedNotification }>;
export type MarkNotificationsRead = Command<'MarkNotificationsRead', { readonly userId: string; readonly ids: readonly string[] }>;
export type MarkAllNotificationsRead = Command<'MarkAllNotificationsRead', { readonly userId: string }>;
export type SetNotificationPreferences = Command<
  'SetNotificationPreferences',
  { readonly userId: string; readonly change: NotificationPreferencesChange; readonly source: PreferencesSource }
>;

export type NotificationCommand = RaiseNotification | MarkNotificationsRead | MarkAllNotificationsRead | SetNotificationPreferences;
