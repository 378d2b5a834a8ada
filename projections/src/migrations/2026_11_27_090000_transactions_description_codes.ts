import { sql, type Kysely } from 'kysely';

/**
 * `transactions` stores what a row is as a code and its parameters (`description_code`,
 * `description_params`), decided by the projector from the event, in place of the English
 * sentence (`description`) the read side used to parse back into the code; the API says the
 * English from the code. The `transactions` projector's rows are rebuilt from the events (the
 * table is emptied and its checkpoint removed, so the runner replays it from position 0 on
 * start): the stored sentences are not read again, and every event, older ones included, gives
 * its code as the projector decides it now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from transactions`.execute(db);
  await sql`delete from projection_checkpoints where name = 'transactions'`.execute(db);
  await db.schema.alterTable('transactions').dropColumn('description').execute();
  await db.schema.alterTable('transactions').addColumn('description_code', 'text', (c) => c.notNull()).execute();
  await db.schema.alterTable('transactions').addColumn('description_params', 'jsonb', (c) => c.notNull()).execute();
}

/** Back to the English column, empty: the projector of that version, with no checkpoint, replays from position 0. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from transactions`.execute(db);
  await sql`delete from projection_checkpoints where name = 'transactions'`.execute(db);
  await db.schema.alterTable('transactions').dropColumn('description_params').execute();
  await db.schema.alterTable('transactions').dropColumn('description_code').execute();
  await db.schema.alterTable('transactions').addColumn('description', 'text', (c) => c.notNull()).execute();
}
