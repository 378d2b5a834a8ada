/**
 * The privacy context's writes to tables that are not read models (docs/conventions.md): what an
 * erasure removes outside the log, and what it changes in the outboxes of other people (their mail
 * and pushes that name the erased person). Queries of read models live in their projection's
 * `queries.ts`.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
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

type Db = Kysely<Database> | Transaction<Database>;

/** The characters a username is made of (accounts rules): a name is matched only as a whole word of them. */
const USERNAME_CHARACTERS = 'A-Za-z0-9_-';
const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Replaces each of `usernames` by `pseudonym` in the mail and pushes of other people that name
 * `userId` (queued or already sent: a sent row is the platform's copy, redacted too). Rows queued
 * with `named_user_ids` are found by the id; rows queued before that column existed (empty) are
 * the notification mails and pushes in which a username appears. A name is replaced only as a
 * whole word, case-insensitively, so "bob" leaves "bobby" as it is. Returns how many rows
 * changed. Idempotent: a second run finds nothing left to replace.
 */
export async function redactOutboxesNaming(db: Db, userId: string, usernames: readonly string[], pseudonym: string): Promise<number> {
  let changed = 0;
  const namesThem = sql<boolean>`${userId} = any(named_user_ids)`;
  const older = sql<boolean>`named_user_ids = '{}'::text[]`;
  for (const username of new Set(usernames)) {
    // A username outside the accounts rules (never the case) is not turned into a pattern.
    if (!USERNAME_PATTERN.test(username)) continue;
    const pattern = `(?<![${USERNAME_CHARACTERS}])${username}(?![${USERNAME_CHARACTERS}])`;
    const replaced = (column: 'subject' | 'text_body' | 'html_body' | 'title') => sql<string>`regexp_replace(${sql.ref(column)}, ${pattern}, ${pseudonym}, 'gi')`;
    const matches = (column: 'subject' | 'text_body' | 'html_body' | 'title') => sql<boolean>`${sql.ref(column)} ~* ${pattern}`;
    const mail = await db
      .updateTable('email_outbox')
      .set({ subject: replaced('subject'), text_body: replaced('text_body'), html_body: replaced('html_body') })
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '<>', userId)]))
      .where((eb) => eb.or([namesThem, eb.and([older, eb('kind', 'like', 'notification-%')])]))
      .where((eb) => eb.or([matches('subject'), matches('text_body'), matches('html_body')]))
      .executeTakeFirst();
    const pushes = await db
      .updateTable('push_outbox')
      .set({ title: replaced('title') })
      .where('user_id', '<>', userId)
      .where((eb) => eb.or([namesThem, older]))
      .where(matches('title'))
      .executeTakeFirst();
    changed += Number(mail.numUpdatedRows) + Number(pushes.numUpdatedRows);
  }
  return changed;
}
