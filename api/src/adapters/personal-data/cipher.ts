/**
 * Crypto-shredding: every person has a data key (32 random bytes, AES-256-GCM), kept only
 * wrapped by the master key (`KeyWrapping`). A personal field is sealed under its subject's
 * key (`pd1.<subject>.<iv>.<ciphertext>.<tag>`, the subject as associated data, so a sealed
 * value copied into another person's event does not open). Destroying the key (erasure) makes
 * every value sealed under it unreadable for good: `open` then gives `ERASED_VALUE`. The event
 * itself and its hash are untouched, so hash chains still verify.
 *
 * Opened keys are cached per process for `cacheMs` (30 s): after an erasure another process may
 * still open that person's values until its cache entry expires; erasure therefore also
 * replaces the person in the read models (the users projector), which every screen reads.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ERASED_VALUE, SCOPE_SEPARATOR, SEALED_PREFIX, isSealed, personOfSubject, sealedSubject } from '@wager/domain';
import type { Database } from '@wager/projections';
import type { KeyWrapping } from '../kms/key-wrapping.js';

export const DATA_KEY_CACHE_MS = 30_000;

/** Where wrapped data keys live. */
export interface DataKeyStore {
  /** The wrapped key, `'destroyed'` once erased, or null when the person has none yet. */
  find(userId: string): Promise<{ wrappedKey: string; wrappedBy: string } | 'destroyed' | null>;
  /** Stores a new wrapped key unless the person already has one (first writer wins); returns the stored one. */
  insert(userId: string, wrappedKey: string, wrappedBy: string, now: Date): Promise<{ wrappedKey: string; wrappedBy: string } | 'destroyed'>;
  /** Destroys the key, for good (idempotent); a person who never had one is recorded as destroyed too. */
  destroy(userId: string, now: Date): Promise<void>;
  /** Destroys every scoped key (`<person>~<scope>`) of `person`, or of `scope`; returns how many it destroyed. */
  destroyScoped(match: { person: string } | { scope: string }, now: Date): Promise<number>;
}

function matchesScoped(subject: string, match: { person: string } | { scope: string }): boolean {
  return 'person' in match ? subject.startsWith(`${match.person}${SCOPE_SEPARATOR}`) : subject.endsWith(`${SCOPE_SEPARATOR}${match.scope}`);
}

