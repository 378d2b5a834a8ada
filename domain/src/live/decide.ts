import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../shared/errors.js';
import type { CheckReport, CloseTracking, IngestSnapshot, LiveCommand, ReportManualEvent, StartTracking } from './commands.js';
import type { LiveEvent, Reporter, Side } from './events.js';
import { MANUAL_EVENTS_PER_WINDOW_MAX, MANUAL_EVENT_WINDOW_MS, liveMessages, parseManualEvent } from './rules.js';
import { observationsOf, type MatchSnapshot, type Observation } from './snapshot.js';
import { evolve, manualFingerprint, matchVerdict, type LiveState, type TrackedMatch } from './state.js';
import { contradicts, suggestResult } from './suggest.js';

function startTracking(command: StartTracking, state: LiveState): LiveEvent[] {
  if (state.status !== 'none') return [];
  const d = command.data;
  if (d.challenger.userId === d.opponent.userId) throw new ValidationError('A match needs two different players');
  return [{ type: 'MatchTrackingStarted', data: { ...d, reporter: { kind: 'system' }, at: command.metadata.now.toISOString() } }];
}

const other = (side: Side): Side => (side === 'challenger' ? 'opponent' : 'challenger');

/** The events one new observation records (none for a provider's match_start event: `started` covers it). */
function eventsOf(o: Observation, s: MatchSnapshot, match: TrackedMatch, base: { betId: string; reporter: Reporter; at: string; matchId: string }): LiveEvent[] {
  const common = { ...base, observationKey: o.key };
  switch (o.kind) {
    case 'started':
      return [{ type: 'MatchStarted', data: { ...common, gameMode: s.gameMode, map: s.map, startTime: s.startTime, teams: s.teams } }];
    case 'progress':
      return [{ type: 'MatchProgressed', data: { ...common, minute: s.minute, status: s.status === 'paused' ? 'paused' : 'in_progress', possession: s.possession } }];
    case 'stats':
      return [{ type: 'KillsRecorded', data: { ...common, side: o.side, stats: o.stats } }];
    case 'ended':
      return [{ type: 'MatchEnded', data: { ...common, minute: s.minute, challengerScore: s.score.challenger, opponentScore: s.score.opponent, challengerKills: match.kills.challenger, opponentKills: match.kills.opponent } }];
    case 'event': {
      const e = o.event;
      const side = e.side ?? 'challenger';
      if (e.type === 'goal') return [{ type: 'GoalScored', data: { ...common, side, minute: e.minute, player: e.player ?? '' } }];
      if (e.type === 'half_time') return [{ type: 'HalfTime', data: { ...common, minute: e.minute } }];
      if (e.type === 'full_time') return [{ type: 'FullTime', data: { ...common, minute: e.minute } }];
      if (e.type === 'round_won') {
        const round = e.round ?? 0;
        return [
          { type: 'RoundWon', data: { ...common, side, round } },
          { type: 'RoundLost', data: { ...common, observationKey: `${o.key}/lost`, side: other(side), round } },
        ];
      }
      return [];
    }
  }
}

/**
 * Appends what the provider shows that was not recorded before, in order; a completed match also
 * gets the tracker's suggestion. Only the bet's own match is recorded: the one it is bound to, or,
 * before it is bound, one that started at or after the acceptance and whose claim names this bet
 * (matchVerdict). Once the bet left `accepted` nothing more is recorded, except the end of the
 * match being played when the bet was disputed (stillIngesting).
 */
function ingestSnapshot(command: IngestSnapshot, state: LiveState): LiveEvent[] {
  const s = command.data.snapshot;
  const verdict = matchVerdict(state, s);
  if (verdict.kind === 'ignore' || (verdict.kind === 'claim' && !command.data.claimedByBet) || state.status === 'none') return [];
  const base = { betId: state.betId, reporter: { kind: 'provider', provider: command.data.provider } as const, at: command.metadata.now.toISOString(), matchId: s.matchId };
  let match: TrackedMatch = state;
  const out: LiveEvent[] = [];
  const record = (events: LiveEvent[]) => {
    for (const event of events) {
      out.push(event);
      match = evolve(match, event) as TrackedMatch;
    }
  };
  for (const o of observationsOf(s)) {
    if (match.observed.has(o.key)) continue;
    record(eventsOf(o, s, match, base));
    if (o.kind === 'ended') record([suggestionOf(match, base)]);
  }
  return out;
}

