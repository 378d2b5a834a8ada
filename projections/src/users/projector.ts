import type { Kysely, Transaction } from 'kysely';
import { ERASED_VALUE, erasedPlayerName, type RecordedEvent } from '@wager/domain';
import { USER_EVENT_TYPES, type UserEvent } from '@wager/domain/accounts/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import type { UserRowUpdate } from './users.table.js';

type Db = Transaction<Database> | Kysely<Database>;

/** The row of an erased person: a pseudonym in place of every personal field (unique, as the columns require). */
export function erasedUserRow(userId: string): UserRowUpdate {
  const name = erasedPlayerName(userId);
  const email = `erased-${userId}@erased.invalid`;
  return { username: name, username_lower: name.toLowerCase(), email, email_lower: email, phone_number: null, psn_username: null, activision_id: null, date_of_birth: null, ip_address: null, is_email_verified: false, is_phone_verified: false };
}

/** A field read back after the person's key was destroyed (a rebuild after erasure) is shown as nothing. */
function kept<T extends string | null | undefined>(value: T): T | null {
  return value === ERASED_VALUE ? null : value;
}

function changesOf(event: UserEvent): UserRowUpdate {
  switch (event.type) {
    case 'UserRegistered':
      return {};
    case 'EmailVerificationCodeIssued':
    case 'EmailVerificationAttemptFailed':
      return {};
    case 'EmailVerified':
      return { is_email_verified: true };
    case 'PhoneVerificationCodeIssued':
    case 'PhoneVerificationAttemptFailed':
      return {};
    case 'PhoneVerified':
      return { is_phone_verified: true, phone_number: kept(event.data.phone) };
    case 'ProfileChanged': {
      const c = event.data.changes;
      const update: UserRowUpdate = {};
      // Changes read back as erased (a rebuild after erasure) name nothing: PersonErased, later in the stream, sets the row.
      if ([c.username, c.email, c.phoneNumber, c.psnUsername, c.activisionId].includes(ERASED_VALUE)) return { ...(c.country !== undefined ? { country: c.country } : {}), ...(c.timezone !== undefined ? { timezone: c.timezone } : {}) };
      if (c.username !== undefined) Object.assign(update, { username: c.username, username_lower: c.username.toLowerCase() });
      if (c.email !== undefined) Object.assign(update, { email: c.email, email_lower: c.email.toLowerCase(), is_email_verified: false });
      // A ProfileChanged names only changed fields: a new number is not the verified one.
      if (c.phoneNumber !== undefined) Object.assign(update, { phone_number: c.phoneNumber, is_phone_verified: false });
      if (c.psnUsername !== undefined) update.psn_username = c.psnUsername;
      if (c.activisionId !== undefined) update.activision_id = c.activisionId;
      if (c.country !== undefined) update.country = c.country;
      if (c.timezone !== undefined) update.timezone = c.timezone;
      return update;
    }
    case 'PreferredCurrencySet':
      return event.data.setByUser ? { preferred_currency: event.data.currency, currency_set_by_user: true } : { preferred_currency: event.data.currency };
    case 'LocationDetected':
      return { location_detected_at: event.data.detectedAt, ...(event.data.ipAddress && event.data.ipAddress !== ERASED_VALUE ? { ip_address: event.data.ipAddress } : {}) };
    case 'LocationConfirmed':
      return {
        preferred_currency: event.data.currency,
        currency_set_by_user: true,
        location_detected_at: event.data.confirmedAt,
        ...(event.data.country !== null ? { country: event.data.country } : {}),
      };
    case 'AgeVerified':
      return { is_age_verified: true };
    case 'AdminNoteChanged':
      return { admin_notes: event.data.note };
    case 'AdminGranted':
      return { is_admin: true };
    case 'ModeratorRoleSet':
      return { is_moderator: event.data.isModerator };
    case 'AccountSuspended':
      return { suspension_reason: event.data.reason, suspended_at: event.data.at };
    case 'AccountSuspensionLifted':
      return { suspension_reason: null, suspended_at: null };
    case 'AccountFrozen':
      return { freeze_reason: event.data.reason, frozen_at: event.data.at };
    case 'AccountUnfrozen':
      return { freeze_reason: null, frozen_at: null };
    case 'PersonErased':
      return erasedUserRow(event.data.userId);
    case 'PasswordChanged':
    case 'NewDeviceSignedIn':
    case 'ErasureRequested':
    case 'ErasureRequestCancelled':
      return {};
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

function timeOf(event: UserEvent, recordedAt: Date): string | Date {
  const data = event.data as unknown as Record<string, unknown>;
  for (const key of ['registeredAt', 'verifiedAt', 'changedAt', 'setAt', 'detectedAt', 'confirmedAt', 'grantedAt', 'issuedAt', 'failedAt', 'at']) {
    if (typeof data[key] === 'string') return data[key] as string;
  }
  return recordedAt;
}

/**
 * The `users` read model. Idempotent by stream revision: a row remembers the revision of the
 * last event applied, and an event at or below it changes nothing.
 */
export const usersProjector: Projector = {
  name: 'users',
  tables: ['users'],
  eventTypes: USER_EVENT_TYPES,
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    if (event.type === 'UserRegistered') {
      const d = event.data;
      // Registered by a person since erased (a rebuild): the pseudonyms from the start.
      const erased = d.username === ERASED_VALUE || d.email === ERASED_VALUE ? erasedUserRow(d.userId) : null;
      await db
        .insertInto('users')
        .values({
          id: d.userId,
          username: erased?.username ?? d.username,
          username_lower: erased?.username_lower ?? d.username.toLowerCase(),
          email: erased?.email ?? d.email,
          email_lower: erased?.email_lower ?? d.email.toLowerCase(),
          phone_number: kept(d.phoneNumber),
          psn_username: kept(d.psnUsername),
          activision_id: kept(d.activisionId),
          country: d.country,
          timezone: d.timezone,
          preferred_currency: d.preferredCurrency,
          // The full form asks for country and currency: the player chose them.
          currency_set_by_user: d.signupForm === 'full',
          preferred_language: d.preferredLanguage,
          date_of_birth: kept(d.dateOfBirth),
          ip_address: kept(d.ipAddress),
          created_at: d.registeredAt,
          updated_at: d.registeredAt,
          revision: recorded.streamRevision,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    const update = changesOf(event);
    await db
      .updateTable('users')
      .set({ ...update, updated_at: timeOf(event, recorded.recordedAt), revision: recorded.streamRevision })
      .where('id', '=', event.data.userId)
      .where('revision', '<', recorded.streamRevision)
      .execute();
  },
};
