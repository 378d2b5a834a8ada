import { sql, type Kysely } from 'kysely';

/**
 * The bets context's read tables: bets (the bet read model and the marketplace), bet_deadlines
 * (what the scheduler must do next, per bet), bet_stake_holds (stake locks the reconciler
 * watches), bet_trail (the admin/audit trail), user_stats (Elo and W-L) and chats.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bets')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('fee_amount', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('challenger_id', 'uuid', (c) => c.notNull())
    .addColumn('invited_opponent_id', 'uuid')
    .addColumn('opponent_id', 'uuid')
    .addColumn('actual_winner', 'uuid')
    .addColumn('challenger_result', 'text')
    .addColumn('opponent_result', 'text')
    .addColumn('challenger_evidence', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('opponent_evidence', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('dispute_reason', 'text')
    .addColumn('invite_link_id', 'text', (c) => c.notNull().unique())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('platform_username', 'text')
    .addColumn('match_rules', 'jsonb', (c) => c.notNull())
    .addColumn('custom_rules_enabled', 'boolean', (c) => c.notNull())
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('contest_deadline_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('settled_by', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('resolved_by', 'uuid')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bets_challenger_idx').on('bets').columns(['challenger_id', 'created_at']).execute();
  await db.schema.createIndex('bets_opponent_idx').on('bets').columns(['opponent_id', 'created_at']).execute();
  await db.schema.createIndex('bets_status_idx').on('bets').columns(['status', 'visibility', 'expires_at']).execute();

  await db.schema
    .createTable('bet_deadlines')
    .addColumn('bet_id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bet_deadlines_due_idx').on('bet_deadlines').column('due_at').execute();

  await db.schema
    .createTable('bet_stake_holds')
    .addColumn('bet_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('total', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addPrimaryKeyConstraint('bet_stake_holds_pk', ['bet_id', 'user_id'])
    .execute();
  await db.schema.createIndex('bet_stake_holds_open_idx').on('bet_stake_holds').columns(['status', 'locked_at']).execute();

  await db.schema
    .createTable('bet_trail')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('bet_id', 'uuid', (c) => c.notNull())
    .addColumn('commit_position', 'bigint', (c) => c.notNull())
    .addColumn('prepare_position', 'bigint', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('stream_revision', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bet_trail_bet_idx').on('bet_trail').columns(['bet_id', 'commit_position', 'prepare_position']).execute();

  await db.schema
    .createTable('user_stats')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('wins', 'integer', (c) => c.notNull())
    .addColumn('losses', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_stats_settlements')
    .addColumn('bet_id', 'uuid', (c) => c.primaryKey())
    .addColumn('winner_id', 'uuid', (c) => c.notNull())
    .addColumn('loser_id', 'uuid', (c) => c.notNull())
    .addColumn('rating_change', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chats')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('bet_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('participant1_id', 'uuid', (c) => c.notNull())
    .addColumn('participant2_id', 'uuid', (c) => c.notNull())
    .addColumn('moderator_id', 'uuid')
    .addColumn('is_moderator_requested', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['chats', 'user_stats_settlements', 'user_stats', 'bet_trail', 'bet_stake_holds', 'bet_deadlines', 'bets']) await db.schema.dropTable(table).ifExists().execute();
}
