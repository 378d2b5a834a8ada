import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { USER_EVENT_TYPES, type UserEvent } from '@wager/domain/accounts/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import type { UserRowUpdate } from './users.table.js';

type Db = Transaction<Database> | Kysely<Database>;

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
      return { is_phone_verified: true, phone_number: event.data.phone };
    case 'ProfileChanged': {
      const c = event.data.changes;
      const update: UserRowUpdate = {};
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
      return { location_detected_at: event.data.detectedAt, ...(event.data.ipAddress ? { ip_address: event.data.ipAddress } : {}) };
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
    case 'PasswordChanged':
    case 'NewDeviceSignedIn':
      return {};
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

function timeOf(event: UserEvent, recordedAt: Date): string | Date {
  const data = event.data as unknown as Record<string, unknown>;
  for (const key of ['registeredAt', 'verifiedAt', 'changedAt', 'setAt', 'detectedAt', 'confirmedAt', 'grantedAt', 'issuedAt', 'failedAt']) {
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
      await db
        .insertInto('users')
        .values({
          id: d.userId,
          username: d.username,
          username_lower: d.username.toLowerCase(),
          email: d.email,
          email_lower: d.email.toLowerCase(),
          phone_number: d.phoneNumber,
          psn_username: d.psnUsername,
          activision_id: d.activisionId,
          country: d.country,
          timezone: d.timezone,
          preferred_currency: d.preferredCurrency,
          // The full form asks for country and currency: the player chose them.
          currency_set_by_user: d.signupForm === 'full',
          preferred_language: d.preferredLanguage,
          date_of_birth: d.dateOfBirth,
          ip_address: d.ipAddress,
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
