import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';

/**
 * Fixed-window counters in PostgreSQL (`rate_limit_counters`), shared by every process, for any
 * context: one statement counts a hit and returns the count in the current window, so hits at
 * the same moment each get their own count. The accounts context's sign-in limits use it too,
 * with their own key prefixes.
 */
export interface WindowLimit {
  readonly max: number;
  readonly windowMs: number;
}

export async function countHit(db: Kysely<Database>, key: string, limit: WindowLimit, now: Date): Promise<{ count: number; retryAfterSeconds: number }> {
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
  const retryAfterSeconds = Math.max(1, Math.ceil((row.window_started_at.getTime() + limit.windowMs - now.getTime()) / 1000));
  return { count: row.count, retryAfterSeconds };
}
