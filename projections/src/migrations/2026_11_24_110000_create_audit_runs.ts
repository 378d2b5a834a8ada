import { sql, type Kysely } from 'kysely';

/**
 * `audit_runs`: each `npm run audit -- verify` appends its outcome, so the admin panel can show
 * when the audit last passed. Append-only, like the event store: a trigger refuses UPDATE and
 * DELETE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull())
    .addColumn('passed', 'boolean', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('streams', 'integer', (c) => c.notNull())
    .addColumn('failure_count', 'integer', (c) => c.notNull())
    .addColumn('failures', 'jsonb', (c) => c.notNull())
    .execute();
  await sql`create function audit_runs_reject_change() returns trigger language plpgsql as $$ begin raise exception 'audit_runs is append-only'; end $$`.execute(db);
  await sql`create trigger audit_runs_append_only before update or delete on audit_runs for each row execute function audit_runs_reject_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_runs').execute();
  await sql`drop function if exists audit_runs_reject_change()`.execute(db);
}
