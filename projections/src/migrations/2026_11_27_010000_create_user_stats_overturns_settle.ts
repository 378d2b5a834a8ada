import type { Kysely } from 'kysely';

/**
 * `user_stats_overturns`: the bets whose overturned appeal the `user_stats` projector has
 * already applied to the players' ratings (one appeal per bet), so a redelivered AppealDecided
 * changes nothing twice. Rebuild `user_stats` to apply overturns recorded before this table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_stats_overturns')
    .addColumn('bet_id', 'uuid', (c) => c.primaryKey())
    .addColumn('decided_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_stats_overturns').ifExists().execute();
}
