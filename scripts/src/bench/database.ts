/**
 * A fresh database for one benchmark run: made on DATABASE_URL's server when it is set, else on
 * an embedded PostgreSQL started in a temporary directory. `drop` removes all of it, so runs
 * never measure each other's leftovers.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../api/src/adapters/database/embedded.js';

export interface BenchDatabase {
  readonly url: string;
  /** Where it runs, for the report: host and server version. */
  readonly server: string;
  /** The embedded server's data directory (its `postgres/postmaster.pid` names the server process); undefined on DATABASE_URL. */
  readonly embeddedDir?: string;
  drop(): Promise<void>;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let adminUrl: string;
  let embedded: EmbeddedDatabase | undefined;
  let embeddedDir: string | undefined;
  let where: string;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
    where = `${url.host} (DATABASE_URL)`;
  } else {
    // As for the test run: a directory the embedded server's own user can write (see embedded.ts).
    embeddedDir = join(tmpdir(), `wager-${name}`);
    embedded = await startEmbeddedPostgres({ dataDir: embeddedDir, persistent: false });
    adminUrl = embedded.adminUrl;
    where = `embedded, ${new URL(adminUrl).host}`;
  }
  await query(adminUrl, `create database "${name}"`);
  const [version] = await query<{ server_version: string }>(adminUrl, 'show server_version');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    server: `PostgreSQL ${version?.server_version ?? '?'} on ${where}, database ${name}`,
    ...(embeddedDir ? { embeddedDir } : {}),
    drop: async () => {
      await query(adminUrl, `drop database if exists "${name}" with (force)`);
      if (embedded) await embedded.stop();
      if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
    },
  };
}
