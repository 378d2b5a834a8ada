/**
 * Test support: a fresh database per call, migrated, on the run's server (see the vitest
 * global setup). Each test file takes its own so files can run in parallel.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A bound on a spec's wait for a position (answered the moment it is applied): far above what a loaded CI machine takes. */
export const APPLIED_WITHIN_MS = 30_000;

export async function freshDatabaseUrl(label = 'db'): Promise<string> {
  const adminUrl = inject('testDatabaseAdminUrl');
  const name = `${inject('testDatabasePrefix')}_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseAdminUrl: string;
    testDatabasePrefix: string;
    /** True when this run's databases live in embedded PostgreSQL (no DATABASE_URL: a newcomer's machine). */
    testDatabaseEmbedded: boolean;
  }
}
