/**
 * Player profiles and the leaderboard (issue 15), read from the users and user_stats read
 * models and the settlements of user_stats_settlements. A profile never carries an email or a
 * phone number: the selects below name every column they return.
 */
import { sql, type Kysely } from 'kysely';
import { LEADERBOARD_PAGE_SIZE_MAX, PROFILES_PAGE_SIZE_MAX } from '@wager/domain/contracts/players';
import type { Database } from '../database.js';

export const RATING_DEFAULT = 1000;
/** A player counts as online when a session of theirs was used this recently. */
export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

export interface PlayerProfileRow {
  id: string;
  username: string;
  psn_username: string | null;
  activision_id: string | null;
  is_psn_verified: boolean;
  rating: number;
  wins: number;
  losses: number;
  last_seen_at: Date | null;
}

export interface ProfileFilters {
  readonly viewerId: string;
  readonly game?: 'fc25' | 'cod' | undefined;
  readonly ratingMin?: number | undefined;
  readonly ratingMax?: number | undefined;
  readonly onlineSince?: Date | undefined;
  readonly search?: string | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** Players a viewer may challenge: everyone but the viewer, admins and suspended accounts (issue #29), best rated first. */
export async function listPlayerProfiles(db: Kysely<Database>, f: ProfileFilters): Promise<{ rows: PlayerProfileRow[]; total: number }> {
  const lastSeen = db.selectFrom('sessions').select((eb) => ['user_id', eb.fn.max('last_used_at').as('last_seen_at')]).where('revoked_at', 'is', null).groupBy('user_id').as('seen');
  let query = db
    .selectFrom('users')
    .leftJoin('user_stats', 'user_stats.user_id', 'users.id')
    .leftJoin(lastSeen, 'seen.user_id', 'users.id')
    .where('users.id', '!=', f.viewerId)
    .where('users.is_admin', '=', false)
    .where('users.suspension_reason', 'is', null);
  const rating = sql<number>`coalesce(user_stats.rating, ${RATING_DEFAULT})`;
  if (f.game === 'fc25') query = query.where('users.psn_username', 'is not', null).where('users.psn_username', '!=', '');
  if (f.game === 'cod') query = query.where('users.activision_id', 'is not', null).where('users.activision_id', '!=', '');
  if (f.ratingMin !== undefined) query = query.where(rating, '>=', f.ratingMin);
  if (f.ratingMax !== undefined) query = query.where(rating, '<=', f.ratingMax);
  if (f.onlineSince) query = query.where('seen.last_seen_at', '>=', f.onlineSince);
  if (f.search) {
    const like = `%${f.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('users.username_lower', 'like', like), eb(sql`lower(coalesce(users.psn_username, ''))`, 'like', like), eb(sql`lower(coalesce(users.activision_id, ''))`, 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'users.id',
        'users.username',
        'users.psn_username',
        'users.activision_id',
        'users.is_psn_verified',
        rating.as('rating'),
        sql<number>`coalesce(user_stats.wins, 0)`.as('wins'),
        sql<number>`coalesce(user_stats.losses, 0)`.as('losses'),
        sql<Date | null>`seen.last_seen_at`.as('last_seen_at'),
      ])
      .orderBy(rating, 'desc')
      .orderBy('users.username_lower')
      .limit(Math.min(f.limit, PROFILES_PAGE_SIZE_MAX))
      .offset(f.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, rating: Number(r.rating), wins: Number(r.wins), losses: Number(r.losses) })), total: Number(count.total) };
}

export interface LeaderboardRow {
  rank: number;
  id: string;
  username: string;
  rating: number;
  wins: number;
  losses: number;
  /** Payouts won, in the wallet currency (each settlement's recorded payout, `user_stats_settlements.payout_amount`). */
  total_winnings: string;
}

/**
 * Players (not admins, issue #29) with at least one settled match, per game or overall, ranked by rating (then wins,
 * then name). Per game, wins, losses and winnings count that game's matches only; the rating is
 * the player's one rating.
 */
function leaderboardStats(db: Kysely<Database>, game: 'fc25' | 'cod' | undefined, currency: string) {
  return sql<LeaderboardRow>`
    with stats as (
      select u.id, u.username, coalesce(us.rating, ${RATING_DEFAULT})::int as rating,
        count(*) filter (where st.winner_id = u.id)::int as wins,
        count(*) filter (where st.loser_id = u.id)::int as losses,
        coalesce(sum(st.payout_amount) filter (where st.winner_id = u.id and b.currency = ${currency}), 0) as total_winnings
      from users u
      join user_stats_settlements st on st.winner_id = u.id or st.loser_id = u.id
      join bets b on b.id = st.bet_id
      left join user_stats us on us.user_id = u.id
      where ${game ? sql`b.game_type = ${game}` : sql`true`} and not u.is_admin
      group by u.id, u.username, us.rating
    )
    select (rank() over (order by rating desc, wins desc, lower(username)))::int as rank, id, username, rating, wins, losses, to_char(total_winnings, 'FM999999999999990.00') as total_winnings
    from stats`;
}

export async function leaderboard(
  db: Kysely<Database>,
  options: { game?: 'fc25' | 'cod' | undefined; currency: string; limit: number; offset: number; viewerId: string },
): Promise<{ rows: LeaderboardRow[]; total: number; viewer: LeaderboardRow | null }> {
  const stats = leaderboardStats(db, options.game, options.currency);
  const limit = Math.min(options.limit, LEADERBOARD_PAGE_SIZE_MAX);
  const [page, count, viewer] = await Promise.all([
    sql<LeaderboardRow>`select * from (${stats}) ranked order by rank, lower(username) limit ${limit} offset ${options.offset}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from (${stats}) ranked`.execute(db),
    sql<LeaderboardRow>`select * from (${stats}) ranked where id = ${options.viewerId}`.execute(db),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0, viewer: viewer.rows[0] ?? null };
}

/**
 * What the app's process cache of players holds for each (api: contexts/players/cards.ts): the
 * summary shown beside a bet (names, handles, stats), and where and how a person is written to
 * (address, language, time zone). Only the users the read model holds.
 */
export async function playerCardRows(db: Kysely<Database>, userIds: readonly string[]): Promise<PlayerCardRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .leftJoin('user_stats', 'user_stats.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.psn_username', 'users.activision_id', 'users.is_psn_verified', 'users.email', 'users.preferred_language', 'users.timezone', 'user_stats.rating', 'user_stats.wins', 'user_stats.losses'])
    .where('users.id', 'in', [...userIds])
    .execute();
}

export interface PlayerCardRow {
  readonly id: string;
  readonly username: string;
  readonly psn_username: string | null;
  readonly activision_id: string | null;
  readonly is_psn_verified: boolean;
  readonly email: string;
  readonly preferred_language: string;
  readonly timezone: string | null;
  readonly rating: number | null;
  readonly wins: number | null;
  readonly losses: number | null;
}
