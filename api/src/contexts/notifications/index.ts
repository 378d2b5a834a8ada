/**
 * The notifications context as one module (issue 24): a reactor turns the events that need a
 * person's attention or move their money into notifications in `notifications-<userId>`
 * streams; they reach the person in the app (the bell, live over /ws), by email through the
 * outbox (with one-click unsubscribe) and, by preference, by push.
 */
import type { ContextModule } from '../../runtime/context.js';
import { notificationsLive } from './live.js';
import { notificationsEmailReactor, notificationsPushReactor, notificationsRaiseReactor } from './reactors.js';
import { notificationsRoutes } from './routes.js';

export const notificationsContext: ContextModule = {
  name: 'notifications',
  routes: notificationsRoutes,
  reactors: (deps) => [notificationsRaiseReactor(deps), notificationsEmailReactor(deps), notificationsPushReactor(deps)],
  live: notificationsLive,
};
