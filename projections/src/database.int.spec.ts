// Proves the read database survives PostgreSQL ending a connection (57P01, as when it shuts down) while the app holds that connection between queries: no crash, and the pool carries on.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { freshDatabaseUrl } from './testing/database.js';

/** Long enough for the server's termination notice to reach the client. */
const NOTICE_WAIT_MS = 300;

async function terminateBackend(url: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
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
        await new Promise((resolve) => setTimeout(resolve, NOTICE_WAIT_MS));
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
