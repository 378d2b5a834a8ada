import { sql, type Kysely } from 'kysely';

/**
 * Bank payouts (NGN through Paystack Transfers): the player's bank accounts (masked numbers
 * only) and one row per bank withdrawal with its status and the time of each step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number_masked', 'text', (c) => c.notNull())
    .addColumn('recipient_code', 'text', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_accounts_user_idx').on('bank_accounts').columns(['user_id', 'added_at']).execute();

  await db.schema
    .createTable('bank_withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('bank_account_id', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number_masked', 'text', (c) => c.notNull())
    .addColumn('recipient_code', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transfer_code', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('requires_kyc', 'boolean', (c) => c.notNull())
    .addColumn('kyc_pending', 'boolean', (c) => c.notNull())
    .addColumn('admin_held', 'boolean', (c) => c.notNull())
    .addColumn('hold_reason', 'text')
    .addColumn('return_reason', 'text')
    .addColumn('not_before', 'timestamptz', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('returned_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_withdrawals_user_idx').on('bank_withdrawals').columns(['user_id', 'requested_at']).execute();
  await db.schema.createIndex('bank_withdrawals_status_idx').on('bank_withdrawals').columns(['status', 'not_before']).execute();
  await db.schema.createIndex('bank_withdrawals_paid_idx').on('bank_withdrawals').columns(['paid_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_withdrawals').ifExists().execute();
  await db.schema.dropTable('bank_accounts').ifExists().execute();
}