export class PostgresDataKeyStore implements DataKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string) {
    const row = await this.db.selectFrom('person_data_keys').select(['wrapped_key', 'wrapped_by', 'destroyed_at']).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    return row.wrapped_key === null ? ('destroyed' as const) : { wrappedKey: row.wrapped_key, wrappedBy: row.wrapped_by };
  }

  async insert(userId: string, wrappedKey: string, wrappedBy: string, now: Date) {
    await this.db.insertInto('person_data_keys').values({ user_id: userId, wrapped_key: wrappedKey, wrapped_by: wrappedBy, created_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const stored = await this.find(userId);
    if (stored === null) throw new Error(`No data key stored for ${userId}`);
    return stored;
  }

  async destroy(userId: string, now: Date): Promise<void> {
    // A person who never had a key gets a destroyed row too: nothing can be sealed for them afterwards.
    await this.db.insertInto('person_data_keys').values({ user_id: userId, wrapped_key: null, wrapped_by: 'none', created_at: now, destroyed_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    await this.db.updateTable('person_data_keys').set({ wrapped_key: null, destroyed_at: now }).where('user_id', '=', userId).where('destroyed_at', 'is', null).execute();
  }

  async destroyScoped(match: { person: string } | { scope: string }, now: Date): Promise<number> {
    const condition =
      'person' in match
        ? sql<boolean>`starts_with(user_id, ${match.person + SCOPE_SEPARATOR})`
        : sql<boolean>`right(user_id, ${match.scope.length + 1}) = ${SCOPE_SEPARATOR + match.scope}`;
    const result = await this.db.updateTable('person_data_keys').set({ wrapped_key: null, destroyed_at: now }).where(condition).where('destroyed_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** The same contract in memory (unit tests, tools). */
export class InMemoryDataKeyStore implements DataKeyStore {
  readonly rows = new Map<string, { wrappedKey: string; wrappedBy: string } | 'destroyed'>();

  async find(userId: string) {
    return this.rows.get(userId) ?? null;
  }

  async insert(userId: string, wrappedKey: string, wrappedBy: string) {
    if (!this.rows.has(userId)) this.rows.set(userId, { wrappedKey, wrappedBy });
    return this.rows.get(userId)!;
  }

  async destroy(userId: string): Promise<void> {
    this.rows.set(userId, 'destroyed');
  }

  async destroyScoped(match: { person: string } | { scope: string }): Promise<number> {
    let destroyed = 0;
    for (const [subject, row] of this.rows) {
      if (row !== 'destroyed' && matchesScoped(subject, match)) {
        this.rows.set(subject, 'destroyed');
        destroyed++;
      }
    }
    return destroyed;
  }
}

/** Sealing a value for a person whose key is destroyed: nothing new about them may be written. */
export class PersonErasedError extends Error {
  constructor(readonly userId: string) {
    super(`The data key of ${userId} is destroyed`);
  }
}

export class PersonalDataCipher {
  private readonly cache = new Map<string, { key: Buffer | 'destroyed'; until: number }>();

  constructor(
    private readonly keys: DataKeyStore,
    private readonly wrapping: KeyWrapping,
    private readonly clock: { now(): Date },
    private readonly cacheMs = DATA_KEY_CACHE_MS,
  ) {}

  private remember(userId: string, key: Buffer | 'destroyed'): Buffer | 'destroyed' {
    this.cache.set(userId, { key, until: Date.now() + this.cacheMs });
    return key;
  }

  private async keyOf(userId: string, create: boolean): Promise<Buffer | 'destroyed' | null> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.key;
    let stored = await this.keys.find(userId);
    if (stored === null) {
      if (!create) return null;
      stored = await this.keys.insert(userId, await this.wrapping.wrap(randomBytes(32), userId), this.wrapping.id, this.clock.now());
    }
    return this.remember(userId, stored === 'destroyed' ? 'destroyed' : await this.wrapping.unwrap(stored.wrappedKey, userId));
  }

  /** Seals `value` under `userId`'s key (created on first use). Refuses once the person is erased. */
  async seal(userId: string, value: string): Promise<string> {
    if (userId.includes('.')) throw new Error('A subject id cannot contain a dot');
    const person = personOfSubject(userId);
    // A scoped key is never made for an erased person: their erasure shredded every scope of theirs.
    if (person !== userId && (await this.keyOf(person, false)) === 'destroyed') throw new PersonErasedError(person);
    const key = await this.keyOf(userId, true);
    if (key === 'destroyed' || key === null) throw new PersonErasedError(userId);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${userId}.${[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
  }

  /**
   * The clear value of a sealed one; `ERASED_VALUE` once its subject's key is destroyed; any
   * other value as it is (older events kept personal data in clear). A sealed value that does
   * not authenticate (tampered, or moved to another subject) throws: it is never guessed.
   */
  async open(value: unknown): Promise<unknown> {
    const subject = sealedSubject(value);
    if (subject === null || !isSealed(value)) return value;
    const key = await this.keyOf(subject, false);
    if (key === 'destroyed' || key === null) return ERASED_VALUE;
    const [iv, ciphertext, tag] = value
      .slice(SEALED_PREFIX.length + subject.length + 1)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !ciphertext || !tag) throw new Error('Malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  }

  /** Opens every sealed string inside `data` (objects and arrays, any depth). */
  async openAll(data: unknown): Promise<unknown> {
    if (isSealed(data)) return this.open(data);
    if (Array.isArray(data)) return Promise.all(data.map((item) => this.openAll(item)));
    if (data !== null && typeof data === 'object') {
      const entries = await Promise.all(Object.entries(data).map(async ([k, v]) => [k, await this.openAll(v)] as const));
      return Object.fromEntries(entries);
    }
    return data;
  }

  /** Destroys the person's key: everything sealed under it reads as erased from now on (in this process at once). */
  async destroy(userId: string): Promise<void> {
    await this.keys.destroy(userId, this.clock.now());
    await this.keys.destroyScoped({ person: userId }, this.clock.now());
    this.remember(userId, 'destroyed');
    for (const subject of this.cache.keys()) if (matchesScoped(subject, { person: userId })) this.remember(subject, 'destroyed');
  }

  /**
   * Destroys every key of one scope (a chat's: one per person who wrote in it): everything sealed
   * under them reads as erased from now on (in this process at once). Returns how many.
   */
  async destroyScope(scope: string): Promise<number> {
    const destroyed = await this.keys.destroyScoped({ scope }, this.clock.now());
    for (const subject of this.cache.keys()) if (matchesScoped(subject, { scope })) this.remember(subject, 'destroyed');
    return destroyed;
  }
}
