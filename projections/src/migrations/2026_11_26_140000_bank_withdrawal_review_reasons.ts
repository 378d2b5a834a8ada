import { sql, type Kysely } from 'kysely';

/**
 * Payouts without a person in the loop: each bank withdrawal keeps the rules that held it for
 * review (`review_reasons`) and whether it went with no person involved (`automatic`: no review
 * reason, never held or released by an admin); the payout-time figure counts only those. The
 * `bank_withdrawals` projector's rows are rebuilt from the events (the table is emptied and its
 * checkpoint removed, so the runner replays it from position 0): older rows cannot be told
 * apart otherwise. Crypto withdrawals keep their review reasons too. Two indexes serve the linked-player look-ups of the payout rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_withdrawals').addColumn('review_reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`)).execute();
  await db.schema.alterTable('bank_withdrawals').addColumn('automatic', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('bank_withdrawals_automatic_paid_idx').on('bank_withdrawals').columns(['paid_at']).where(sql.ref('automatic'), '=', true).execute();
  await sql`delete from bank_withdrawals`.execute(db);
  await sql`delete from projection_checkpoints where name = 'bank_withdrawals'`.execute(db);
  // Crypto withdrawals too; before the rules, verification was the only reason a withdrawal waited.
  await db.schema.alterTable('crypto_withdrawals').addColumn('review_reasons', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`)).execute();
  await sql`update crypto_withdrawals set review_reasons = '{unverified}' where requires_kyc`.execute(db);
  await db.schema.createIndex('sessions_device_idx').on('sessions').columns(['user_agent', 'ip_address']).execute();
  await db.schema.createIndex('bank_accounts_holder_idx').on('bank_accounts').columns(['bank_code', 'account_number_masked', 'account_name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bank_accounts_holder_idx').ifExists().execute();
  await db.schema.dropIndex('sessions_device_idx').ifExists().execute();
  await db.schema.dropIndex('bank_withdrawals_automatic_paid_idx').ifExists().execute();
  await db.schema.alterTable('crypto_withdrawals').dropColumn('review_reasons').execute();
  await db.schema.alterTable('bank_withdrawals').dropColumn('automatic').execute();
  await db.schema.alterTable('bank_withdrawals').dropColumn('review_reasons').execute();
}
