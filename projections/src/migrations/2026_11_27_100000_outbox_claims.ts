import { sql, type Kysely } from 'kysely';

/**
 * `claimed_until` on the three outboxes: a sender's poll round claims its rows with one
 * statement by setting it (a lease), sends them outside any transaction, and records the
 * round's outcomes with one statement per table, clearing it. A row is due again once its lease
 * has run out, so a sender that crashed between its claim and its mark leaves rows that are
 * retried later (docs/architecture.md, "Outbox senders").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_outbox', 'sms_outbox', 'push_outbox']) {
    await db.schema.alterTable(table).addColumn('claimed_until', sql`timestamptz`).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_outbox', 'sms_outbox', 'push_outbox']) await db.schema.alterTable(table).dropColumn('claimed_until').execute();
}
