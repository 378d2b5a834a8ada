import { sql, type Kysely } from 'kysely';

/**
 * `crypto_withdrawals.kyc_status` now follows an admin's KYC rejection (`rejected`) instead of
 * keeping the first value (`pending`). Rows projected before that are set as a replay would set
 * them: a withdrawal cancelled with reason `kyc_rejected` reads `rejected`. No schema change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update crypto_withdrawals set kyc_status = 'rejected' where status = 'cancelled' and cancel_reason = 'kyc_rejected' and kyc_status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update crypto_withdrawals set kyc_status = 'pending' where status = 'cancelled' and cancel_reason = 'kyc_rejected' and kyc_status = 'rejected'`.execute(db);
}
