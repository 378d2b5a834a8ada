import type { Kysely } from 'kysely';

/**
 * The pools context's read tables: fpl_pools (one row per pool), fpl_pool_participants (one row
 * per entry, with the live standings and the payout), fpl_pool_entry_holds (each entry lock a
 * wallet recorded, for the reconciler).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fpl_pools')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('creator_id', 'uuid', (c) => c.notNull())
    .addColumn('entry_fee', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('fee_amount', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('pot_amount', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('participant_count', 'integer', (c) => c.notNull())
    .addColumn('max_participants', 'integer', (c) => c.notNull())
    .addColumn('duration_weeks', 'integer', (c) => c.notNull())
    .addColumn('start_gameweek', 'integer', (c) => c.notNull())
    .addColumn('end_gameweek', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'text', (c) => c.notNull())
    .addColumn('is_private', 'boolean', (c) => c.notNull())
    .addColumn('first_deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tie_rule', 'text', (c) => c.notNull())
    .addColumn('standings_through', 'integer')
    .addColumn('winning_points', 'integer')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fpl_pools_invite_code_idx').on('fpl_pools').column('invite_code').execute();
  await db.schema.createIndex('fpl_pools_status_idx').on('fpl_pools').columns(['status', 'is_private']).execute();
  await db.schema
    .createTable('fpl_pool_participants')
    .addColumn('pool_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('fpl_team_id', 'integer', (c) => c.notNull())
    .addColumn('fpl_team_name', 'text', (c) => c.notNull())
    .addColumn('total_points', 'integer', (c) => c.notNull())
    .addColumn('paid', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('payout', 'numeric(20, 2)')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('fpl_pool_participants_pk', ['pool_id', 'user_id'])
    .execute();
  await db.schema.createIndex('fpl_pool_participants_user_idx').on('fpl_pool_participants').column('user_id').execute();
  await db.schema
    .createTable('fpl_pool_entry_holds')
    .addColumn('pool_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('total', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addPrimaryKeyConstraint('fpl_pool_entry_holds_pk', ['pool_id', 'user_id'])
    .execute();
  await db.schema.createIndex('fpl_pool_entry_holds_open_idx').on('fpl_pool_entry_holds').columns(['status', 'locked_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fpl_pool_entry_holds').execute();
  await db.schema.dropTable('fpl_pool_participants').execute();
  await db.schema.dropTable('fpl_pools').execute();
}
