import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';

export { deviceFacts, type DeviceFacts } from '../users/devices.queries.js';

/**
 * Facts the payout rules need from outside the wallet stream, read at request time: devices
 * (users/devices.queries.ts), players linked to this one by a shared device or bank account, and bets won
 * against them lately.
 */
export const LINKED_PLAYERS_MAX = 50;
export const LINKED_BETS_MAX = 10;

/**
 * Other players who signed in from one of this player's devices (the same user agent from the
 * same IP address: a user agent alone is shared by everyone on that browser version) or who
 * added the same bank account (same bank, holder name as the bank resolved it, and last four
 * digits: the full number is never stored).
 */
export async function linkedPlayers(db: Kysely<Database>, userId: string): Promise<string[]> {
  const byDevice = db
    .selectFrom('sessions as mine')
    .innerJoin('sessions as theirs', (join) => join.onRef('theirs.user_agent', '=', 'mine.user_agent').onRef('theirs.ip_address', '=', 'mine.ip_address'))
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', '<>', userId)
    // sessions key users by uuid, bank_accounts by text: one type for the union.
    .select(sql<string>`theirs.user_id::text`.as('userId'));
  const byBankAccount = db
    .selectFrom('bank_accounts as mine')
    .innerJoin('bank_accounts as theirs', (join) =>
      join.onRef('theirs.bank_code', '=', 'mine.bank_code').onRef('theirs.account_name', '=', 'mine.account_name').onRef('theirs.account_number_masked', '=', 'mine.account_number_masked'),
    )
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', '<>', userId)
    .select('theirs.user_id as userId');
  const rows = await db.selectFrom(byDevice.union(byBankAccount).as('linked')).select('userId').distinct().limit(LINKED_PLAYERS_MAX).execute();
  return rows.map((r) => r.userId);
}

/** Bets this player won against one of `opponents`, settled since `since`, newest first. */
export async function betsWonAgainst(db: Kysely<Database>, userId: string, opponents: readonly string[], since: Date): Promise<string[]> {
  if (opponents.length === 0) return [];
  const rows = await db
    .selectFrom('bets')
    .select('id')
    .where('status', '=', 'completed')
    .where('actual_winner', '=', userId)
    .where('settled_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('challenger_id', '=', userId), eb('opponent_id', 'in', opponents)]),
        eb.and([eb('opponent_id', '=', userId), eb('challenger_id', 'in', opponents)]),
      ]),
    )
    .orderBy('settled_at', 'desc')
    .limit(LINKED_BETS_MAX)
    .execute();
  return rows.map((r) => r.id);
}

/** A password set after sign-up (a reset): the credentials row changed after the account was made. */
export async function passwordChangedAt(db: Kysely<Database>, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('credentials')
    .innerJoin('users', 'users.id', 'credentials.user_id')
    .where('credentials.user_id', '=', userId)
    .where(sql<boolean>`credentials.updated_at > users.created_at`)
    .select('credentials.updated_at')
    .executeTakeFirst();
  return row?.updated_at ?? null;
}
