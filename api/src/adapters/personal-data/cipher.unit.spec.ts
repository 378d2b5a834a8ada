// Proves the crypto-shredding cipher: any value sealed for a person opens to itself and holds nothing of it in clear; destroying one person's key turns exactly their values into "[erased]" and refuses new ones; a scope's keys (a chat's) shred that scope alone, and a person's erasure shreds every scope of theirs; a tampered value or one moved to another person never opens; the master key wraps each data key bound to its person.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERASED_VALUE, isSealed, scopedSubject, sealedSubject } from '@wager/domain';
import { LocalMasterKey } from '../kms/key-wrapping.js';
import { InMemoryDataKeyStore, PersonErasedError, PersonalDataCipher } from './cipher.js';

const clock = { now: () => new Date('2026-11-26T12:00:00.000Z') };
const fresh = () => {
  const keys = new InMemoryDataKeyStore();
  return { keys, cipher: new PersonalDataCipher(keys, new LocalMasterKey(randomBytes(32)), clock) };
};
const person = fc.uuid();
/** At least 8 characters: a shorter one could turn up by chance inside 100 random base64 characters. */
const text = fc.string({ minLength: 8, maxLength: 60 });

describe('PersonalDataCipher', () => {
  it('seals any value for its person, opens it back, and stores nothing of it in clear (keys only wrapped)', async () => {
    await fc.assert(
      fc.asyncProperty(person, text, async (userId, value) => {
        const { keys, cipher } = fresh();
        const sealed = await cipher.seal(userId, value);
        expect(isSealed(sealed)).toBe(true);
        expect(sealedSubject(sealed)).toBe(userId);
        expect(sealed.slice(userId.length + 4)).not.toContain(value);
        expect(await cipher.open(sealed)).toBe(value);
        // Sealing twice gives two different values (a fresh IV each time).
        expect(await cipher.seal(userId, value)).not.toBe(sealed);
        const row = keys.rows.get(userId);
        expect(row).toMatchObject({ wrappedBy: 'local-v1' });
      }),
      { numRuns: 50 },
    );
  });

  it("erasing one person turns exactly their values into [erased], for good, and refuses to seal anything new about them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(person, { minLength: 2, maxLength: 4 }), fc.array(text, { minLength: 1, maxLength: 4 }), async (people, values) => {
        const { cipher } = fresh();
        const sealed = await Promise.all(people.flatMap((p) => values.map(async (v) => ({ p, v, s: await cipher.seal(p, v) }))));
        const [erased, ...kept] = people as [string, ...string[]];
        await cipher.destroy(erased);
        await cipher.destroy(erased); // idempotent
        for (const { p, v, s } of sealed) expect(await cipher.open(s)).toBe(p === erased ? ERASED_VALUE : v);
        await expect(cipher.seal(erased, 'again')).rejects.toBeInstanceOf(PersonErasedError);
        for (const p of kept) expect(await cipher.open(await cipher.seal(p, 'still here'))).toBe('still here');
      }),
      { numRuns: 30 },
    );
  });

  it('a new process (no cache) reads the destruction from the key store', async () => {
    const keys = new InMemoryDataKeyStore();
    const master = new LocalMasterKey(randomBytes(32));
    const writer = new PersonalDataCipher(keys, master, clock);
    const sealed = await writer.seal('u-1', 'ada@example.com');
    await new PersonalDataCipher(keys, master, clock).destroy('u-1');
    expect(await new PersonalDataCipher(keys, master, clock).open(sealed)).toBe(ERASED_VALUE);
    // The writer's cached key expires after its cache time; with none it reads the store at once.
    expect(await new PersonalDataCipher(keys, master, clock, 0).open(sealed)).toBe(ERASED_VALUE);
  });

  it('opens nested data, leaves values in clear (older events) as they are', async () => {
    const { cipher } = fresh();
    const data = { userId: 'u-1', amount: '10.00', email: await cipher.seal('u-1', 'ada@example.com'), list: [await cipher.seal('u-1', 'Ada'), 'plain'], old: 'kola@example.com' };
    expect(await cipher.openAll(data)).toEqual({ userId: 'u-1', amount: '10.00', email: 'ada@example.com', list: ['Ada', 'plain'], old: 'kola@example.com' });
  });

  it('never opens a tampered value, nor one moved to another person, nor a key wrapped for another person', async () => {
    const { keys, cipher } = fresh();
    const sealed = await cipher.seal('u-1', 'ada@example.com');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    await expect(cipher.open([...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join('.'))).rejects.toThrow();
    await cipher.seal('u-2', 'x');
    await expect(cipher.open(sealed.replace('pd1.u-1.', 'pd1.u-2.'))).rejects.toThrow();
    const master = new LocalMasterKey(randomBytes(32));
    const wrapped = await master.wrap(randomBytes(32), 'u-1');
    await expect(master.unwrap(wrapped, 'u-2')).rejects.toThrow();
    expect(keys.rows.size).toBe(2);
  });

  it("destroying a scope shreds exactly that scope's values (every writer's), and a person's erasure shreds all of their scopes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(person, { minLength: 2, maxLength: 3 }), fc.uniqueArray(fc.uuid(), { minLength: 2, maxLength: 3 }), text, async (people, scopes, value) => {
        const { cipher } = fresh();
        const sealed = new Map<string, string>();
        for (const p of people) for (const s of scopes) sealed.set(`${p}/${s}`, await cipher.seal(scopedSubject(p, s), value));
        const [shredded, ...kept] = scopes as [string, ...string[]];
        await cipher.destroyScope(shredded);
        for (const p of people) {
          expect(await cipher.open(sealed.get(`${p}/${shredded}`))).toBe(ERASED_VALUE);
          for (const s of kept) expect(await cipher.open(sealed.get(`${p}/${s}`))).toBe(value);
        }
        const [erased, ...others] = people as [string, ...string[]];
        await cipher.destroy(erased);
        for (const s of kept) {
          expect(await cipher.open(sealed.get(`${erased}/${s}`))).toBe(ERASED_VALUE);
          for (const p of others) expect(await cipher.open(sealed.get(`${p}/${s}`))).toBe(value);
        }
        // Nothing new is sealed about the erased person, in any scope.
        await expect(cipher.seal(scopedSubject(erased, kept[0]!), value)).rejects.toBeInstanceOf(PersonErasedError);
      }),
      { numRuns: 30 },
    );
  });
});
