import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { parseStreamId, type Bus } from '@wager/domain';
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

/** Sessions a process keeps in memory, least recently used dropped first. */
export const SESSION_CACHE_ENTRIES_MAX = 10_000;
/**
 * How long a process trusts a session it looked up without looking again. Ending a session
 * drops it everywhere at once through the bus (`endSessions`); this bounds what a lost bus
 * message or a change the bus does not carry (a row edited by hand) can leave behind.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/** The bus signal that ends sessions in every process: `{ sessionId }` or `{ userId, exceptSessionId? }`. */
export const SESSIONS_ENDED_SUBJECT = 'sessions.ended';

/** Why sessions ended, when the live sockets should say so (a suspension); otherwise absent. */
export type SessionsEndedReason = 'suspended';

export type SessionsEnded = ({ readonly sessionId: string } | { readonly userId: string; readonly exceptSessionId?: string }) & { readonly reason?: SessionsEndedReason };

/** Reads a `sessions.ended` signal's data; null when it names neither a session nor a user. */
export function parseSessionsEnded(data: Record<string, unknown>): SessionsEnded | null {
  const reason = data.reason === 'suspended' ? { reason: 'suspended' as const } : {};
  if (typeof data.sessionId === 'string') return { sessionId: data.sessionId, ...reason };
  if (typeof data.userId === 'string') return { userId: data.userId, ...(typeof data.exceptSessionId === 'string' ? { exceptSessionId: data.exceptSessionId } : {}), ...reason };
  return null;
}

/** Whether an ended-sessions signal covers the session `sessionId` of user `userId`. */
export function endsSession(ended: SessionsEnded, userId: string, sessionId: string): boolean {
  return 'sessionId' in ended ? sessionId === ended.sessionId : userId === ended.userId && sessionId !== ended.exceptSessionId;
}

interface CachedSession {
  readonly auth: AuthContext;
  readonly expiresAtMs: number;
  lastUsedAtMs: number;
}

/**
 * The sessions this process has resolved, by sha256 of the token: a request with a known
 * session costs no statement. Entries leave on expiry (the session's own, and the cache's TTL),
 * when their sessions end anywhere (the `sessions.ended` bus signal), and when any event of
 * their user's stream is published (a role granted or taken, an erasure), so `isAdmin` is never
 * older than the read model the runner just wrote.
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, CachedSession>({ max: SESSION_CACHE_ENTRIES_MAX, ttl: SESSION_CACHE_TTL_MS });
  /** Bumped by every drop: a lookup that started before a drop does not cache what it read. */
  private generation = 0;

  get(tokenHash: string): CachedSession | undefined {
    return this.entries.get(tokenHash);
  }

  /** The generation to hand back to `set`: a drop in between voids the lookup's result. */
  startLookup(): number {
    return this.generation;
  }

  set(tokenHash: string, entry: CachedSession, lookupGeneration: number): void {
    if (lookupGeneration === this.generation) this.entries.set(tokenHash, entry);
  }

  drop(ended: SessionsEnded): void {
    this.generation++;
    for (const [hash, entry] of this.entries.entries()) {
      const auth = entry.auth;
      if (endsSession(ended, auth.userId, auth.sessionId)) this.entries.delete(hash);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Hears ended sessions and user events on the bus; returns the unsubscribe. */
  listen(bus: Bus): () => void {
    const offSignal = bus.onSignal(SESSIONS_ENDED_SUBJECT, (data) => {
      const ended = parseSessionsEnded(data);
      if (ended) this.drop(ended);
    });
    const offEvents = bus.subscribe('events.user.*', (message) => {
      const userId = parseStreamId(message.event.streamId).id;
      if (userId) this.drop({ userId });
    });
    return () => {
      offSignal();
      offEvents();
    };
  }
}

/** Tells every process (this one included, through the bus) that sessions ended; call after the change is committed. */
export async function endSessions(bus: Bus, ended: SessionsEnded): Promise<void> {
  await bus.signal(SESSIONS_ENDED_SUBJECT, { ...ended });
}

/**
 * Resolves a bearer token to its user, or null when the token is unknown, revoked or expired
 * (or its user is not in the read model, or is suspended). The /ws gateway uses this too; pass the app clock's
 * `now` (`app.deps.clock.now()`) and the app's session cache.
 */
export async function authenticateToken(db: Kysely<Database>, token: string, now: Date = new Date(), cache?: SessionCache): Promise<AuthContext | null> {
  if (token.length === 0 || token.length > SESSION_TOKEN_LENGTH_MAX) return null;
  const tokenHash = sha256Hex(token);
  const nowMs = now.getTime();
  const cached = cache?.get(tokenHash);
  if (cached && cached.expiresAtMs > nowMs) {
    if (nowMs - cached.lastUsedAtMs >= SESSION_TOUCH_INTERVAL_MS) {
      cached.lastUsedAtMs = nowMs;
      await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', cached.auth.sessionId).execute();
    }
    return cached.auth;
  }
  const generation = cache?.startLookup() ?? 0;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.user_id as userId', 'sessions.expires_at as expiresAt', 'sessions.revoked_at as revokedAt', 'sessions.last_used_at as lastUsedAt', 'users.is_admin as isAdmin', 'users.suspension_reason as suspensionReason', 'users.freeze_reason as freezeReason'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= nowMs) return null;
  // A suspended account has no session, even one that slipped in before its sessions were revoked.
  if (row.suspensionReason !== null) return null;
  let lastUsedAtMs = row.lastUsedAt.getTime();
  if (nowMs - lastUsedAtMs >= SESSION_TOUCH_INTERVAL_MS) {
    await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', row.sessionId).execute();
    lastUsedAtMs = nowMs;
  }
  const auth = { userId: row.userId, isAdmin: row.isAdmin, sessionId: row.sessionId, freezeReason: row.freezeReason };
  cache?.set(tokenHash, { auth, expiresAtMs: row.expiresAt.getTime(), lastUsedAtMs }, generation);
  return auth;
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
