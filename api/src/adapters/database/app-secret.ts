import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';

const cache = new WeakMap<Kysely<Database>, Map<string, Promise<Buffer>>>();

/**
 * A per-installation secret, created on first use and shared by every process through the
 * database (first writer wins): verification codes, unsubscribe links and bank account
 * fingerprints are keyed by such secrets. Any context may use it (it knows no context).
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
