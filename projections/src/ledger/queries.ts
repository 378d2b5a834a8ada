import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';

export const STATEMENT_ROWS_MAX = 10_000;

/** Sum of every account per currency (zero for a sound ledger), with a breakdown by account kind. */
export async function trialBalance(db: Kysely<Database>) {
  const byKind = await db
    .selectFrom('account_balances')
    .select(['currency', 'account_kind', sql<string>`sum(balance)::text`.as('total'), sql<string>`count(*)::text`.as('accounts')])
    .groupBy(['currency', 'account_kind'])
    .orderBy('currency')
    .orderBy('account_kind')
    .execute();
  const byCurrency = await db
    .selectFrom('account_balances')
    .select(['currency', sql<string>`sum(balance)::text`.as('total')])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return { byCurrency, byKind };
}

export async function accountBalances(db: Kysely<Database>) {
  return db.selectFrom('account_balances').selectAll().orderBy('account').execute();
}

export async function ledgerEntriesForAccount(db: Kysely<Database>, account: string, limit = STATEMENT_ROWS_MAX) {
  return db.selectFrom('ledger_entries').selectAll().where('account', '=', account).orderBy('commit_position').orderBy('prepare_position').orderBy('posting_index').limit(limit).execute();
}

/** Every posting of the given events (both legs of each movement), in log order. */
export async function ledgerEntriesOfEvents(db: Kysely<Database>, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return db.selectFrom('ledger_entries').selectAll().where('event_id', 'in', [...eventIds]).orderBy('commit_position').orderBy('prepare_position').orderBy('posting_index').execute();
}

export async function accountBalance(db: Kysely<Database>, account: string) {
  return db.selectFrom('account_balances').selectAll().where('account', '=', account).executeTakeFirst();
}
