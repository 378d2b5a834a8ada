import { sql, type Kysely, type Transaction } from 'kysely';
import { TERMINAL_BET_STATUSES } from '@wager/domain/bets/index';
import { AMOUNT_RANGE_HIGH_ABOVE_USD, AMOUNT_RANGE_LOW_BELOW_USD, USD_RATES, maskPsnName, type AmountRange } from '@wager/domain/bets/rules';
import { APPEAL_QUEUE_STATUSES, BET_LIST_FILTERS, PUBLIC_CHALLENGES_PAGE_SIZE_DEFAULT, PUBLIC_CHALLENGES_PAGE_SIZE_MAX, SEARCH_LENGTH_MAX, type AppealQueueStatus, type BetListFilter } from '@wager/domain/contracts/bets';
import type { Database } from '../database.js';
import type { BetDeadlineRow, BetRow, BetTrailRow } from './bets.table.js';
import { RATING_INITIAL } from './user-stats.projector.js';

type Db = Kysely<Database> | Transaction<Database>;

export const BETS_PAGE_SIZE_MAX = 100;
// The page sizes, filters and search limit the bets contract states (the routes' querystrings).
export { APPEAL_QUEUE_STATUSES, BET_LIST_FILTERS, PUBLIC_CHALLENGES_PAGE_SIZE_DEFAULT, PUBLIC_CHALLENGES_PAGE_SIZE_MAX, SEARCH_LENGTH_MAX, type AppealQueueStatus, type BetListFilter };

/** Spec section 3: the user summary shown beside a bet. */
export interface UserSummary {
  id: string;
  username: string;
  psnUsername: string | null;
  activisionId: string | null;
  isPsnVerified: boolean;
  rating: number;
  wins: number;
  losses: number;
}

export async function userSummaries(db: Db, userIds: readonly string[]): Promise<Map<string, UserSummary>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_stats', 'user_stats.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.psn_username', 'users.activision_id', 'users.is_psn_verified', 'user_stats.rating', 'user_stats.wins', 'user_stats.losses'])
    .where('users.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, userSummaryOf(r)]));
}

/** The summary of a user row joined with its stats (1000 / 0 / 0 before their first settled bet). */
export function userSummaryOf(r: { id: string; username: string; psn_username: string | null; activision_id: string | null; is_psn_verified: boolean; rating: number | null; wins: number | null; losses: number | null }): UserSummary {
  return {
    id: r.id,
    username: r.username,
    psnUsername: r.psn_username,
    activisionId: r.activision_id,
    isPsnVerified: r.is_psn_verified,
    rating: r.rating ?? RATING_INITIAL,
    wins: r.wins ?? 0,
    losses: r.losses ?? 0,
  };
}

/** Rating, wins and losses of one user (1000 / 0 / 0 before their first settled bet). */
export async function findUserStats(db: Db, userId: string): Promise<{ rating: number; wins: number; losses: number }> {
  const row = await db.selectFrom('user_stats').select(['rating', 'wins', 'losses']).where('user_id', '=', userId).executeTakeFirst();
  return row ?? { rating: RATING_INITIAL, wins: 0, losses: 0 };
}

export async function findBet(db: Db, betId: string): Promise<BetRow | undefined> {
  return db.selectFrom('bets').selectAll().where('id', '=', betId).executeTakeFirst();
}

export async function findBetByInviteLink(db: Db, inviteLinkId: string): Promise<BetRow | undefined> {
  return db.selectFrom('bets').selectAll().where('invite_link_id', '=', inviteLinkId).executeTakeFirst();
}

/** The `closed` list: every bet of mine that is over, with its state (settled, voided by an admin or the deadline, expired unaccepted). */
export const CLOSED_BET_STATUSES = ['completed', 'voided', 'expired'] as const;

export async function listUserBets(db: Db, userId: string, filter?: BetListFilter, limit = BETS_PAGE_SIZE_MAX): Promise<BetRow[]> {
  let q = db.selectFrom('bets').selectAll();
  switch (filter) {
    case 'active':
      q = q.where((eb) => eb.and([eb('status', 'in', ['accepted', 'in_progress']), eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)])]));
      break;
    case 'pending':
      q = q.where('status', '=', 'pending').where('opponent_id', '=', userId);
      break;
    case 'created':
      q = q.where('challenger_id', '=', userId).where('status', '=', 'pending');
      break;
    case 'closed':
      q = q.where('status', 'in', [...CLOSED_BET_STATUSES]).where((eb) => eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)]));
      break;
    case 'completed':
    case 'disputed':
      q = q.where('status', '=', filter).where((eb) => eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)]));
      break;
    case undefined:
      q = q.where((eb) => eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)]));
      break;
    default: {
      const unexpected: never = filter;
      return unexpected;
    }
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(Math.min(limit, BETS_PAGE_SIZE_MAX)).execute();
}

