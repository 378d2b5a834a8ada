/**
 * What the live context keeps in PostgreSQL outside the read models: each tracked bet's poll
 * slot, a row of the shared counters table (`rate_limit_counters`, key `live-poll:<betId>`)
 * stamped with the time of the bet's last poll by any process.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';

/**
 * One statement: true when no process polled this bet within `intervalMs` before `now` (and
 * marks it polled now), false when one did.
 */
export async function claimPollSlot(db: Kysely<Database>, betId: string, intervalMs: number, now: number): Promise<boolean> {
  const at = new Date(now);
  const staleBefore = new Date(now - intervalMs + 1);
  const { rows } = await sql<{ key: string }>`
    insert into rate_limit_counters (key, window_started_at, count) values (${`live-poll:${betId}`}, ${at}, 1)
    on conflict (key) do update set window_started_at = ${at}, count = rate_limit_counters.count + 1
      where rate_limit_counters.window_started_at < ${staleBefore}
    returning key`.execute(db);
  return rows.length === 1;
}
