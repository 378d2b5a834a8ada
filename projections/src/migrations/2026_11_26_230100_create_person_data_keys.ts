import { sql, type Kysely } from 'kysely';

/**
 * `person_data_keys`: one data key per person, wrapped by the master key (never stored in
 * clear). Erasure destroys it: `wrapped_key` becomes null and `destroyed_at` is set, and a
 * trigger refuses to delete a row or to give a destroyed row a key again, so a destruction
 * cannot be undone and stays on record. Not a projection: the api writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_data_keys')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('wrapped_key', 'text')
    .addColumn('wrapped_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('destroyed_at', 'timestamptz')
    .addCheckConstraint('person_data_keys_destroyed', sql`(wrapped_key is null) = (destroyed_at is not null)`)
    .execute();
  await sql`
    create function person_data_keys_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then raise exception 'person_data_keys rows are never deleted'; end if;
      if old.destroyed_at is not null then raise exception 'a destroyed data key cannot change'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger person_data_keys_guard before update or delete on person_data_keys for each row execute function person_data_keys_guard()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('person_data_keys').ifExists().execute();
  await sql`drop function if exists person_data_keys_guard()`.execute(db);
}
