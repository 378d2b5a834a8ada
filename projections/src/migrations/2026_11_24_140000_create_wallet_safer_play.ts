import { sql, type Kysely } from 'kysely';

/** The wallet's safer-play read table: limits (with pending raises), cool-off / self-exclusion, reality check. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_safer_play')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('limits', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('exclusion_kind', 'text')
    .addColumn('exclusion_period', 'text')
    .addColumn('exclusion_started_at', 'timestamptz')
    .addColumn('exclusion_until', 'timestamptz')
    .addColumn('reality_check_minutes', 'integer')
    .addColumn('stream_revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The admins' list of players under a cool-off or self-exclusion.
  await db.schema.createIndex('wallet_safer_play_exclusion_until_idx').on('wallet_safer_play').column('exclusion_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_safer_play').execute();
}
