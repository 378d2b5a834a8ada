// Proves the read database survives PostgreSQL ending a connection (57P01, as when it shuts down) while the app holds that connection between queries: no crash, and the pool carries on.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { freshDatabaseUrl } from './testing/database.js';

/** How long PostgreSQL may take to end the backend once told to (a bound, not a wait: it answers as soon as the backend is gone). */
const TERMINATION_TIMEOUT_MS = 30_000;

/** Ends the backend and answers once it has exited (its termination notice sent), not merely once it was signalled. */
async function terminateBackend(url: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend($1, $2) as ended', [pid, TERMINATION_TIMEOUT_MS]);
    if (!rows[0]?.ended) throw new Error(`backend ${pid} still running ${TERMINATION_TIMEOUT_MS} ms after it was told to end`);
  } finally {
    await admin.end();
  }
}

describe('createDatabase', () => {
  it('given a connection held between queries (a transaction, an advisory lock), when the server ends it, then the process does not crash and the next query works', async () => {
    const url = await freshDatabaseUrl('database');
    const db = createDatabase(url);
    const uncaught: unknown[] = [];
    const record = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      await db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        await terminateBackend(url, rows[0]!.pid);
        await expect(sql`select 1`.execute(connection)).rejects.toThrow();
      });
      expect(uncaught).toEqual([]);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', record);
      await db.destroy();
    }
  });
});
