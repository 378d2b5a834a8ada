// Proves that notifications name people by user id only: names are put beside the ids for a reader, never stored, and an older notification's usernames are read away.
import { describe, expect, it } from 'vitest';
import { namedUserIds, upcastNotificationRaised, withNames, withoutNames } from './names.js';

const alice = '11111111-1111-4111-8111-111111111111';

describe('notification names', () => {
  it('puts the current name beside each named id, null when the reader has none', () => {
    const params = { betId: 'b', reporterId: alice, result: 'won' };
    expect(namedUserIds(params)).toEqual([alice]);
    expect(withNames(params, new Map([[alice, 'erased player #11111111']]))).toEqual({ ...params, reporter: 'erased player #11111111' });
    expect(withNames(params, new Map())).toEqual({ ...params, reporter: null });
    // A name smuggled into the stored parameters never wins over the id's.
    expect(withNames({ ...params, reporter: 'alice_9' }, new Map([[alice, 'alice_10']]))).toMatchObject({ reporter: 'alice_10' });
  });

  it('keeps no username: withoutNames and the upcaster drop what older notifications carried', () => {
    const older = { type: 'NotificationRaised', data: { notificationId: 'n', userId: 'u', type: 'challenge_received', params: { betId: 'b', challenger: 'alice_9', amount: '10.00' } } };
    expect(withoutNames(older.data.params)).toEqual({ betId: 'b', amount: '10.00' });
    expect(upcastNotificationRaised(older).data).toEqual({ ...older.data, params: { betId: 'b', amount: '10.00' } });
    const current = { ...older, data: { ...older.data, params: { betId: 'b', challengerId: alice } } };
    expect(upcastNotificationRaised(current)).toBe(current);
    const other = { type: 'NotificationsRead', data: { userId: 'u' } };
    expect(upcastNotificationRaised(other)).toBe(other);
  });
});
