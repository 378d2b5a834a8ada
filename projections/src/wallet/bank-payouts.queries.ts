import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';

export const BANK_WITHDRAWALS_PAGE_MAX = 100;
export const RECONCILE_BATCH_MAX = 50;
/** The payout-time figure on the deposit page is the median of this many latest paid withdrawals. */
export const PAYOUT_TIME_SAMPLE = 100;

export async function listBankAccounts(db: Kysely<Database>, userId: string) {
  return db.selectFrom('bank_accounts').selectAll().where('user_id', '=', userId).orderBy('added_at', 'desc').orderBy('id').execute();
}

export async function findBankAccount(db: Kysely<Database>, id: string) {
  return db.selectFrom('bank_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Accounts whose id is still the one derived from the number (oldest first), for the job that gives them random ids. */
export async function bankAccountsWithLegacyIds(db: Kysely<Database>, limit = 100) {
  return db.selectFrom('bank_accounts').select(['id', 'user_id']).where('id_scheme', '=', 'legacy').orderBy('added_at').orderBy('id').limit(limit).execute();
}

export async function listBankWithdrawals(db: Kysely<Database>, userId: string, limit = BANK_WITHDRAWALS_PAGE_MAX) {
  return db.selectFrom('bank_withdrawals').selectAll().where('user_id', '=', userId).orderBy('requested_at', 'desc').orderBy('id').limit(Math.min(limit, BANK_WITHDRAWALS_PAGE_MAX)).execute();
}

export async function findBankWithdrawal(db: Kysely<Database>, id: string) {
  return db.selectFrom('bank_withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findBankWithdrawalByReference(db: Kysely<Database>, reference: string) {
  return db.selectFrom('bank_withdrawals').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** Withdrawals waiting on an admin: KYC review or an admin hold, oldest first. */
export async function listBankWithdrawalsAwaitingReview(db: Kysely<Database>, limit = BANK_WITHDRAWALS_PAGE_MAX) {
  return db
    .selectFrom('bank_withdrawals')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'requested'), eb.or([eb('kyc_pending', '=', true), eb('admin_held', '=', true)])]),
        // Sent, but Paystack holds the transfer until an admin enters the OTP it sent them.
        eb.and([eb('status', '=', 'sent'), eb('provider_status', '=', 'otp')]),
      ]),
    )
    .orderBy('requested_at')
    .limit(Math.min(limit, BANK_WITHDRAWALS_PAGE_MAX))
    .execute();
}

/**
 * The reconciler's work list: requested withdrawals free to go (past their wait, not held) that
 * have sat for `staleBefore` (the request route normally sends at once), and sent ones still
 * without an outcome since `staleBefore`.
 */
export async function bankWithdrawalsToReconcile(db: Kysely<Database>, now: Date, staleBefore: Date, limit = RECONCILE_BATCH_MAX) {
  return db
    .selectFrom('bank_withdrawals')
    .select(['id', 'user_id', 'reference', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'requested'),
          eb('kyc_pending', '=', false),
          eb('admin_held', '=', false),
          eb('not_before', '<=', now),
          eb('updated_at', '<=', staleBefore),
          // Not waiting for a person, and past its backoff after a failed send.
          eb('attention_reason', 'is', null),
          eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
        ]),
        eb.and([eb('status', '=', 'sent'), eb('updated_at', '<=', staleBefore)]),
      ]),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Below this many automatic payouts, no payout-time figure is shown: a median of a few says little. */
export const PAYOUT_TIME_SAMPLE_MIN = 10;

/**
 * Median minutes from request to paid over the latest PAYOUT_TIME_SAMPLE automatic payouts (no
 * review, no admin hold or release: a person's pace is not the system's); null below
 * PAYOUT_TIME_SAMPLE_MIN of them. `sample` is how many it counted either way.
 */
export async function medianPayoutMinutes(db: Kysely<Database>): Promise<{ minutes: number | null; sample: number }> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('bank_withdrawals')
        .select(sql<number>`extract(epoch from (paid_at - requested_at))`.as('seconds'))
        .where('status', '=', 'paid')
        .where('automatic', '=', true)
        .where('paid_at', 'is not', null)
        .orderBy('paid_at', 'desc')
        .limit(PAYOUT_TIME_SAMPLE)
        .as('latest'),
    )
    .select([sql<string | null>`percentile_cont(0.5) within group (order by seconds)`.as('median'), sql<string>`count(*)`.as('sample')])
    .executeTakeFirst();
  const sample = Number(row?.sample ?? 0);
  if (!row || row.median === null || sample < PAYOUT_TIME_SAMPLE_MIN) return { minutes: null, sample };
  return { minutes: Math.max(1, Math.ceil(Number(row.median) / 60)), sample };
}

/** Withdrawals waiting for a person after failed sends (Paystack refused, or every attempt of a round failed), oldest first. */
export async function listBankWithdrawalsNeedingAttention(db: Kysely<Database>, limit = BANK_WITHDRAWALS_PAGE_MAX) {
  return db.selectFrom('bank_withdrawals').selectAll().where('status', '=', 'requested').where('attention_reason', 'is not', null).orderBy('attention_at').limit(Math.min(limit, BANK_WITHDRAWALS_PAGE_MAX)).execute();
}

/** Withdrawals whose sends are failing but still retried on the backoff (not yet for a person), oldest first. */
export async function listBankWithdrawalsBackingOff(db: Kysely<Database>, limit = BANK_WITHDRAWALS_PAGE_MAX) {
  return db
    .selectFrom('bank_withdrawals')
    .selectAll()
    .where('status', '=', 'requested')
    .where('attention_reason', 'is', null)
    .where('send_attempts', '>', 0)
    .orderBy('last_send_failed_at')
    .limit(Math.min(limit, BANK_WITHDRAWALS_PAGE_MAX))
    .execute();
}

/** Transfers made whose outcome has not come for longer than `sentBefore`: the reconciler's verify poll should have found it. */
export async function listBankWithdrawalsSentLongAgo(db: Kysely<Database>, sentBefore: Date, limit = BANK_WITHDRAWALS_PAGE_MAX) {
  return db.selectFrom('bank_withdrawals').selectAll().where('status', '=', 'sent').where('sent_at', '<=', sentBefore).orderBy('sent_at').limit(Math.min(limit, BANK_WITHDRAWALS_PAGE_MAX)).execute();
}
