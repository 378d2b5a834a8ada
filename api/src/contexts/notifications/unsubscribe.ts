/**
 * One-click unsubscribe links (RFC 8058): a link names a person and a category and carries an
 * HMAC-SHA256 of both under the server's secret (`UNSUBSCRIBE_SECRET`, or else a per-installation
 * key kept in the database), so it needs no login and cannot be forged for someone else. The
 * signature is compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ForbiddenError } from '@wager/domain';
import { NOTIFICATION_CATEGORIES, notificationMessages, type NotificationCategory } from '@wager/domain/notifications/index';
import type { Database } from '@wager/projections';
import { publicBaseUrl, type Config } from '../../config.js';
import { appSecret } from '../accounts/index.js';

export const UNSUBSCRIBE_SECRET_NAME = 'notification-unsubscribe-key';
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export async function unsubscribeKey(deps: { db: Kysely<Database>; config: Pick<Config, 'UNSUBSCRIBE_SECRET'> }, now: Date): Promise<Buffer> {
  return deps.config.UNSUBSCRIBE_SECRET ? Buffer.from(deps.config.UNSUBSCRIBE_SECRET, 'utf8') : appSecret(deps.db, UNSUBSCRIBE_SECRET_NAME, now);
}

export function unsubscribeSignature(key: Buffer, userId: string, category: NotificationCategory): string {
  return createHmac('sha256', key).update(`unsubscribe:v1:${userId}:${category}`).digest('base64url');
}

export function unsubscribeUrl(config: Pick<Config, 'PUBLIC_URL'>, key: Buffer, userId: string, category: NotificationCategory): string {
  const query = new URLSearchParams({ u: userId, c: category, s: unsubscribeSignature(key, userId, category) });
  return `${publicBaseUrl(config)}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** The person and category a link names, or a 403 in the documented shape. */
export function verifyUnsubscribe(key: Buffer, query: { u?: string | undefined; c?: string | undefined; s?: string | undefined }): { userId: string; category: NotificationCategory } {
  const invalid = () => new ForbiddenError(notificationMessages.unsubscribeInvalid, { code: 'unsubscribe_link_invalid' });
  const { u, c, s } = query;
  if (!u || !c || !s || !(NOTIFICATION_CATEGORIES as readonly string[]).includes(c)) throw invalid();
  const expected = Buffer.from(unsubscribeSignature(key, u, c as NotificationCategory));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  return { userId: u, category: c as NotificationCategory };
}
