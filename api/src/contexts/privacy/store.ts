/**
 * The privacy context's writes to tables that are not read models (docs/conventions.md): what an
 * erasure removes outside the log. Queries of read models live in their projection's `queries.ts`.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wager/projections';

/**
 * Deletes, in one transaction, what is kept about the person outside the log: sessions (the login
 * record, IP addresses, devices), credentials, the username and email claims, mail and texts
 * queued for them or to their address and number, the mail telling the admins of their support
 * messages (it quotes them: `supportMailBody` names the sender's user id), pushes waiting for
 * them (their deliveries cascade) and their push devices' endpoints and keys.
 */
export async function deleteKeptOutsideLog(db: Kysely<Database>, userId: string, contact: { email: string; phoneNumber: string | null } | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('credentials').where('user_id', '=', userId).execute();
    await trx.deleteFrom('account_claims').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_outbox').where('user_id', '=', userId).execute();
    if (contact) await trx.deleteFrom('email_outbox').where('to_address', '=', contact.email).execute();
    await trx.deleteFrom('email_outbox').where('kind', 'like', 'support-%').where(sql<boolean>`strpos(text_body, ${`(user ${userId})`}) > 0`).execute();
    if (contact?.phoneNumber) await trx.deleteFrom('sms_outbox').where('to_phone', '=', contact.phoneNumber).execute();
    await trx.deleteFrom('sms_outbox').where('user_id', '=', userId).execute();
    await trx.deleteFrom('push_outbox').where('user_id', '=', userId).execute();
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  });
}
