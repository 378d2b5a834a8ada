import { sql, type Kysely } from 'kysely';

/**
 * Bank withdrawals that could not be sent: failed attempts in the current round, the last
 * reason, when the sender may try again, and why it waits for a person (null: it does not).
 * The projector fills them from BankTransferAttemptFailed / BankWithdrawalNeedsAttention /
 * BankWithdrawalRetried, which no earlier event implies, so existing rows keep the defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bank_withdrawals')
    .addColumn('send_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_send_error', 'text')
    .addColumn('last_send_failed_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('attention_reason', 'text')
    .addColumn('attention_at', 'timestamptz')
    .execute();
  // The Operations tab's and the admin queue's question: which requested withdrawals wait for a person.
  await db.schema.createIndex('bank_withdrawals_attention_idx').on('bank_withdrawals').columns(['attention_at']).where(sql.ref('attention_reason'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bank_withdrawals_attention_idx').ifExists().execute();
  await db.schema.alterTable('bank_withdrawals').dropColumn('send_attempts').dropColumn('last_send_error').dropColumn('last_send_failed_at').dropColumn('next_attempt_at').dropColumn('attention_reason').dropColumn('attention_at').execute();
}
