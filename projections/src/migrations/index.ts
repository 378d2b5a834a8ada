import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as createProjectionCheckpoints from './2026_11_21_120000_create_projection_checkpoints.js';

/**
 * Every read-table migration, by name; names sort in the order they run and are frozen once
 * merged. Add a new file and a line here; never edit an old one (version the table instead).
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_120000_create_projection_checkpoints': createProjectionCheckpoints,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
