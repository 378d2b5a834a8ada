// Proves the users projector builds every user field from user-<id> events, and that applying each event twice leaves the same rows.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@wager/domain';
import { userStreamId, type UserEvent } from '@wager/domain/accounts/index';
import { projectorSpec, recordedEvent } from '../testing/projector-spec.js';
import { usersProjector } from './projector.js';

const spec = projectorSpec('users_projector', [usersProjector]);

function recorded(userId: string, events: UserEvent[]): RecordedEvent[] {
  return events.map((e, i) => recordedEvent(e.type, e.data, { streamId: userStreamId(userId), streamRevision: i, recordedAt: new Date('2026-11-21T12:00:00Z') }));
}

describe('usersProjector', () => {
  it('projects the whole history, and each event applied twice changes nothing', async () => {
    const userId = randomUUID();
    const history = recorded(userId, [
      { type: 'UserRegistered', data: { userId, username: 'Kola', email: 'kola@example.com', phoneNumber: '+234', psnUsername: null, activisionId: 'kola#1', country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01', signupForm: 'full', ipAddress: '10.0.0.1', registeredAt: '2026-11-21T12:00:00.000Z' } },
      { type: 'EmailVerificationCodeIssued', data: { userId, codeId: 'c1', email: 'kola@example.com', codeHash: 'h', expiresAt: '2026-11-21T12:15:00.000Z', issuedAt: '2026-11-21T12:00:00.000Z', reason: 'signup' } },
      { type: 'EmailVerified', data: { userId, email: 'kola@example.com', codeId: 'c1', method: 'code', verifiedAt: '2026-11-21T12:01:00.000Z' } },
      { type: 'ProfileChanged', data: { userId, changes: { username: 'KolaB', psnUsername: 'kola_psn' }, changedAt: '2026-11-21T12:02:00.000Z' } },
      { type: 'PreferredCurrencySet', data: { userId, currency: 'EUR', setByUser: true, setAt: '2026-11-21T12:03:00.000Z' } },
      { type: 'LocationDetected', data: { userId, country: 'GB', city: 'London', currency: 'GBP', source: 'geoip', ipAddress: '81.2.69.142', detectedAt: '2026-11-21T12:04:00.000Z' } },
      { type: 'LocationConfirmed', data: { userId, acceptLocation: true, country: 'GB', currency: 'GBP', confirmedAt: '2026-11-21T12:05:00.000Z' } },
      { type: 'AgeVerified', data: { userId, verifiedBy: 'admin-1', verifiedAt: '2026-11-21T12:06:00.000Z' } },
      { type: 'AdminNoteChanged', data: { userId, note: 'checked ID', changedBy: 'admin-1', changedAt: '2026-11-21T12:07:00.000Z' } },
      { type: 'AdminGranted', data: { userId, grantedBy: 'seed', grantedAt: '2026-11-21T12:08:00.000Z' } },
      { type: 'ProfileChanged', data: { userId, changes: { email: 'kola.new@example.com' }, changedAt: '2026-11-21T12:09:00.000Z' } },
    ]);
    const snapshots: unknown[] = [];
    for (const event of history) {
      await spec.given([event], { times: 1 });
      const once = await spec.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      await spec.given([event], { times: 1 });
      expect(await spec.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()).toEqual(once);
      snapshots.push(once);
    }
    // A late repeat of an old event does not roll the row back either.
    await spec.given([history[3]!], { times: 1 });
    const row = await spec.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toEqual(snapshots[snapshots.length - 1]);
    expect(row).toMatchObject({
      username: 'KolaB',
      username_lower: 'kolab',
      email: 'kola.new@example.com',
      email_lower: 'kola.new@example.com',
      psn_username: 'kola_psn',
      activision_id: 'kola#1',
      country: 'GB',
      preferred_currency: 'GBP',
      currency_set_by_user: true,
      ip_address: '81.2.69.142',
      is_email_verified: false,
      is_age_verified: true,
      is_admin: true,
      admin_notes: 'checked ID',
      rating: 1000,
      wins: 0,
      losses: 0,
      revision: 10,
    });
    expect(row.location_detected_at?.toISOString()).toBe('2026-11-21T12:05:00.000Z');
  });

  it('marks the phone verified with its E.164 number, and unverified once the profile names another number', async () => {
    const userId = randomUUID();
    const history = recorded(userId, [
      { type: 'UserRegistered', data: { userId, username: `p${userId.slice(0, 8)}`, email: `${userId}@example.com`, phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01', signupForm: 'quick', ipAddress: null, registeredAt: '2026-11-26T12:00:00.000Z' } },
      { type: 'PhoneVerificationCodeIssued', data: { userId, codeId: 'p1', phone: '+2348031234567', codeHash: 'h', expiresAt: '2026-11-26T12:10:00.000Z', issuedAt: '2026-11-26T12:00:00.000Z' } },
      { type: 'PhoneVerificationAttemptFailed', data: { userId, codeId: 'p1', attempts: 1, failedAt: '2026-11-26T12:01:00.000Z' } },
      { type: 'PhoneVerified', data: { userId, phone: '+2348031234567', codeId: 'p1', verifiedAt: '2026-11-26T12:02:00.000Z' } },
    ]);
    for (const event of history) {
      await spec.given([event], { times: 1 });
      await spec.given([event], { times: 1 });
    }
    const verified = await spec.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(verified).toMatchObject({ is_phone_verified: true, phone_number: '+2348031234567', revision: 3 });
    expect(verified.updated_at.toISOString()).toBe('2026-11-26T12:02:00.000Z');

    const changed = recorded(userId, [{ type: 'ProfileChanged', data: { userId, changes: { phoneNumber: '+2348091234567' }, changedAt: '2026-11-26T12:03:00.000Z' } }]).map((e) => ({ ...e, streamRevision: 4 }));
    await spec.given([changed[0]!], { times: 1 });
    expect(await spec.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()).toMatchObject({ is_phone_verified: false, phone_number: '+2348091234567' });
  });

  it('a full signup chose its country and currency (currency_set_by_user); a quick one had them guessed from the browser', async () => {
    for (const signupForm of ['full', 'quick'] as const) {
      const userId = randomUUID();
      const [registered] = recorded(userId, [
        { type: 'UserRegistered', data: { userId, username: `p${userId.slice(0, 8)}`, email: `${userId}@example.com`, phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01', signupForm, ipAddress: null, registeredAt: '2026-11-26T12:00:00.000Z' } },
      ]);
      await spec.given([registered!], { times: 1 });
      const row = await spec.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      expect(row.currency_set_by_user).toBe(signupForm === 'full');
    }
  });
});
