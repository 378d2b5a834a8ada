/**
 * The live context's part of the dispute trail: every event of the bet's match stream (what the
 * provider saw, manual reports, the tracked score, the tracker's suggestion and reports that
 * contradict it), each with who reported it (a provider, a player, an admin or the system) and
 * what it means as a casebook line, sides named as the players they are.
 */
import type { CasebookLine } from '@wager/domain/bets/casebook';
import { actorOf, matchStreamId, type LiveEvent, type Side } from '@wager/domain/live/index';
import { entryOf, type TrailContributor } from '../../runtime/trail.js';

export interface Sides {
  readonly challenger: string | null;
  readonly opponent: string | null;
}

/** What a match event means, in the casebook's terms; `sides` names the players (from `MatchTrackingStarted`). */
export function liveCasebookLine(event: LiveEvent, sides: Sides): CasebookLine {
  const who = (side: Side) => sides[side];
  switch (event.type) {
    case 'MatchTrackingStarted':
      return { code: 'tracking_started', params: { challengerId: event.data.challenger.userId, opponentId: event.data.opponent.userId, gameType: event.data.gameType } };
    case 'MatchStarted':
      return { code: 'match_started', params: { gameMode: event.data.gameMode, map: event.data.map, startTime: event.data.startTime } };
    case 'MatchProgressed':
      return { code: 'match_progressed', params: { minute: event.data.minute, status: event.data.status } };
    case 'GoalScored':
      return { code: 'goal_scored', params: { userId: who(event.data.side), player: event.data.player, minute: event.data.minute } };
    case 'HalfTime':
      return { code: 'half_time', params: { minute: event.data.minute } };
    case 'FullTime':
      return { code: 'full_time', params: { minute: event.data.minute } };
    case 'KillsRecorded':
      return { code: 'kills_recorded', params: { userId: who(event.data.side), ...event.data.stats } };
    case 'RoundWon':
      return { code: 'round_won', params: { userId: who(event.data.side), round: event.data.round } };
    case 'RoundLost':
      return { code: 'round_lost', params: { userId: who(event.data.side), round: event.data.round } };
    case 'MatchEnded': {
      const d = event.data;
      return { code: 'match_ended', params: { challengerId: sides.challenger, opponentId: sides.opponent, challengerScore: d.challengerScore, opponentScore: d.opponentScore, challengerKills: d.challengerKills, opponentKills: d.opponentKills } };
    }
    case 'ResultSuggested': {
      const s = event.data.suggestion;
      return { code: 'result_suggested', params: { winnerId: s.winnerId, basis: s.basis, challengerRaw: s.challengerRaw, opponentRaw: s.opponentRaw, handicap: s.handicap, challengerTotal: s.challengerTotal, opponentTotal: s.opponentTotal } };
    }
    case 'ManualEventReported':
      return { code: 'manual_event', params: { reporterId: event.data.reporter.kind === 'player' || event.data.reporter.kind === 'admin' ? event.data.reporter.userId : null, eventType: event.data.eventType, ...event.data.data } };
    case 'ReportContradictsTracker':
      return { code: 'report_contradicts_tracker', params: { reporterId: event.data.reporterId, reported: event.data.reported, suggestedWinnerId: event.data.suggestedWinnerId } };
    case 'TrackingClosed':
      return { code: 'tracking_closed', params: { reason: event.data.reason } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const liveTrail: TrailContributor = async (deps, betId) => {
  const streamId = matchStreamId(betId);
  const events = await deps.store.readStream(streamId);
  let sides: Sides = { challenger: null, opponent: null };
  const entries = events.map((recorded) => {
    const event = { type: recorded.type, data: recorded.data } as LiveEvent;
    if (event.type === 'MatchTrackingStarted') sides = { challenger: event.data.challenger.userId, opponent: event.data.opponent.userId };
    const reporter = event.data.reporter;
    const entry = entryOf('live', 'event', recorded, { summary: liveCasebookLine(event, sides) });
    return reporter ? { ...entry, actor: actorOf(reporter) } : entry;
  });
  return { entries, streams: events.length > 0 ? [streamId] : [] };
};
