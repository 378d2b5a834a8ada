import { sql, type Kysely } from 'kysely';

/**
 * `named_user_ids` on `email_outbox` and `push_outbox`: the users a queued notification names
 * (its challenger, reporter, …), so a person's erasure finds the mail and pushes of others that
 * name them by id and redacts their username there (docs/architecture.md, "Personal data and
 * erasure"). Rows queued before are empty: an erasure looks for the name in them as a whole word.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_outbox', 'push_outbox']) {
    await db.schema.alterTable(table).addColumn('named_user_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`)).execute();
    await sql`create index ${sql.id(`${table}_named_user_ids_idx`)} on ${sql.table(table)} using gin (named_user_ids)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_outbox', 'push_outbox']) await db.schema.alterTable(table).dropColumn('named_user_ids').execute();
}