function suggestionOf(match: TrackedMatch, base: { betId: string; at: string; matchId: string }): LiveEvent {
  const suggestion = suggestResult({
    gameType: match.gameType,
    challengerId: match.challenger.userId,
    opponentId: match.opponent.userId,
    handicap: match.rules.handicap,
    challengerScore: match.score.challenger,
    opponentScore: match.score.opponent,
    challengerKills: match.kills.challenger,
    opponentKills: match.kills.opponent,
  });
  return { type: 'ResultSuggested', data: { betId: base.betId, matchId: base.matchId, reporter: { kind: 'system' }, at: base.at, suggestion } };
}

function requireMatch(state: LiveState): TrackedMatch {
  if (state.status === 'none') throw new NotFoundError(liveMessages.matchNotFound, { code: 'bet_not_found' });
  return state;
}

/** Seconds until the reporter may report again, or 0. */
export function manualWait(recent: readonly string[], now: Date): number {
  if (recent.length < MANUAL_EVENTS_PER_WINDOW_MAX) return 0;
  const freeAt = Date.parse(recent[recent.length - MANUAL_EVENTS_PER_WINDOW_MAX]!) + MANUAL_EVENT_WINDOW_MS;
  return freeAt > now.getTime() ? Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) : 0;
}

function reportManualEvent(command: ReportManualEvent, state: LiveState): LiveEvent[] {
  const match = requireMatch(state);
  const d = command.data;
  const parsed = parseManualEvent(d.eventType, d.data);
  const stored = match.manual.get(d.eventId);
  if (stored !== undefined) {
    if (stored === manualFingerprint(d.reporter.userId, parsed.eventType, parsed.data)) return [];
    throw new ConflictError(liveMessages.sameIdOtherEvent, { code: 'idempotency_conflict' });
  }
  const isPlayer = [match.challenger.userId, match.opponent.userId].includes(d.reporter.userId);
  if (d.reporter.kind === 'player' && !isPlayer) throw new ForbiddenError(liveMessages.notParticipant, { code: 'not_participant' });
  if (match.status !== 'tracking') throw new ConflictError(liveMessages.notAccepted, { code: 'bet_not_accepted' });
  const wait = manualWait(match.recentManual.get(d.reporter.userId) ?? [], command.metadata.now);
  if (wait > 0) throw new TooManyRequestsError(liveMessages.tooFast, wait, { code: 'manual_event_rate_limited' });
  return [{ type: 'ManualEventReported', data: { betId: match.betId, eventId: d.eventId, reporter: d.reporter, at: command.metadata.now.toISOString(), eventType: parsed.eventType, data: parsed.data } }];
}

/** A report is checked against the suggestion once per reporter; without a suggestion there is nothing to contradict. */
function checkReport(command: CheckReport, state: LiveState): LiveEvent[] {
  if (state.status === 'none' || !state.suggestion || state.flagged.has(command.data.reporterId)) return [];
  const d = command.data;
  if (![state.challenger.userId, state.opponent.userId].includes(d.reporterId)) return [];
  if (!contradicts(state.suggestion, d.reporterId, d.result)) return [];
  return [
    {
      type: 'ReportContradictsTracker',
      data: { betId: state.betId, reporter: { kind: 'system' }, at: command.metadata.now.toISOString(), reporterId: d.reporterId, reported: d.result, suggestedWinnerId: state.suggestion.winnerId },
    },
  ];
}

function closeTracking(command: CloseTracking, state: LiveState): LiveEvent[] {
  if (state.status !== 'tracking') return [];
  return [{ type: 'TrackingClosed', data: { betId: state.betId, reporter: { kind: 'system' }, at: command.metadata.now.toISOString(), reason: command.data.reason } }];
}

export function decide(command: LiveCommand, state: LiveState): LiveEvent[] {
  switch (command.type) {
    case 'StartTracking':
      return startTracking(command, state);
    case 'IngestSnapshot':
      return ingestSnapshot(command, state);
    case 'ReportManualEvent':
      return reportManualEvent(command, state);
    case 'CheckReport':
      return checkReport(command, state);
    case 'CloseTracking':
      return closeTracking(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown live command ${JSON.stringify(unexpected)}`);
    }
  }
}
