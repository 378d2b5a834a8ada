import type { Kysely } from 'kysely';

/** The live context's read table: one row per tracked bet (see live/live.table.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_matches')
    .addColumn('bet_id', 'uuid', (c) => c.primaryKey())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('challenger_id', 'uuid', (c) => c.notNull())
    .addColumn('opponent_id', 'uuid', (c) => c.notNull())
    .addColumn('challenger_handle', 'text')
    .addColumn('opponent_handle', 'text')
    .addColumn('tracking', 'text', (c) => c.notNull())
    .addColumn('view', 'jsonb', (c) => c.notNull())
    .addColumn('last_update', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_matches_challenger_idx').on('live_matches').column('challenger_id').execute();
  await db.schema.createIndex('live_matches_opponent_idx').on('live_matches').column('opponent_id').execute();
  await db.schema.createIndex('live_matches_tracking_idx').on('live_matches').columns(['tracking', 'last_update']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_matches').execute();
}
