/**
 * The players context's contract (docs/api/players.md): Find Opponents (player profiles to
 * challenge directly, never an email or a phone number) and the leaderboard, as zod schemas the
 * API validates and serializes with and the web app's query functions are typed by. Answers are
 * strict objects: a field the contract does not describe (an email, say) fails the request.
 */
import { z } from 'zod';
import { GAME_TYPES } from '../bets/rules.js';

import { errorBody, refusals } from './common.js';

/** Profiles per page of Find Opponents, at most. */
export const PROFILES_PAGE_SIZE_MAX = 50;
export const PROFILES_PAGE_SIZE_DEFAULT = 20;
/** Rows per page of the leaderboard, at most. */
export const LEADERBOARD_PAGE_SIZE_MAX = 100;
export const LEADERBOARD_PAGE_SIZE_DEFAULT = 10;
export const SEARCH_LENGTH_MAX = 50;

/** One game, or every game (`''` or `all`, as the filters send it). */
const game = z.enum(GAME_TYPES).optional().or(z.literal('').transform(() => undefined)).or(z.literal('all').transform(() => undefined));
const rating = z.coerce.number().int().min(0).max(10_000).optional();
const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const playerProfileView = z.strictObject({
  id: z.string(),
  username: z.string(),
  psnUsername: z.string().nullable(),
  activisionId: z.string().nullable(),
  isPsnVerified: z.boolean(),
  isActivisionVerified: z.boolean(),
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type PlayerProfileView = z.infer<typeof playerProfileView>;

export const leaderboardEntryView = z.strictObject({ rank: z.number(), id: z.string(), username: z.string(), rating: z.number(), wins: z.number(), losses: z.number(), winRate: z.number(), totalWinnings: z.string() });
export type LeaderboardEntryView = z.infer<typeof leaderboardEntryView>;

export const opponentsQuery = z.object({
  game,
  ratingMin: rating,
  ratingMax: rating,
  online: z.enum(['true', 'false']).optional(),
  search: z.string().trim().max(SEARCH_LENGTH_MAX).optional(),
  page,
  limit: z.coerce.number().int().min(1).max(PROFILES_PAGE_SIZE_MAX).default(PROFILES_PAGE_SIZE_DEFAULT),
});
export const opponentsView = z.strictObject({ players: z.array(playerProfileView), page: z.number(), totalPages: z.number() });
export type OpponentsView = z.infer<typeof opponentsView>;

export const leaderboardQuery = z.object({ game, page, limit: z.coerce.number().int().min(1).max(LEADERBOARD_PAGE_SIZE_MAX).default(LEADERBOARD_PAGE_SIZE_DEFAULT) });
export const leaderboardView = z.strictObject({ entries: z.array(leaderboardEntryView), me: leaderboardEntryView.nullable(), currency: z.string(), page: z.number(), totalPages: z.number() });
export type LeaderboardView = z.infer<typeof leaderboardView>;

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export const playersContract = {
  /** GET /api/opponents — Find Opponents. */
  opponents: { querystring: opponentsQuery, response: { 200: opponentsView, ...refusals } },
  /** GET /api/leaderboard */
  leaderboard: { querystring: leaderboardQuery, response: { 200: leaderboardView, ...refusals } },
};
