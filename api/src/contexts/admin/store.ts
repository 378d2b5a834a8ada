/**
 * What the admin context keeps in PostgreSQL outside the read models: the audit's run lock, a
 * session-level advisory lock held on one pooled connection for a whole run, so one audit runs at
 * a time across every process (a click during a scheduled run is told so instead of doubling the
 * load). An advisory lock takes no transaction id, so the long replay holds back no reader.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';

/** The advisory lock key of a running audit (any stable bigint; "audit" in ASCII). */
const AUDIT_LOCK_KEY = 0x6175646974;

/** Runs `work` holding the audit lock; answers null, running nothing, when another run holds it. */
export async function withAuditLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (connection) => {
    const locked = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${AUDIT_LOCK_KEY}) as locked`.execute(connection);
    if (!locked.rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${AUDIT_LOCK_KEY})`.execute(connection);
    }
  });
}

/** Whether some process holds the audit lock now (an audit is running). */
export async function auditLockHeld(db: Kysely<Database>): Promise<boolean> {
  const row = await sql<{ n: string }>`select count(*)::text as n from pg_locks where locktype = 'advisory' and granted and ((classid::bigint << 32) | objid::bigint) = ${AUDIT_LOCK_KEY}`.execute(db);
  return Number(row.rows[0]?.n ?? 0) > 0;
}
