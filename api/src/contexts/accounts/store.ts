/**
 * What the accounts context keeps in PostgreSQL outside the event log and the read models, for
 * what is not itself a command: the unique claims on usernames and emails (`account_claims`),
 * the reset of a sign-in rate limit, and the scan for phone streams still named by their number.
 * A command's own writes (credentials, reset tokens) stay in commands.ts, in its transaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { ConflictError, type EventStore } from '@wager/domain';
import { userStreamId } from '@wager/domain/accounts/index';
import type { Database } from '@wager/projections';

export const USERNAME_TAKEN = 'Username already taken';
export const EMAIL_TAKEN = 'Email already registered';
/** A claim whose user never got a stream (a crash between claim and append) may be taken over after this. */
export const CLAIM_ABANDONED_AFTER_MS = 60 * 1000;

export type ClaimKind = 'username' | 'email';

function conflictFor(kind: ClaimKind): ConflictError {
  return new ConflictError(kind === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN);
}

/**
 * Claims a username or an email (case-insensitively) for a user, inside the caller's
 * transaction. The primary key (kind, value_lower) lets exactly one of two racing claims
 * through; the other waits for the first transaction and then fails with 409. A claim held by
 * the same user is kept. A claim left behind by a sign-up that crashed before its event was
 * stored (no `user-<id>` stream a minute later) is taken over.
 */
export async function claim(trx: Transaction<Database>, store: EventStore, kind: ClaimKind, value: string, userId: string, now: Date): Promise<void> {
  const valueLower = value.trim().toLowerCase();
  const inserted = await trx
    .insertInto('account_claims')
    .values({ kind, value_lower: valueLower, user_id: userId, claimed_at: now })
    .onConflict((oc) => oc.columns(['kind', 'value_lower']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted) return;
  const existing = await trx
    .selectFrom('account_claims')
    .selectAll()
    .where('kind', '=', kind)
    .where('value_lower', '=', valueLower)
    .forUpdate()
    .executeTakeFirst();
  if (!existing) throw conflictFor(kind);
  if (existing.user_id === userId) return;
  const abandoned = now.getTime() - existing.claimed_at.getTime() >= CLAIM_ABANDONED_AFTER_MS && (await store.readStream(userStreamId(existing.user_id), { maxCount: 1 })).length === 0;
  if (!abandoned) throw conflictFor(kind);
  await trx
    .updateTable('account_claims')
    .set({ user_id: userId, claimed_at: now })
    .where('kind', '=', kind)
    .where('value_lower', '=', valueLower)
    .where('user_id', '=', existing.user_id)
    .execute();
}

/** Claims several values for a user in one transaction: all of them, or none (409 on the first taken). */
export async function claimAll(db: Kysely<Database>, store: EventStore, claims: readonly { kind: ClaimKind; value: string }[], userId: string, now: Date): Promise<void> {
  if (claims.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const c of claims) await claim(trx, store, c.kind, c.value, userId, now);
  });
}

/** Releases a user's claim on a value it no longer uses (after a username or email change). */
export async function release(db: Kysely<Database> | Transaction<Database>, kind: ClaimKind, value: string, userId: string): Promise<void> {
  await db.deleteFrom('account_claims').where('kind', '=', kind).where('value_lower', '=', value.trim().toLowerCase()).where('user_id', '=', userId).execute();
}

/** Whether a claim insert failed on the unique key (a racing transaction won). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Forgets a rate limit's counter (a successful sign-in clears its account's failures). */
export async function resetRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

/**
 * The phone streams still named by their number (`phone-+<e164>`), from the PostgreSQL event
 * store's own table of streams (`es_streams`): the legacy move's work list.
 */
export async function legacyPhoneStreamIds(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ stream_id: string }>`select stream_id from es_streams where stream_id like 'phone-+%' order by stream_id`.execute(db);
  return rows.map((r) => r.stream_id);
}
