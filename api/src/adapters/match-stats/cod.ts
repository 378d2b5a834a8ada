/**
 * The COD stats adapter: reads both players' feeds and, when both show the same match, makes the
 * bet's snapshot (each side's stats from its own feed, the rounds from the challenger's side).
 */
import type { MatchSnapshot, SnapshotEvent } from '@wager/domain/live/index';
import { getJson, type HttpOptions, type MatchStatsProvider, type TrackedPair } from './port.js';
import { codPlayerLiveWire, type CodMatchWire, type CodPlayerLive } from './wire.js';
import { measuredFetch } from '../../runtime/metrics.js';

export interface CodStatsProvider extends MatchStatsProvider {
  /** One player's feed (the spec's `isLive`, `match`). */
  playerLive(activisionId: string): Promise<CodPlayerLive>;
}

export function codSnapshot(challenger: CodMatchWire, opponent: CodMatchWire): MatchSnapshot {
  const rounds: SnapshotEvent[] = challenger.rounds.map((r) => ({ id: `round-${r.round}`, type: 'round_won', minute: 0, side: r.won ? 'challenger' : 'opponent', player: null, round: r.round }));
  const won = challenger.rounds.filter((r) => r.won).length;
  return {
    matchId: challenger.matchId,
    status: challenger.status === 'completed' || opponent.status === 'completed' ? 'completed' : challenger.status,
    minute: challenger.minutesPlayed,
    startTime: challenger.startTime,
    gameMode: challenger.gameMode,
    map: challenger.map,
    score: { challenger: won, opponent: challenger.rounds.length - won },
    stats: { challenger: challenger.playerStats, opponent: opponent.playerStats },
    possession: null,
    teams: { challenger: challenger.teamInfo, opponent: opponent.teamInfo },
    events: rounds,
  };
}

export function createCodStatsProvider(given: HttpOptions): CodStatsProvider {
  const options: HttpOptions = { ...given, fetch: measuredFetch('match_stats_cod', given.fetch) };
  const playerLive = async (activisionId: string): Promise<CodPlayerLive> =>
    (await getJson(options, `/v1/players/${encodeURIComponent(activisionId)}/live`, codPlayerLiveWire)) ?? { isLive: false, match: null };
  return {
    game: 'cod',
    playerLive,
    async snapshot(pair: TrackedPair) {
      const [a, b] = [await playerLive(pair.challenger), await playerLive(pair.opponent)];
      if (!a.match || !b.match || a.match.matchId !== b.match.matchId) return null;
      return codSnapshot(a.match, b.match);
    },
  };
}
