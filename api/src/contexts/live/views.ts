/**
 * The live context's JSON: the spec's Live match (section 3), the COD live tracking records and
 * a COD player's live match, plus what this platform adds (the tracker's suggestion, manual
 * events, contradicting reports), as the routes answer them and /ws `match_update` carries them.
 */
import type { CodPlayerLiveView as CodPlayerLiveJson, LiveMatchView as LiveMatchJson } from '@wager/domain/contracts/live';
import { TEAM_PLAYERS_SHOWN_MAX } from '@wager/domain/live/index';
import type { LiveMatchRow } from '@wager/projections/live/live.table';

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
