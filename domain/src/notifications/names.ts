/**
 * The people a notification names, by user id (docs/architecture.md, "Personal data and
 * erasure"). A notification's parameters hold the user id of the challenger, opponent, reporter
 * or appellant, never their username: the name is put beside the id when the notification is
 * read or sent (`withNames`), as the users read model has it then, so an erased person reads as
 * their pseudonym and nothing of theirs is kept in another person's notifications. Notifications
 * raised before this rule carry the username itself (`challenger`, …): they are read without it
 * (`upcastNotificationRaised`), and their text falls back to "Your opponent" or "A player".
 */
import type { NotificationParams } from './plan.js';

/** Each parameter holding a user id, and the parameter its username is rendered under. */
export const NAMED_PARAMS: Readonly<Record<string, string>> = {
  challengerId: 'challenger',
  opponentId: 'opponent',
  reporterId: 'reporter',
  appellantId: 'appellant',
};

const NAME_KEYS: ReadonlySet<string> = new Set(Object.values(NAMED_PARAMS));

/** The user ids a notification's parameters name. */
export function namedUserIds(params: NotificationParams): string[] {
  return Object.keys(NAMED_PARAMS).flatMap((key) => (typeof params[key] === 'string' ? [params[key]] : []));
}

/** The parameters with each named user's name beside their id (null when the reader has no name for them). */
export function withNames(params: NotificationParams, names: ReadonlyMap<string, string>): NotificationParams {
  const named: Record<string, string | null> = { ...withoutNames(params) };
  for (const [idKey, nameKey] of Object.entries(NAMED_PARAMS)) {
    const id = params[idKey];
    if (typeof id === 'string') named[nameKey] = names.get(id) ?? null;
  }
  return named;
}

/** The parameters without any username (what is stored and projected). */
export function withoutNames(params: NotificationParams): NotificationParams {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !NAME_KEYS.has(key)));
}

/**
 * A `NotificationRaised` as it is read today: without the usernames older events carried in their
 * parameters (sealed under the recipient's key, so readable while the recipient lives, whoever
 * they name). The stored bytes are not changed; every reader (the projector, the export) sees it.
 */
export function upcastNotificationRaised<E extends { type: string; data: unknown }>(event: E): E {
  if (event.type !== 'NotificationRaised') return event;
  const d = event.data as { params?: NotificationParams };
  if (!d.params || typeof d.params !== 'object' || !Object.keys(d.params).some((key) => NAME_KEYS.has(key))) return event;
  return { ...event, data: { ...(event.data as object), params: withoutNames(d.params) } };
}
