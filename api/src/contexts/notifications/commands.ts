/**
 * The only code appending to `notifications-<userId>` streams. A raised notification's event id
 * is the notification's own deterministic id (UUIDv5 of the source event and the person), so a
 * redelivered source event stores nothing; read marks and preference changes are a person's
 * one-off acts and get fresh ids, guarded by the decider (nothing to mark or change: no event).
 */
import { notificationsDecider, notificationsStreamId, type NotificationCommand, type NotificationPreferencesChange, type PlannedNotification, type PreferencesSource } from '@wager/domain/notifications/index';
import type { AppDeps } from '../../deps.js';
import { runCommand, runCommandBatch } from '../../runtime/command-pipeline.js';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'ids' | 'projections'>;

async function run(deps: Deps, userId: string, command: NotificationCommand, options: { wait: boolean; eventIds: (count: number) => string[] }) {
  return runCommand(
    deps,
    { streamId: notificationsStreamId(userId), decider: notificationsDecider, command, eventIds: (events) => options.eventIds(events.length) },
    { waitForReadModels: options.wait },
  );
}

/**
 * Called by the reactor: the notifications planned for a batch of events (both players' of a
 * settlement, or many bets' under load) raised in ONE append across the people's streams, each
 * under its deterministic id; no wait (nobody is waiting on a reactor's read).
 */
export async function raiseNotifications(deps: Deps, notifications: readonly PlannedNotification[]): Promise<void> {
  const now = deps.clock.now();
  await runCommandBatch(
    deps,
    notificationsDecider,
    notifications.map((notification) => ({
      streamId: notificationsStreamId(notification.userId),
      command: { type: 'RaiseNotification' as const, data: { notification }, metadata: { now, actor: 'system' } },
      eventIds: () => [notification.id],
    })),
  );
}

export async function markNotificationsRead(deps: Deps, userId: string, target: { ids: readonly string[] } | { all: true }): Promise<{ visible: boolean }> {
  const now = deps.clock.now();
  const command: NotificationCommand = 'all' in target ? { type: 'MarkAllNotificationsRead', data: { userId }, metadata: { now, actor: userId } } : { type: 'MarkNotificationsRead', data: { userId, ids: target.ids }, metadata: { now, actor: userId } };
  const outcome = await run(deps, userId, command, { wait: true, eventIds: (n) => Array.from({ length: n }, () => deps.ids.uuid()) });
  return { visible: outcome.visible };
}

export async function setNotificationPreferences(deps: Deps, userId: string, change: NotificationPreferencesChange, source: PreferencesSource, actor: string): Promise<{ visible: boolean }> {
  const outcome = await run(
    deps,
    userId,
    { type: 'SetNotificationPreferences', data: { userId, change, source }, metadata: { now: deps.clock.now(), actor } },
    { wait: true, eventIds: (n) => Array.from({ length: n }, () => deps.ids.uuid()) },
  );
  return { visible: outcome.visible };
}
