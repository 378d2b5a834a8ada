import { sql, type Kysely } from 'kysely';

/**
 * The ledger journal (one row per posting) and account balances; the wallet read models
 * (per-user balances and daily spending, transactions, Paystack deposits, crypto deposits and
 * withdrawals). Money is numeric(20,2), crypto amounts numeric(30,8). No serial columns, no
 * foreign keys (projection tables are rebuilt by copy).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('posting_index', 'integer', (c) => c.notNull())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('commit_position', 'bigint', (c) => c.notNull())
    .addColumn('prepare_position', 'bigint', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('account_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_entries_pkey', ['event_id', 'posting_index'])
    .execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').columns(['account', 'commit_position', 'prepare_position']).execute();
  await db.schema.createIndex('ledger_entries_owner_idx').on('ledger_entries').columns(['owner_id', 'recorded_at']).execute();

  await db.schema
    .createTable('account_balances')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('account_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('currency', 'text')
    .addColumn('balance', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('crypto_balance', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('daily_spent_day', 'text')
    .addColumn('daily_spent', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('stream_revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bet_id', 'text')
    .addColumn('pool_id', 'text')
    .addColumn('reference', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('commit_position', 'bigint', (c) => c.notNull())
    .addColumn('prepare_position', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transactions_user_idx').on('transactions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('paystack_deposits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('gateway_response', 'text')
    .addColumn('authorization_url', 'text')
    .addColumn('credited', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paystack_deposits_user_idx').on('paystack_deposits').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('crypto_deposits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('cryptocurrency', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('crypto_amount', sql`numeric(30,8)`, (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('usd_amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('credited', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crypto_deposits_user_idx').on('crypto_deposits').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('crypto_deposits_status_idx').on('crypto_deposits').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('crypto_withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('cryptocurrency', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('crypto_amount', sql`numeric(30,8)`, (c) => c.notNull())
    .addColumn('usd_amount', sql`numeric(20,2)`, (c) => c.notNull())
    .addColumn('withdrawal_address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('kyc_status', 'text', (c) => c.notNull())
    .addColumn('requires_kyc', 'boolean', (c) => c.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crypto_withdrawals_user_idx').on('crypto_withdrawals').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['crypto_withdrawals', 'crypto_deposits', 'paystack_deposits', 'transactions', 'wallets', 'account_balances', 'ledger_entries']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
