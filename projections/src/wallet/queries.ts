import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

export const TRANSACTIONS_PAGE_MAX = 200;
export const DEPOSITS_PAGE_MAX = 100;
export const EXPIRY_BATCH_MAX = 100;

export async function findWallet(db: Kysely<Database>, userId: string) {
  return db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Newest first; ties on time in log order, newest first; one event's stake row before its fee row. */
export async function listTransactions(db: Kysely<Database>, userId: string, limit = TRANSACTIONS_PAGE_MAX) {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('commit_position', 'desc')
    .orderBy('prepare_position', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.min(limit, TRANSACTIONS_PAGE_MAX))
    .execute();
}

export async function listPaystackDeposits(db: Kysely<Database>, userId: string, limit = DEPOSITS_PAGE_MAX) {
  return db.selectFrom('paystack_deposits').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(Math.min(limit, DEPOSITS_PAGE_MAX)).execute();
}

export async function findPaystackDepositByReference(db: Kysely<Database>, reference: string) {
  return db.selectFrom('paystack_deposits').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function listCryptoDeposits(db: Kysely<Database>, userId: string, limit = DEPOSITS_PAGE_MAX) {
  return db.selectFrom('crypto_deposits').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(Math.min(limit, DEPOSITS_PAGE_MAX)).execute();
}

export async function findCryptoDeposit(db: Kysely<Database>, id: string) {
  return db.selectFrom('crypto_deposits').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCryptoDepositByAddress(db: Kysely<Database>, address: string) {
  return db.selectFrom('crypto_deposits').selectAll().where('address', '=', address).executeTakeFirst();
}

/** Deposits still unpaid past their expiry: the expiry job's work list. */
export async function unpaidCryptoDepositsExpiredBy(db: Kysely<Database>, now: Date, limit = EXPIRY_BATCH_MAX) {
  return db.selectFrom('crypto_deposits').select(['id', 'user_id']).where('status', '=', 'pending').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();
}

export async function listCryptoWithdrawals(db: Kysely<Database>, userId: string, limit = DEPOSITS_PAGE_MAX) {
  return db.selectFrom('crypto_withdrawals').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(Math.min(limit, DEPOSITS_PAGE_MAX)).execute();
}

export async function findCryptoWithdrawal(db: Kysely<Database>, id: string) {
  return db.selectFrom('crypto_withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listWithdrawalsAwaitingKyc(db: Kysely<Database>, limit = DEPOSITS_PAGE_MAX) {
  return db.selectFrom('crypto_withdrawals').selectAll().where('kyc_status', '=', 'pending').where('status', '=', 'pending').orderBy('created_at').limit(limit).execute();
}

export async function findSaferPlay(db: Kysely<Database>, userId: string) {
  return db.selectFrom('wallet_safer_play').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Every wallet row (the audit compares them with the balances rebuilt from the log). */
export async function allWallets(db: Kysely<Database>) {
  return db.selectFrom('wallets').selectAll().execute();
}

/** The references of a user's newest Paystack deposits. */
export async function recentPaystackReferences(db: Kysely<Database>, userId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('paystack_deposits').select('reference').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.reference);
}

/** The ids of a user's newest crypto deposits. */
export async function recentCryptoDepositIds(db: Kysely<Database>, userId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('crypto_deposits').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The user's balances as the wallet shows them (one row per wallet currency). */
export async function walletBalancesOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('wallets').select(['currency', 'balance', 'crypto_balance']).where('user_id', '=', userId).execute();
}

/** The references of the user's Paystack deposits (the personal-data export reads their streams). */
export async function paystackReferencesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  return (await db.selectFrom('paystack_deposits').select('reference').where('user_id', '=', userId).execute()).map((r) => r.reference);
}

/** The ids of the user's crypto deposits (the personal-data export reads their streams). */
export async function cryptoDepositIdsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  return (await db.selectFrom('crypto_deposits').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
}