export interface PublicChallengeFilters {
  now: Date;
  page: number;
  limit: number;
  search?: string | undefined;
  currency?: string | undefined;
  gameType?: string | undefined;
  amountRange?: AmountRange | undefined;
}

const usdAmount = sql<string>`(bets.amount / case bets.currency ${sql.join(
  Object.entries(USD_RATES).map(([cur, rate]) => sql`when ${cur} then ${rate}::numeric`),
  sql` `,
)} else 1 end)`;

/** The marketplace: pending, public, unexpired challenges, newest first, with the creator's masked PSN name. */
export async function listPublicChallenges(db: Db, f: PublicChallengeFilters) {
  const limit = Math.min(Math.max(1, f.limit), PUBLIC_CHALLENGES_PAGE_SIZE_MAX);
  let q = db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.challenger_id')
    .where('bets.status', '=', 'pending')
    .where('bets.visibility', '=', 'public')
    .where('bets.invited_opponent_id', 'is', null)
    .where('bets.expires_at', '>', f.now);
  if (f.search) q = q.where('users.username_lower', 'like', `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.currency) q = q.where('bets.currency', '=', f.currency);
  if (f.gameType) q = q.where('bets.game_type', '=', f.gameType);
  if (f.amountRange === 'low') q = q.where(usdAmount, '<', sql<string>`${AMOUNT_RANGE_LOW_BELOW_USD}::numeric`);
  if (f.amountRange === 'medium') q = q.where(usdAmount, '>=', sql<string>`${AMOUNT_RANGE_LOW_BELOW_USD}::numeric`).where(usdAmount, '<=', sql<string>`${AMOUNT_RANGE_HIGH_ABOVE_USD}::numeric`);
  if (f.amountRange === 'high') q = q.where(usdAmount, '>', sql<string>`${AMOUNT_RANGE_HIGH_ABOVE_USD}::numeric`);
  const { count } = await q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('bets')
    .select(['users.username as challenger_username', 'users.psn_username as challenger_psn_username'])
    .orderBy('bets.created_at', 'desc')
    .orderBy('bets.id', 'desc')
    .limit(limit)
    .offset((Math.max(1, f.page) - 1) * limit)
    .execute();
  return {
    rows: rows.map((r) => ({ ...r, challenger_psn_username: maskPsnName(r.challenger_psn_username) })),
    totalPages: Math.ceil(Number(count) / limit),
  };
}

/**
 * The admin's dispute queue, oldest dispute first: each disputed bet with the time its dispute
 * opened, read from its `BetDisputed` in the bet's trail (the bet's own time, not when the row
 * last changed).
 */
export async function listDisputedBets(db: Db, limit = BETS_PAGE_SIZE_MAX): Promise<(BetRow & { disputed_at: Date })[]> {
  const disputedAt = sql<Date>`coalesce((select (t.data->>'disputedAt')::timestamptz from bet_trail t where t.bet_id = bets.id and t.type = 'BetDisputed' order by t.commit_position desc, t.prepare_position desc limit 1), bets.updated_at)`;
  return db
    .selectFrom('bets')
    .selectAll()
    .select(disputedAt.as('disputed_at'))
    .where('status', '=', 'disputed')
    .orderBy(disputedAt, 'asc')
    .orderBy('id', 'asc')
    .limit(Math.min(limit, BETS_PAGE_SIZE_MAX))
    .execute();
}


/** The admin's appeals queue: open appeals the longest waiting first, or decided ones the newest first (ties on time by id, so the page is the same on every read). */
export async function listAppeals(db: Db, status: AppealQueueStatus, limit = BETS_PAGE_SIZE_MAX): Promise<BetRow[]> {
  const query = db.selectFrom('bets').selectAll();
  if (status === 'open') return query.where('appeal_status', '=', 'open').orderBy('appealed_at', 'asc').orderBy('id').limit(limit).execute();
  return query.where('appeal_status', 'in', ['upheld', 'overturned']).orderBy('appeal_decided_at', 'desc').orderBy('id').limit(limit).execute();
}

/** Deadlines due at `now`, oldest first. The scheduler takes each under an advisory lock. */
export async function dueDeadlines(db: Db, now: Date, limit: number): Promise<BetDeadlineRow[]> {
  return db.selectFrom('bet_deadlines').selectAll().where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
}

export async function betTrail(db: Db, betId: string): Promise<BetTrailRow[]> {
  return db.selectFrom('bet_trail').selectAll().where('bet_id', '=', betId).orderBy('commit_position').orderBy('prepare_position').execute();
}


/** The game, stake and currency of some bets, by id (for lists that show what a chat is about). */
export async function betHeadlines(db: Db, betIds: readonly string[]): Promise<Map<string, Pick<BetRow, 'id' | 'game_type' | 'amount' | 'currency'>>> {
  if (betIds.length === 0) return new Map();
  const rows = await db.selectFrom('bets').select(['id', 'game_type', 'amount', 'currency']).where('id', 'in', betIds).execute();
  return new Map(rows.map((b) => [b.id, b]));
}

/** Of these bets, the ones still in play (not cancelled, expired, completed or voided). */
export async function betIdsInPlay(db: Db, betIds: readonly string[]): Promise<Set<string>> {
  if (betIds.length === 0) return new Set();
  const rows = await db.selectFrom('bets').select('id').where('id', 'in', [...betIds]).where('status', 'not in', ['cancelled', 'expired', 'completed', 'voided']).execute();
  return new Set(rows.map((r) => r.id));
}

/** The open public challenges (the marketplace's live list), at most `limit`. */
export async function openPublicChallengeIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('bets').select('id').where('status', '=', 'pending').where('visibility', '=', 'public').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The bets a user is a side of or invited to, newest first. */
export async function betIdsOfUser(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bets')
    .select('id')
    .where((w) => w.or([w('challenger_id', '=', userId), w('opponent_id', '=', userId), w('invited_opponent_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A bet's two sides (the opponent null until accepted). */
export async function findBetSides(db: Db, betId: string): Promise<Pick<BetRow, 'id' | 'challenger_id' | 'opponent_id'> | undefined> {
  return db.selectFrom('bets').select(['id', 'challenger_id', 'opponent_id']).where('id', '=', betId).executeTakeFirst();
}

/** How many of the player's bets are not over yet (erasure waits for them). */
export async function countOpenBetsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)]))
    .where('status', 'not in', [...TERMINAL_BET_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the bets a player created or accepted, oldest first, ties by id (the personal-data export). */
export async function betIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('bets').select('id').where((eb) => eb.or([eb('challenger_id', '=', userId), eb('opponent_id', '=', userId)])).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** A bet with its chat and the evidence each player reported (retention and erasure purge them). */
export type BetWithChatEvidence = Pick<BetRow, 'challenger_id' | 'opponent_id' | 'challenger_evidence' | 'opponent_evidence'> & { betId: string; chatId: string };

/** The player's bets that have a chat, with their evidence (erasure removes the files they uploaded). */
export function betsWithChatOf(db: Db, userId: string): Promise<BetWithChatEvidence[]> {
  return db
    .selectFrom('bets as b')
    .innerJoin('chats as c', 'c.bet_id', 'b.id')
    .select(['b.id as betId', 'c.id as chatId', 'b.challenger_id', 'b.opponent_id', 'b.challenger_evidence', 'b.opponent_evidence'])
    .where((eb) => eb.or([eb('b.challenger_id', '=', userId), eb('b.opponent_id', '=', userId)]))
    .execute();
}

/**
 * Ended bets whose chat is not purged yet, last changed at or before `cutoff`, with no appeal open
 * or still possible at `now`, oldest first: the candidates of the retention job (which decides
 * with `retentionDue`).
 */
export function betsEndedBefore(db: Db, options: { cutoff: Date; now: Date; limit: number }) {
  const { cutoff, now, limit } = options;
  return db
    .selectFrom('bets as b')
    .innerJoin('chats as c', 'c.bet_id', 'b.id')
    .select(['b.id as betId', 'c.id as chatId', 'b.status', 'b.updated_at', 'b.appeal_status', 'b.appeal_deadline_at', 'b.challenger_id', 'b.opponent_id', 'b.challenger_evidence', 'b.opponent_evidence'])
    .where('c.purged_at', 'is', null)
    .where('b.status', 'in', [...TERMINAL_BET_STATUSES])
    .where('b.updated_at', '<=', cutoff)
    .where((eb) => eb.or([eb('b.appeal_status', 'is', null), eb('b.appeal_status', '!=', 'open')]))
    .where((eb) => eb.or([eb('b.appeal_deadline_at', 'is', null), eb('b.appeal_deadline_at', '<=', now), eb('b.appeal_status', 'is not', null)]))
    .orderBy('b.updated_at')
    .limit(limit)
    .execute();
}

/**
 * Whether a bet other than `exceptBetId`, whose chat has not let the file go, references the
 * evidence file `sha256` (files are content-addressed: the same bytes in two bets are one file).
 */
export async function evidenceHeldByAnotherBet(db: Db, sha256: string, exceptBetId: string): Promise<boolean> {
  const needle = JSON.stringify([{ sha256 }]);
  const row = await db
    .selectFrom('bets as b')
    .innerJoin('chats as c', 'c.bet_id', 'b.id')
    .select('b.id')
    .where('b.id', '!=', exceptBetId)
    .where(sql<boolean>`not (c.purged_evidence ? ${sha256})`)
    .where(sql<boolean>`(b.challenger_evidence @> ${needle}::jsonb or b.opponent_evidence @> ${needle}::jsonb)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
