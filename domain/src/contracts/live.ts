/**
 * The live context's contract (docs/api/live.md): a bet's tracked match (spec section 7 Live
 * match, with the tracker's suggestion, manual events and contradicting reports), COD live
 * tracking, a COD player's live match and a manual event, as zod schemas the API validates and
 * serializes with and the web app's query functions are typed by. Answers are strict objects.
 */
import { z } from 'zod';
import type { ManualEventType } from '../live/events.js';

import { uuid, errorBody, refusals } from './common.js';

export const playerStatsView = z.strictObject({ kills: z.number(), deaths: z.number(), assists: z.number(), damage: z.number() });
export type PlayerStatsView = z.infer<typeof playerStatsView>;
export const teamInfoView = z.strictObject({ teamName: z.string(), teamSize: z.number(), players: z.array(z.string()) });
export type TeamInfoView = z.infer<typeof teamInfoView>;
export const liveMatchEventView = z.strictObject({
  id: z.string(),
  type: z.string(),
  minute: z.number(),
  player: z.string(),
  details: z.string(),
  timestamp: z.string(),
  side: z.enum(['challenger', 'opponent']).nullable(),
  source: z.string(),
});
export type LiveMatchEventView = z.infer<typeof liveMatchEventView>;
export const suggestionView = z.strictObject({
  matchId: z.string(),
  winnerId: z.string().nullable(),
  basis: z.enum(['goals', 'kills']),
  challengerRaw: z.number(),
  opponentRaw: z.number(),
  handicap: z.number(),
  challengerTotal: z.number(),
  opponentTotal: z.number(),
  at: z.string(),
});
export type SuggestionView = z.infer<typeof suggestionView>;
export const manualEventView = z.strictObject({ id: z.string(), reporterId: z.string(), eventType: z.string(), data: z.record(z.string(), z.number()), at: z.string() });
export type ManualEventView = z.infer<typeof manualEventView>;

/** GET /api/matches/:betId and /ws `match_update`: the spec's Live match and what this platform adds. */
export const liveMatchView = z.strictObject({
  betId: z.string(),
  gameType: z.string(),
  status: z.enum(['waiting', 'in_progress', 'completed', 'paused']),
  tracking: z.enum(['tracking', 'closed']),
  matchId: z.string().nullable(),
  currentMinute: z.number(),
  matchDuration: z.number().nullable(),
  challengerScore: z.number(),
  opponentScore: z.number(),
  challengerKills: z.number(),
  opponentKills: z.number(),
  challengerDeaths: z.number(),
  opponentDeaths: z.number(),
  currentRound: z.number(),
  totalRounds: z.number(),
  possession: z.strictObject({ challenger: z.number(), opponent: z.number() }),
  events: z.array(liveMatchEventView),
  gameMode: z.string().nullable(),
  map: z.string().nullable(),
  startTime: z.string().nullable(),
  challengerStats: playerStatsView.nullable(),
  opponentStats: playerStatsView.nullable(),
  teams: z.strictObject({ challenger: teamInfoView.nullable(), opponent: teamInfoView.nullable() }),
  manualEvents: z.array(manualEventView),
  suggestion: suggestionView.nullable(),
  flags: z.array(z.strictObject({ reporterId: z.string(), reported: z.string(), suggestedWinnerId: z.string().nullable(), at: z.string() })),
  lastUpdate: z.string(),
});
export type LiveMatchView = z.infer<typeof liveMatchView>;

export const liveTrackingRecordView = z.strictObject({ matchId: z.string(), gameMode: z.string().nullable(), map: z.string().nullable(), startTime: z.string() });
export type LiveTrackingRecordView = z.infer<typeof liveTrackingRecordView>;
export const liveTrackingView = z.strictObject({ liveTracking: z.array(liveTrackingRecordView) });
export type LiveTrackingView = z.infer<typeof liveTrackingView>;

/** A COD player's live match as the tracker last saw it (only the first players of each team). */
export const codPlayerLiveView = z.strictObject({
  isLive: z.boolean(),
  match: z
    .strictObject({ matchId: z.string(), gameMode: z.string().nullable(), map: z.string().nullable(), startTime: z.string().nullable(), playerStats: playerStatsView, teamInfo: teamInfoView })
    .nullable(),
});
export type CodPlayerLiveView = z.infer<typeof codPlayerLiveView>;

/**
 * A manual event as sent. The type and the numbers are checked by the decider (its refusals name
 * the field), so the wire accepts anything there; the client sends a `ManualEventType` and integers.
 */
export const reportEventBody = z.object({ eventType: z.unknown().optional(), data: z.unknown().optional(), clientEventId: uuid.optional() });
export type ReportEventInput = { eventType: ManualEventType; data: Record<string, number>; clientEventId: string };
export const reportedEventView = z.strictObject({ id: z.string(), betId: z.string(), eventType: z.string(), data: z.record(z.string(), z.number()), reporterId: z.string(), at: z.string() });
export type ReportedEventView = z.infer<typeof reportedEventView>;

const betParams = z.object({ betId: uuid });

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export const liveContract = {
  /** GET /api/matches/:betId */
  match: { params: betParams, response: { 200: liveMatchView, ...refusals } },
  /** GET /api/cod/bets/:betId/live-tracking */
  liveTracking: { params: betParams, response: { 200: liveTrackingView, ...refusals } },
  /** GET /api/cod/player/:activisionId/live */
  codPlayerLive: { params: z.object({ activisionId: z.string().trim().min(1).max(100) }), response: { 200: codPlayerLiveView, ...refusals } },
  /** POST /api/cod/bets/:betId/report-event */
  reportEvent: { params: betParams, body: reportEventBody, response: { 201: reportedEventView, ...refusals } },
};
