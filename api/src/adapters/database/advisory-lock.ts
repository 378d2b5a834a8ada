import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';

/**
 * Runs `work` only if this process wins the session-level advisory lock named `key`, and
 * returns undefined if another process holds it. Used by jobs that several processes run at
 * once (the schedulers) to share the work.
 *
 * Why not `SELECT … FOR UPDATE SKIP LOCKED` in a transaction: a row lock gives the transaction
 * an xid, and the PostgreSQL event store's readers hold back behind every open xid on the
 * server (the snapshot-xmin high-water mark). A transaction kept open across I/O or across a
 * wait for the projections would stall every $all reader, and a command waiting for its own
 * projection inside it would wait for itself. An advisory lock takes no xid.
 */
export async function withAdvisoryLock<T>(db: Kysely<Database>, key: string, work: () => Promise<T>): Promise<T | undefined> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
    }
  });
}
