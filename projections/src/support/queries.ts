import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { SupportMessageRow } from './support.table.js';
import { SUPPORT_PAGE_SIZE_MAX } from '@wager/domain/contracts/support';


export async function findSupportMessage(db: Kysely<Database>, id: string): Promise<SupportMessageRow | undefined> {
  return db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first, optionally one kind, for the admins. */
export async function listSupportMessages(db: Kysely<Database>, options: { kind?: string | undefined; limit: number; offset: number }): Promise<{ rows: SupportMessageRow[]; total: number }> {
  let query = db.selectFrom('support_messages');
  if (options.kind) query = query.where('kind', '=', options.kind);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('submitted_at', 'desc').orderBy('id').limit(Math.min(options.limit, SUPPORT_PAGE_SIZE_MAX)).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Where the admins' copies go: every admin's email address. */
export async function adminEmails(db: Kysely<Database>): Promise<{ id: string; email: string }[]> {
  return db.selectFrom('users').select(['id', 'email']).where('is_admin', '=', true).orderBy('id').execute();
}

/** The ids of the support messages a signed-in user sent (the personal-data export reads their streams). */
export async function supportMessageIdsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  return (await db.selectFrom('support_messages').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
}
