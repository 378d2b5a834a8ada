/**
 * Test support: a fingerprint of everything stored in the test database, to prove a refused
 * request wrote nothing. Per table (the event store's included), its row count and the newest
 * row version's transaction id (`xmin`): an insert moves both, an update moves the second, a
 * delete the first. Only meaningful while nothing runs in the background (stop the harness's
 * projection runner and reactors first: `quiesce`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import type { TestHarness } from '../app.js';

export type Fingerprint = ReadonlyMap<string, string>;

export async function fingerprint(db: Kysely<Database>): Promise<Fingerprint> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  if (tables.length === 0) throw new Error('fingerprint: no tables');
  const parts = tables.map((t) => sql`select ${t.name}::text as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as mark from ${sql.table(t.name)}`);
  const { rows } = await sql<{ name: string; mark: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.mark]));
}

/** The tables whose fingerprint differs (empty when nothing was written). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * Lets the read models catch up with everything appended so far, then stops the projection
 * runner and the reactors: from then on every write to the database is made by a request, inside
 * it, so a fingerprint taken before a request and after its answer shows exactly what it wrote.
 * Commands still answer: 202 "processing" at once, since no read model will show their events.
 */
export async function quiesce(h: TestHarness): Promise<void> {
  await h.settle();
  await h.reactors.stop();
  await h.runner.stop();
  h.deps.projections.waitFor = async () => false;
  // No read model will catch up: a request must be answered as it is, not held for a token.
  h.stopSendingConsistencyTokens();
}
