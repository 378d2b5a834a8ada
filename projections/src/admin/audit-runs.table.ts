import type { ColumnType, Generated, JSONColumnType, Selectable } from 'kysely';

/**
 * One row per `npm run audit -- verify` run: when it ran, whether it passed, what it covered and
 * its first failures. Append-only (a run is never edited); not a projection of events, so it is
 * never rebuilt. The admin ledger-health view shows the newest row.
 */
export interface AuditRunsTable {
  id: Generated<number>;
  ran_at: ColumnType<Date, Date | string, never>;
  passed: ColumnType<boolean, boolean, never>;
  events: ColumnType<number, number, never>;
  streams: ColumnType<number, number, never>;
  failure_count: ColumnType<number, number, never>;
  failures: JSONColumnType<string[], string, never>;
}
export type AuditRunRow = Selectable<AuditRunsTable>;
