import { sql, type Kysely } from 'kysely';

/**
 * One read model of wallet stake holds, `stake_holds`, keyed by (hold_kind, hold_id, user_id),
 * in place of bet_stake_holds and fpl_pool_entry_holds (which tracked the same locks, one kind
 * each). Its projector (`stake_holds`) is new, so the runner replays it from position 0 on first
 * start: no rows are copied. The old projectors' checkpoints go with their tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stake_holds')
    .addColumn('hold_kind', 'text', (c) => c.notNull())
    .addColumn('hold_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('total', 'numeric(20, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addPrimaryKeyConstraint('stake_holds_pk', ['hold_kind', 'hold_id', 'user_id'])
    .execute();
  // The reconcilers' query: the locked holds of one kind, oldest first.
  await db.schema
    .createIndex('stake_holds_locked_idx')
    .on('stake_holds')
    .columns(['hold_kind', 'locked_at'])
    .where(sql.ref('status'), '=', 'locked')
    .execute();

  await db.schema.dropTable('bet_stake_holds').execute();
  await db.schema.dropTable('fpl_pool_entry_holds').execute();
  await sql`delete from projection_checkpoints where name in ('bet_stake_holds', 'fpl_pool_entry_holds')`.execute(db);
}

/** Back to the two tables, empty: their projectors, with no checkpoint, replay from position 0. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, id] of [['bet_stake_holds', 'bet_id'], ['fpl_pool_entry_holds', 'pool_id']] as const) {
    await db.schema
      .createTable(table)
      .addColumn(id, 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('total', 'numeric(20, 2)', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('locked_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz')
      .addPrimaryKeyConstraint(`${table}_pk`, [id, 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_open_idx`).on(table).columns(['status', 'locked_at']).execute();
  }
  await db.schema.dropTable('stake_holds').execute();
  await sql`delete from projection_checkpoints where name = 'stake_holds'`.execute(db);
}
