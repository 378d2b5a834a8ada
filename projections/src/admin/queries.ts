import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { UserRow } from '../users/users.table.js';
import type { AuditRunRow } from './audit-runs.table.js';

/** Spec section 9: the admin users page shows 10 rows; a caller may ask for at most this many (the admin contract's limits). */
export { ADMIN_SEARCH_LENGTH_MAX, ADMIN_USERS_PAGE_SIZE_DEFAULT, ADMIN_USERS_PAGE_SIZE_MAX } from '@wager/domain/contracts/admin';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** What "active" means in the admin stats: matched bets not yet settled (the My Matches "active" tab, plus disputes). */
export const ACTIVE_BET_STATUSES = ['accepted', 'in_progress', 'disputed'] as const;

export interface AdminStatsRow {
  readonly totalUsers: number;
  readonly recentSignups: number;
  readonly previousWeekSignups: number;
  readonly totalBets: number;
  readonly activeBets: number;
  readonly disputedBets: number;
}

/** The admin dashboard's counts: two aggregate queries over indexed read tables, cheap enough to poll. */
export async function adminStats(db: Kysely<Database>, now: Date): Promise<AdminStatsRow> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const twoWeeksAgo = new Date(now.getTime() - 2 * WEEK_MS);
  const users = await db
    .selectFrom('users')
    .select([
      sql<string>`count(*)::text`.as('total'),
      sql<string>`count(*) filter (where created_at > ${weekAgo})::text`.as('recent'),
      sql<string>`count(*) filter (where created_at > ${twoWeeksAgo} and created_at <= ${weekAgo})::text`.as('previous'),
    ])
    .executeTakeFirstOrThrow();
  const bets = await db
    .selectFrom('bets')
    .select([
      sql<string>`count(*)::text`.as('total'),
      sql<string>`count(*) filter (where status in (${sql.join([...ACTIVE_BET_STATUSES])}))::text`.as('active'),
      sql<string>`count(*) filter (where status = 'disputed')::text`.as('disputed'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(users.total),
    recentSignups: Number(users.recent),
    previousWeekSignups: Number(users.previous),
    totalBets: Number(bets.total),
    activeBets: Number(bets.active),
    disputedBets: Number(bets.disputed),
  };
}

/** LIKE pattern of a search text: its own % and _ match themselves. */
function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of users, newest first, optionally those whose username, email or phone number
 * contains `search` (case-insensitive).
 */
export async function listUsersPage(db: Kysely<Database>, options: { page: number; limit: number; search?: string }): Promise<{ rows: UserRow[]; total: number }> {
  const search = options.search?.trim();
  const base = db.selectFrom('users').$if(Boolean(search), (q) => {
    const pattern = containsPattern(search!);
    return q.where((eb) => eb.or([eb('username_lower', 'like', pattern), eb('email_lower', 'like', pattern), eb(sql<string>`lower(coalesce(phone_number, ''))`, 'like', pattern)]));
  });
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A user's bets by status (as challenger or opponent). */
export async function betCountsByStatus(db: Kysely<Database>, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('bets')
    .select(['status', sql<string>`count(*)::text`.as('n')])
    .where((eb) => eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)]))
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function recordAuditRun(db: Kysely<Database>, run: { ranAt: Date; passed: boolean; events: number; streams: number; failures: readonly string[] }, failuresKept = 20): Promise<void> {
  await db
    .insertInto('audit_runs')
    .values({ ran_at: run.ranAt, passed: run.passed, events: run.events, streams: run.streams, failure_count: run.failures.length, failures: JSON.stringify(run.failures.slice(0, failuresKept)) })
    .execute();
}

/** The newest audit run and the newest one that passed. */
export async function latestAuditRuns(db: Kysely<Database>): Promise<{ last: AuditRunRow | undefined; lastPassed: AuditRunRow | undefined }> {
  const [last, lastPassed] = await Promise.all([
    db.selectFrom('audit_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('audit_runs').selectAll().where('passed', '=', true).orderBy('id', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { last, lastPassed };
}

/** The admin's user record pages its transactions and bets (issue #29): this many rows by default, at most the max. */
export { ADMIN_RECORD_PAGE_SIZE_DEFAULT, ADMIN_RECORD_PAGE_SIZE_MAX } from '@wager/domain/contracts/admin';
import { ADMIN_RECORD_PAGE_SIZE_MAX } from '@wager/domain/contracts/admin';

/** One page of a user's transactions, newest first (the player's own order: time, then log order). */
export async function userTransactionsPage(db: Kysely<Database>, userId: string, options: { page: number; limit: number }) {
  const limit = Math.min(options.limit, ADMIN_RECORD_PAGE_SIZE_MAX);
  const base = db.selectFrom('transactions').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('commit_position', 'desc')
      .orderBy('prepare_position', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((options.page - 1) * limit)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One page of the bets a user is a side of (challenger or opponent), newest first, with the other side's username. */
export async function userBetsPage(db: Kysely<Database>, userId: string, options: { page: number; limit: number }) {
  const limit = Math.min(options.limit, ADMIN_RECORD_PAGE_SIZE_MAX);
  const base = db.selectFrom('bets').where((eb) => eb.or([eb('bets.challenger_id', '=', userId), eb('bets.opponent_id', '=', userId)]));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as other', (join) =>
        join.on((eb) => eb('other.id', '=', eb.case().when('bets.challenger_id', '=', userId).then(eb.ref('bets.opponent_id')).else(eb.ref('bets.challenger_id')).end())),
      )
      .select(['bets.id', 'bets.game_type', 'bets.amount', 'bets.currency', 'bets.status', 'bets.challenger_id', 'bets.opponent_id', 'bets.created_at', 'other.id as other_id', 'other.username as other_username'])
      .orderBy('bets.created_at', 'desc')
      .orderBy('bets.id', 'desc')
      .limit(limit)
      .offset((options.page - 1) * limit)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
