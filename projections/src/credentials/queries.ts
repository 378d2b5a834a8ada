import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { PasswordResetTokensTable } from './credentials.table.js';

export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** The stored password hash of a user, if they have one (an erased person has none). */
export async function passwordHashOf(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('credentials').select('password_hash').where('user_id', '=', userId).executeTakeFirst())?.password_hash;
}

/** A reset token by its hash; `lock` takes the row for the transaction that uses it. */
export async function findPasswordResetToken(db: Db, tokenHash: string, options: { lock?: boolean } = {}): Promise<PasswordResetTokenRow | undefined> {
  const query = db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}
