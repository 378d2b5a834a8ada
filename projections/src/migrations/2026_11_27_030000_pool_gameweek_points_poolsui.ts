import { sql, type Kysely } from 'kysely';

/**
 * Issue #29: `fpl_pool_participants.gameweek_points`, each entry's points per gameweek of the
 * pool's window so far (`[{ gameweek, points }]`, ascending), from PoolStandingsUpdated and
 * PoolSettled. Standings recorded before the breakdown was kept carry none: those rows keep `[]`
 * until the next standings update (a settled pool's breakdown comes from its settlement evidence
 * when its events are replayed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fpl_pool_participants')
    .addColumn('gameweek_points', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fpl_pool_participants').dropColumn('gameweek_points').execute();
}
