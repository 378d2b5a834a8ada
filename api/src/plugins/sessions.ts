import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wager/projections';

/** A session lives this long after sign-in; it is not extended by use. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often per session, to keep reads cheap. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/** 32 random bytes, base64url: 43 characters. Longer bearer values are refused unread. */
export const SESSION_TOKEN_LENGTH_MAX = 128;

export interface AuthContext {
  readonly userId: string;
  readonly isAdmin: boolean;
  readonly sessionId: string;
  /** The reason of the freeze in force on the account, null when none (issue #29: no money moves). */
  readonly freezeReason: string | null;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A fresh random session (or reset) token; only its sha256 is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Kysely<Database>,
  input: { sessionId: string; userId: string; now: Date; ipAddress?: string | null; userAgent?: string | null },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newSecretToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_LIFETIME_MS);
  await db
    .insertInto('sessions')
    .values({
      id: input.sessionId,
      user_id: input.userId,
      token_hash: sha256Hex(token),
      created_at: input.now,
      last_used_at: input.now,
      expires_at: expiresAt,
      ip_address: input.ipAddress ?? null,
      user_agent: input.userAgent?.slice(0, 256) ?? null,
    })
    .execute();
  return { token, sessionId: input.sessionId, expiresAt };
}

/**
 * Resolves a bearer token to its user, or null when the token is unknown, revoked or expired
 * (or its user is not in the read model, or is suspended). The /ws gateway uses this too; pass the app clock's
 * `now` (`app.deps.clock.now()`).
 */
export async function authenticateToken(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<AuthContext | null> {
  if (token.length === 0 || token.length > SESSION_TOKEN_LENGTH_MAX) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.user_id as userId', 'sessions.expires_at as expiresAt', 'sessions.revoked_at as revokedAt', 'sessions.last_used_at as lastUsedAt', 'users.is_admin as isAdmin', 'users.suspension_reason as suspensionReason', 'users.freeze_reason as freezeReason'])
    .where('sessions.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
  // A suspended account has no session, even one that slipped in before its sessions were revoked.
  if (row.suspensionReason !== null) return null;
  if (now.getTime() - row.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', row.sessionId).execute();
  }
  return { userId: row.userId, isAdmin: row.isAdmin, sessionId: row.sessionId, freezeReason: row.freezeReason };
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Kysely<Database> | Transaction<Database>, userId: string, now: Date, keepSessionId?: string): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}
