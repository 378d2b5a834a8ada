/**
 * Vitest global setup: every test run gets its own databases. With DATABASE_URL set, they are
 * made on that server; without it, an embedded PostgreSQL is started for the run (a newcomer's
 * machine has nothing installed). Test files ask for a fresh database with
 * `freshDatabaseUrl()` from `@wager/projections/testing/database`; all are dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../api/src/adapters/database/embedded.js';
import type {} from '@wager/projections/testing/database';

let embedded: EmbeddedDatabase | undefined;
let adminUrl = '';
let prefix = '';
let embeddedDir = '';

export async function setup(project: TestProject): Promise<void> {
  prefix = `test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
    console.log(`[tests] PostgreSQL: ${url.host} (DATABASE_URL), databases ${prefix}_*`);
  } else {
    embeddedDir = join(tmpdir(), `wager-${prefix}`);
    embedded = await startEmbeddedPostgres({ dataDir: embeddedDir, persistent: false });
    adminUrl = embedded.adminUrl;
    console.log(`[tests] PostgreSQL: embedded (DATABASE_URL unset), databases ${prefix}_*`);
  }
  project.provide('testDatabaseAdminUrl', adminUrl);
  project.provide('testDatabasePrefix', prefix);
  project.provide('testDatabaseEmbedded', !process.env.DATABASE_URL);
  if (!process.env.NATS_URL) console.log('[tests] NATS_URL unset: NATS adapter tests are skipped');
  if (!process.env.EVENTSTORE_URL) console.log('[tests] EVENTSTORE_URL unset: EventStoreDB adapter tests are skipped');
}

export async function teardown(): Promise<void> {
  if (embedded) {
    await embedded.stop();
    rmSync(embeddedDir, { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
