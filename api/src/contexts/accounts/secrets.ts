import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';

export const EMAIL_CODE_SECRET_NAME = 'email-verification-code-key';
/** SMS codes have a key of their own: an email code and a phone code never share a derivation. */
export const PHONE_CODE_SECRET_NAME = 'phone-verification-code-key';

const cache = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>();

/**
 * A per-installation secret, created on first use and shared by every process through the
 * database (first writer wins). Verification codes are derived from it, so the code in clear
 * never has to be stored anywhere but in the email.
 */
export function appSecret(db: Kysely<Database>, name: string, now: Date): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('app_secrets')
        .values({ name, value: randomBytes(32).toString('base64url'), created_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })();
    secret.catch(() => byName!.delete(name));
    byName.set(name, secret);
  }
  return secret;
}

/** The 6-digit code of a code id: HMAC(key, codeId), reduced to 6 digits. */
export function codeFor(key: Buffer, codeId: string): string {
  const digest = createHmac('sha256', key).update(`code:${codeId}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** What an event records instead of the code: HMAC(key, codeId + code). */
export function codeHashFor(key: Buffer, codeId: string, code: string): string {
  return createHmac('sha256', key).update(`hash:${codeId}:${code}`).digest('hex');
}

export function codeMatches(key: Buffer, codeId: string, code: string, expectedHash: string): boolean {
  const actual = Buffer.from(codeHashFor(key, codeId, code), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
