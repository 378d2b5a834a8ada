import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ProjectionCheckpointsTable } from './checkpoints/checkpoints.table.js';

/**
 * The read schema: one entry per read table, each table's interface in its read model's
 * `<name>.table.ts`. Add a line here with each new table.
 */
export interface Database {
  projection_checkpoints: ProjectionCheckpointsTable;
}

export const DATABASE_POOL_SIZE_DEFAULT = 10;

export function createDatabase(connectionString: string, options: { poolSize?: number } = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? DATABASE_POOL_SIZE_DEFAULT });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
