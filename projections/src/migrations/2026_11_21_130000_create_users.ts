import { sql, type Kysely } from 'kysely';

/** The `users` read model (projected from `user-<id>` streams). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('phone_number', 'text')
    .addColumn('psn_username', 'text')
    .addColumn('activision_id', 'text')
    .addColumn('country', 'text')
    .addColumn('timezone', 'text')
    .addColumn('preferred_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('preferred_language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('date_of_birth', 'text')
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_phone_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_psn_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_age_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('location_detected_at', 'timestamptz')
    .addColumn('currency_set_by_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip_address', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('fpl_team_id', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('losses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index users_created_at on users (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
