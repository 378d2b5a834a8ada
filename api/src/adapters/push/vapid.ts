import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '@wager/projections';
import type { Config } from '../../config.js';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  /** `mailto:` or `https:`: who the push services may contact about this server's pushes. */
  readonly subject: string;
}

/** The app_secrets row holding a generated pair (outside production, when no pair is configured). */
export const GENERATED_VAPID_SECRET_NAME = 'web-push-vapid-keys';

type PushConfig = Pick<Config, 'NODE_ENV' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'PUBLIC_URL'>;

/** Where the keys come from, or why push is off: the start banner's `push` line. */
export function describePush(config: PushConfig): string {
  if (config.VAPID_PUBLIC_KEY) return 'Web Push, VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY';
  if (config.NODE_ENV === 'production') return 'Web Push off: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset';
  return 'Web Push, VAPID keys generated once and kept in the database (set VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY in production)';
}

/**
 * VAPID_SUBJECT, else the site when PUBLIC_URL is https, else the address mail is sent from. A
 * push service only uses it to reach the operator; it is never shown to a player.
 */
export function vapidSubject(config: PushConfig): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.PUBLIC_URL?.startsWith('https://')) return new URL(config.PUBLIC_URL).origin;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

const generated = new WeakMap<Kysely<Database>, Promise<{ publicKey: string; privateKey: string }>>();

/**
 * The VAPID keys this server pushes with, or undefined when push is off (production without a
 * configured pair). Outside production with none configured, a pair is generated on first use and
 * kept in app_secrets (first writer wins), so every process on the database, and every restart,
 * signs with the same pair and the browsers' subscriptions stay valid.
 */
export async function vapidKeys(config: PushConfig, db: Kysely<Database>, now: Date): Promise<VapidKeys | undefined> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: vapidSubject(config) };
  }
  if (config.NODE_ENV === 'production') return undefined;
  let pair = generated.get(db);
  if (!pair) {
    pair = (async () => {
      const fresh = webpush.generateVAPIDKeys();
      await db
        .insertInto('app_secrets')
        .values({ name: GENERATED_VAPID_SECRET_NAME, value: JSON.stringify(fresh), created_at: now })
        .onConflict((c) => c.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('app_secrets').select('value').where('name', '=', GENERATED_VAPID_SECRET_NAME).executeTakeFirstOrThrow();
      const stored = JSON.parse(row.value) as { publicKey: string; privateKey: string };
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    })();
    pair.catch(() => generated.delete(db));
    generated.set(db, pair);
  }
  return { ...(await pair), subject: vapidSubject(config) };
}
