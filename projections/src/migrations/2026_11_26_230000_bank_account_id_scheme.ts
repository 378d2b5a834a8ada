import { sql, type Kysely } from 'kysely';

/**
 * Bank account ids are random since this version; an account added before has an id derived
 * from its number (`id_scheme = 'legacy'`, every existing row) until a `BankAccountIdReplaced`
 * event gives it a random one (the wallet's job appends it). The projector sets 'random' on new
 * rows and on replacement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_accounts').addColumn('id_scheme', 'text', (c) => c.notNull().defaultTo('legacy')).execute();
  await db.schema.createIndex('bank_accounts_legacy_idx').on('bank_accounts').columns(['added_at']).where(sql.ref('id_scheme'), '=', 'legacy').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bank_accounts_legacy_idx').ifExists().execute();
  await db.schema.alterTable('bank_accounts').dropColumn('id_scheme').execute();
}
