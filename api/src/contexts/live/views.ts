/**
 * The live context's JSON: the spec's Live match (section 3), the COD live tracking records and
 * a COD player's live match, plus what this platform adds (the tracker's suggestion, manual
 * events, contradicting reports), as the routes answer them and /ws `match_update` carries them.
 */
import { z } from 'zod';
import { TEAM_PLAYERS_SHOWN_MAX } from '@wager/domain/live/index';
import type { LiveMatchRow } from '@wager/projections/live/live.table';

const stats = z.object({ kills: z.number(), deaths: z.number(), assists: z.number(), damage: z.number() });
const team = z.object({ teamName: z.string(), teamSize: z.number(), players: z.array(z.string()) });

export const liveMatchJson = z.object({
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
  possession: z.object({ challenger: z.number(), opponent: z.number() }),
  events: z.array(z.object({ id: z.string(), type: z.string(), minute: z.number(), player: z.string(), details: z.string(), timestamp: z.string(), side: z.string().nullable(), source: z.string() })),
  gameMode: z.string().nullable(),
  map: z.string().nullable(),
  startTime: z.string().nullable(),
  challengerStats: stats.nullable(),
  opponentStats: stats.nullable(),
  teams: z.object({ challenger: team.nullable(), opponent: team.nullable() }),
  manualEvents: z.array(z.object({ id: z.string(), reporterId: z.string(), eventType: z.string(), data: z.record(z.string(), z.number()), at: z.string() })),
  suggestion: z
    .object({
      matchId: z.string(),
      winnerId: z.string().nullable(),
      basis: z.enum(['goals', 'kills']),
      challengerRaw: z.number(),
      opponentRaw: z.number(),
      handicap: z.number(),
      challengerTotal: z.number(),
      opponentTotal: z.number(),
      at: z.string(),
    })
    .nullable(),
  flags: z.array(z.object({ reporterId: z.string(), reported: z.string(), suggestedWinnerId: z.string().nullable(), at: z.string() })),
  lastUpdate: z.string(),
});
export type LiveMatchJson = z.infer<typeof liveMatchJson>;

const teamOf = (t: LiveMatchRow['view']['teams']['challenger']) => (t ? { teamName: t.teamName, teamSize: t.teamSize, players: t.players.slice(0, TEAM_PLAYERS_SHOWN_MAX) } : null);

export function toLiveMatchJson(row: LiveMatchRow): LiveMatchJson {
  const v = row.view;
  return {
    betId: row.bet_id,
    gameType: row.game_type,
    status: v.status,
    tracking: row.tracking === 'tracking' ? 'tracking' : 'closed',
    matchId: v.matchId,
    currentMinute: v.currentMinute,
    matchDuration: v.matchDuration,
    challengerScore: v.challengerScore,
    opponentScore: v.opponentScore,
    challengerKills: v.stats.challenger?.kills ?? 0,
    opponentKills: v.stats.opponent?.kills ?? 0,
    challengerDeaths: v.stats.challenger?.deaths ?? 0,
    opponentDeaths: v.stats.opponent?.deaths ?? 0,
    currentRound: v.currentRound,
    totalRounds: v.totalRounds,
    possession: v.possession,
    events: [...v.events],
    gameMode: v.gameMode,
    map: v.map,
    startTime: v.startTime,
    challengerStats: v.stats.challenger,
    opponentStats: v.stats.opponent,
    teams: { challenger: teamOf(v.teams.challenger), opponent: teamOf(v.teams.opponent) },
    manualEvents: v.manualEvents.map((m) => ({ ...m, data: { ...m.data } })),
    suggestion: v.suggestion,
    flags: [...v.flags],
    lastUpdate: row.last_update.toISOString(),
  };
}

export const liveTrackingJson = z.object({ liveTracking: z.array(z.object({ matchId: z.string(), gameMode: z.string().nullable(), map: z.string().nullable(), startTime: z.string() })) });

export const codPlayerLiveJson = z.object({
  isLive: z.boolean(),
  match: z.object({ matchId: z.string(), gameMode: z.string().nullable(), map: z.string().nullable(), startTime: z.string().nullable(), playerStats: stats, teamInfo: team }).nullable(),
});
export type CodPlayerLiveJson = z.infer<typeof codPlayerLiveJson>;

/** One player's live COD match as the tracker last saw it (spec: isLive, match; only the first 4 team players). */
export function toCodPlayerLive(row: LiveMatchRow | undefined, activisionId: string): CodPlayerLiveJson {
  if (!row || row.view.status === 'waiting' || row.view.status === 'completed' || row.tracking === 'closed' || !row.view.matchId) return { isLive: false, match: null };
  const side = row.challenger_handle?.toLowerCase() === activisionId.toLowerCase() ? 'challenger' : 'opponent';
  const v = row.view;
  const info = v.teams[side];
  return {
    isLive: true,
    match: {
      matchId: v.matchId!,
      gameMode: v.gameMode,
      map: v.map,
      startTime: v.startTime,
      playerStats: v.stats[side] ?? { kills: 0, deaths: 0, assists: 0, damage: 0 },
      teamInfo: info ? { teamName: info.teamName, teamSize: info.teamSize, players: info.players.slice(0, TEAM_PLAYERS_SHOWN_MAX) } : { teamName: '', teamSize: 0, players: [] },
    },
  };
}
