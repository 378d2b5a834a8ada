import type { Kysely } from 'kysely';
import { TERMINAL_POOL_STATUSES } from '@wager/domain/pools/index';
import type { Database } from '../database.js';
import type { FplPoolParticipantRow, FplPoolRow } from './pools.table.js';

/** The most pools one list answers (newest first); far above what a player has. */
export const POOL_LIST_MAX = 200;

/** The pools a user created or entered, newest first (ties by id). */
export async function listUserPools(db: Kysely<Database>, userId: string): Promise<FplPoolRow[]> {
  return db
    .selectFrom('fpl_pools')
    .selectAll()
    .where((w) => w.or([w('creator_id', '=', userId), w('id', 'in', w.selectFrom('fpl_pool_participants').select('pool_id').where('user_id', '=', userId))]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(POOL_LIST_MAX)
    .execute();
}

/** Open public pools, the soonest first deadline first, then the newest (ties by id). */
export async function listPublicPools(db: Kysely<Database>): Promise<FplPoolRow[]> {
  return db.selectFrom('fpl_pools').selectAll().where('status', '=', 'open').where('is_private', '=', false).orderBy('first_deadline_at', 'asc').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(POOL_LIST_MAX).execute();
}

export async function findPool(db: Kysely<Database>, poolId: string): Promise<FplPoolRow | undefined> {
  return db.selectFrom('fpl_pools').selectAll().where('id', '=', poolId).executeTakeFirst();
}

/** The pool an invite code names (the oldest, should two ever share one: creation checks they do not). */
export async function findPoolByInviteCode(db: Kysely<Database>, inviteCode: string): Promise<FplPoolRow | undefined> {
  return db.selectFrom('fpl_pools').selectAll().where('invite_code', '=', inviteCode).orderBy('created_at', 'asc').limit(1).executeTakeFirst();
}

export type PoolParticipantView = FplPoolParticipantRow & { username: string | null };

/** A pool's entries by total points, descending (ties: the lower FPL team id first, as the tie rule ranks them). */
export async function poolParticipants(db: Kysely<Database>, poolId: string): Promise<PoolParticipantView[]> {
  return db
    .selectFrom('fpl_pool_participants as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select('u.username')
    .where('p.pool_id', '=', poolId)
    .orderBy('p.total_points', 'desc')
    .orderBy('p.fpl_team_id', 'asc')
    .execute();
}

export async function isParticipant(db: Kysely<Database>, poolId: string, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('fpl_pool_participants').select('user_id').where('pool_id', '=', poolId).where('user_id', '=', userId).executeTakeFirst());
}

/** Pools the calendar job must look at: open ones (start or cancel at the deadline) and ongoing ones (standings, settlement). */
export async function activePools(db: Kysely<Database>, limit: number): Promise<Pick<FplPoolRow, 'id' | 'status'>[]> {
  return db.selectFrom('fpl_pools').select(['id', 'status']).where('status', 'in', ['open', 'ongoing']).orderBy('first_deadline_at', 'asc').limit(limit).execute();
}

/** The ids of the pools a user has joined. */
export async function poolIdsJoinedBy(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  return new Set((await db.selectFrom('fpl_pool_participants').select('pool_id').where('user_id', '=', userId).execute()).map((r) => r.pool_id));
}

/** The ids of every pool a user created or entered (the personal-data export: a pool's name and description are its creator's). */
export async function poolIdsCreatedOrJoinedBy(db: Kysely<Database>, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('fpl_pools')
    .select('id')
    .where((w) => w.or([w('creator_id', '=', userId), w('id', 'in', w.selectFrom('fpl_pool_participants').select('pool_id').where('user_id', '=', userId))]))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The open public pools (the public list), at most `limit`. */
export async function openPublicPoolIds(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('fpl_pools').select('id').where('status', '=', 'open').where('is_private', '=', false).limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The pools a user created or entered, newest first. */
export async function poolIdsOfUser(db: Kysely<Database>, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('fpl_pools')
    .select('id')
    .where((w) => w.or([w('creator_id', '=', userId), w('id', 'in', w.selectFrom('fpl_pool_participants').select('pool_id').where('user_id', '=', userId))]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** How many pools the user entered that are not over yet (erasure waits for them). */
export async function countOpenPoolsOf(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('fpl_pool_participants as p')
    .innerJoin('fpl_pools as pool', 'pool.id', 'p.pool_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('p.user_id', '=', userId)
    .where('pool.status', 'not in', [...TERMINAL_POOL_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
