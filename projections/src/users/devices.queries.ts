import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';

/**
 * An account's devices: a device is the user agent a session signed in with (sessions are the
 * sign-in record and are never deleted; no user agent is one device of its own). The payout
 * rules (a new device holds a withdrawal) and the new-device security notice read this one notion.
 */
/** Whether the sessions aliased `a` and `b` signed in from the same device (equal user agents, or both none). */
function sameDevice(a: string, b: string) {
  return sql<boolean>`${sql.ref(`${a}.user_agent`)} is not distinct from ${sql.ref(`${b}.user_agent`)}`;
}

export interface DeviceFacts {
  /** When the requesting session's device (its user agent) first signed in to this account. */
  readonly deviceFirstSeenAt: Date | null;
  /** When the account's first session of all signed in. */
  readonly firstDeviceSeenAt: Date | null;
}

export async function deviceFacts(db: Kysely<Database>, userId: string, sessionId: string): Promise<DeviceFacts> {
  const row = await db
    .selectFrom('sessions as this_session')
    .where('this_session.id', '=', sessionId)
    .where('this_session.user_id', '=', userId)
    .select((eb) => [
      eb
        .selectFrom('sessions as same_device')
        .whereRef('same_device.user_id', '=', 'this_session.user_id')
        .where(sameDevice('same_device', 'this_session'))
        .select((s) => s.fn.min('same_device.created_at').as('first'))
        .as('deviceFirstSeenAt'),
      eb.selectFrom('sessions as every_device').whereRef('every_device.user_id', '=', 'this_session.user_id').select((s) => s.fn.min('every_device.created_at').as('first')).as('firstDeviceSeenAt'),
    ])
    .executeTakeFirst();
  return { deviceFirstSeenAt: row?.deviceFirstSeenAt ?? null, firstDeviceSeenAt: row?.firstDeviceSeenAt ?? null };
}


export interface SignInDeviceFacts {
  /** Whether the account signed in before this session (sign-up counts as a sign-in). */
  readonly signedInBefore: boolean;
  /** Whether one of those earlier sessions used this session's device. */
  readonly deviceKnown: boolean;
}

/** What the new-device notice needs about one fresh session: the account's other sessions, by device. */
export async function signInDeviceFacts(db: Kysely<Database>, userId: string, sessionId: string): Promise<SignInDeviceFacts> {
  const row = await db
    .selectFrom('sessions as this_session')
    .where('this_session.id', '=', sessionId)
    .where('this_session.user_id', '=', userId)
    .select((eb) => [
      eb.exists(eb.selectFrom('sessions as other').whereRef('other.user_id', '=', 'this_session.user_id').whereRef('other.id', '<>', 'this_session.id').select('other.id')).as('signedInBefore'),
      eb
        .exists(
          eb
            .selectFrom('sessions as same_device')
            .whereRef('same_device.user_id', '=', 'this_session.user_id')
            .whereRef('same_device.id', '<>', 'this_session.id')
            .where(sameDevice('same_device', 'this_session'))
            .select('same_device.id'),
        )
        .as('deviceKnown'),
    ])
    .executeTakeFirst();
  return { signedInBefore: Boolean(row?.signedInBefore), deviceKnown: Boolean(row?.deviceKnown) };
}
