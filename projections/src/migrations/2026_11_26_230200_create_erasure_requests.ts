import type { Kysely } from 'kysely';

/** `erasure_requests`: the pending erasure requests (projector `erasure_requests`), for the job that carries them out. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erasure_requests')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('effective_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('erasure_requests_effective_idx').on('erasure_requests').column('effective_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erasure_requests').ifExists().execute();
}
