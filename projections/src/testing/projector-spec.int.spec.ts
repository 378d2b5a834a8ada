// Proves the projector spec helper: events reach only the projectors that read them, twice by default, and expectRows fails on a missing, an extra or a different row.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usersProjector } from '../users/projector.js';
import { projectorSpec, recordedEvent } from './projector-spec.js';

const spec = projectorSpec('projector_spec', [usersProjector]);

const registered = (userId: string, username: string) =>
  recordedEvent('UserRegistered', { userId, username, email: `${username}@example.com`, phoneNumber: null, psnUsername: null, activisionId: null, country: 'NG', timezone: 'Africa/Lagos', preferredCurrency: 'NGN', preferredLanguage: 'en', dateOfBirth: '1990-01-01', signupForm: 'full', ipAddress: '10.0.0.1', registeredAt: '2026-11-21T12:00:00.000Z' }, { streamId: `user-${userId}` });

describe('projectorSpec', () => {
  it('applies events and compares rows, in any order', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await spec.given([registered(a, `ada_${a.slice(0, 6)}`), registered(b, `bayo_${b.slice(0, 6)}`), recordedEvent('SomethingElse', {})]);
    await spec.expectRows('users', { id: a }, [{ username: `ada_${a.slice(0, 6)}`, country: 'NG' }]);
    expect(await spec.rows('users', { id: b })).toHaveLength(1);
  });

  it('fails on a missing, an extra or a different row', async () => {
    const a = randomUUID();
    await spec.given([registered(a, `kola_${a.slice(0, 6)}`)]);
    await expect(spec.expectRows('users', { id: a }, [])).rejects.toThrow();
    await expect(spec.expectRows('users', { id: a }, [{ country: 'NG' }, { country: 'NG' }])).rejects.toThrow();
    await expect(spec.expectRows('users', { id: a }, [{ country: 'GB' }])).rejects.toThrow();
    await expect(spec.expectRows('users', { id: randomUUID() }, [{ country: 'NG' }])).rejects.toThrow();
  });
});
