import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';

export interface RateLimit {
  /** How many hits a window allows. */
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Login: every attempt from one IP, and attempts against one account since its last successful
 * sign-in (each counted before its password check, so at most `max` checks run per window).
 */
export const LOGIN_PER_IP: RateLimit = { max: 30, windowMs: 15 * 60 * 1000 };
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimit = { max: 5, windowMs: 15 * 60 * 1000 };
export const RESET_REQUESTS_PER_IP: RateLimit = { max: 10, windowMs: 60 * 60 * 1000 };
export const RESET_REQUESTS_PER_EMAIL: RateLimit = { max: 1, windowMs: 60 * 1000 };
export const SIGNUPS_PER_IP: RateLimit = { max: 20, windowMs: 60 * 60 * 1000 };

export interface RateLimitState {
  readonly count: number;
  readonly retryAfterSeconds: number;
}

function retryAfter(windowStartedAt: Date, limit: RateLimit, now: Date): number {
  return Math.max(1, Math.ceil((windowStartedAt.getTime() + limit.windowMs - now.getTime()) / 1000));
}

/**
 * Fixed-window counters in PostgreSQL, so every process shares them. `hit` counts one event
 * and returns the count in the current window (a window older than `windowMs` starts over).
 * It is one statement (insert … on conflict do update … returning), so hits made at the same
 * moment, from any process, each get a different count: decide on the count `hit` returns,
 * never on one read beforehand.
 */
export async function hit(db: Kysely<Database>, key: string, limit: RateLimit, now: Date): Promise<RateLimitState> {
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_started_at: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit_counters.window_started_at <= ${windowStart} then 1 else rate_limit_counters.count + 1 end`,
        window_started_at: sql<Date>`case when rate_limit_counters.window_started_at <= ${windowStart} then ${now} else rate_limit_counters.window_started_at end`,
      }),
    )
    .returning(['count', 'window_started_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, retryAfterSeconds: retryAfter(row.window_started_at, limit, now) };
}

export async function reset(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}
