/** The FC25 stats adapter: the challenger's match feed, when its opponent there is the bet's opponent. */
import type { MatchSnapshot, Side } from '@wager/domain/live/index';
import { getJson, type HttpOptions, type MatchStatsProvider, type TrackedPair } from './port.js';
import { fc25PlayerMatchWire, type Fc25MatchWire } from './wire.js';
import { measuredFetch } from '../../runtime/metrics.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function fc25Snapshot(match: Fc25MatchWire, pair: TrackedPair): MatchSnapshot | null {
  const challengerIsHome = same(match.home.psnId, pair.challenger) && same(match.away.psnId, pair.opponent);
  const challengerIsAway = same(match.away.psnId, pair.challenger) && same(match.home.psnId, pair.opponent);
  if (!challengerIsHome && !challengerIsAway) return null;
  const sideOf = (team: 'home' | 'away' | null): Side | null => (team === null ? null : (team === 'home') === challengerIsHome ? 'challenger' : 'opponent');
  const [mine, theirs] = challengerIsHome ? [match.home, match.away] : [match.away, match.home];
  const [myPossession, theirPossession] = challengerIsHome ? [match.possession.home, match.possession.away] : [match.possession.away, match.possession.home];
  return {
    matchId: match.matchId,
    status: match.status,
    minute: match.minute,
    startTime: match.startTime,
    gameMode: match.gameMode,
    map: null,
    score: { challenger: mine.score, opponent: theirs.score },
    stats: { challenger: null, opponent: null },
    possession: { challenger: myPossession, opponent: theirPossession },
    teams: { challenger: null, opponent: null },
    events: match.events.map((e) => ({ id: e.id, type: e.type, minute: e.minute, side: sideOf(e.team), player: e.player, round: null })),
  };
}

export function createFc25StatsProvider(given: HttpOptions): MatchStatsProvider {
  const options: HttpOptions = { ...given, fetch: measuredFetch('match_stats_fc25', given.fetch) };
  return {
    game: 'fc25',
    async snapshot(pair: TrackedPair) {
      const answer = await getJson(options, `/v1/players/${encodeURIComponent(pair.challenger)}/match`, fc25PlayerMatchWire);
      return answer?.match ? fc25Snapshot(answer.match, pair) : null;
    },
  };
}
