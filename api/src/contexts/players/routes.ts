/**
 * The players context's HTTP surface (docs/api/players.md, issue 15): Find Opponents (player
 * profiles to challenge directly, never an email or a phone number) and the leaderboard.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playersContract, type LeaderboardEntryView, type PlayerProfileView } from '@wager/domain/contracts/players';
import { ONLINE_WINDOW_MS, leaderboard, listPlayerProfiles, type LeaderboardRow, type PlayerProfileRow } from '@wager/projections/players/queries';

export function profileJson(row: PlayerProfileRow, now: Date): PlayerProfileView {
  return {
    id: row.id,
    username: row.username,
    psnUsername: row.psn_username,
    activisionId: row.activision_id,
    isPsnVerified: row.is_psn_verified,
    // An Activision id is linked by the player; the platform has no stronger check of it yet.
    isActivisionVerified: Boolean(row.activision_id),
    rating: row.rating,
    wins: row.wins,
    losses: row.losses,
    online: Boolean(row.last_seen_at && now.getTime() - row.last_seen_at.getTime() <= ONLINE_WINDOW_MS),
    lastSeenAt: row.last_seen_at ? row.last_seen_at.toISOString() : null,
  };
}

function entryJson(row: LeaderboardRow): LeaderboardEntryView {
  const played = row.wins + row.losses;
  return { rank: row.rank, id: row.id, username: row.username, rating: row.rating, wins: row.wins, losses: row.losses, winRate: played ? Math.round((row.wins / played) * 100) : 0, totalWinnings: row.total_winnings };
}

export const playersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/opponents',
    {
      onRequest: app.requireUser,
      schema: playersContract.opponents,
    },
    async (request) => {
      const q = request.query;
      const now = app.deps.clock.now();
      const { rows, total } = await listPlayerProfiles(app.deps.db, {
        viewerId: request.auth!.userId,
        game: q.game,
        ratingMin: q.ratingMin,
        ratingMax: q.ratingMax,
        onlineSince: q.online === 'true' ? new Date(now.getTime() - ONLINE_WINDOW_MS) : undefined,
        search: q.search || undefined,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { players: rows.map((row) => profileJson(row, now)), page: q.page, totalPages: Math.max(1, Math.ceil(total / q.limit)) };
    },
  );

  app.get(
    '/api/leaderboard',
    {
      onRequest: app.requireUser,
      schema: playersContract.leaderboard,
    },
    async (request) => {
      const q = request.query;
      const currency = app.deps.config.WALLET_CURRENCY;
      const board = await leaderboard(app.deps.db, { game: q.game, currency, limit: q.limit, offset: (q.page - 1) * q.limit, viewerId: request.auth!.userId });
      return { entries: board.rows.map(entryJson), me: board.viewer ? entryJson(board.viewer) : null, currency, page: q.page, totalPages: Math.max(1, Math.ceil(board.total / q.limit)) };
    },
  );
};
