/**
 * The privacy context's writes to tables that are not read models: what an erasure changes in
 * the outboxes of other people (their mail and pushes that name the erased person).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@wager/projections';

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
