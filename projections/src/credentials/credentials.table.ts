import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * Account state that must never be in events (secrets) or must be decided before an event is
 * written (uniqueness claims). These are ordinary tables, not projections: `rebuild` never
 * touches them.
 */

/** One password hash per user: `scrypt$N$r$p$salt$hash` (base64url parts). */
export interface CredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Timestamp;
}

/** A session: only sha256(token) is stored; the token itself exists only on the client. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip_address: string | null;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

/**
 * Case-insensitive uniqueness of usernames and emails under races: a sign-up (or a profile
 * change) inserts its claim here, under a unique key, before its event is appended.
 */
export interface AccountClaimsTable {
  kind: 'username' | 'email';
  value_lower: string;
  user_id: string;
  claimed_at: Timestamp;
}

/** Single-use password reset tokens, stored as sha256(token), valid for a short time. */
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Fixed-window counters for rate limits (login, reset requests), shared by every process. */
export interface RateLimitCountersTable {
  key: string;
  window_started_at: Timestamp;
  count: number;
}

/** Server-side secrets created once per installation (e.g. the key behind verification codes). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}
