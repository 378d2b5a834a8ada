/**
 * The screen's view of a tracked match, folded from the match stream's events: a pure function,
 * so the projector is an upsert of its result and tests need no database.
 */
import type { LiveEvent, ManualEventData, PlayerStats, Side, Suggestion, TeamInfo } from '@wager/domain/live/index';

/** The most timeline entries a view keeps (the newest). */
export const VIEW_EVENTS_MAX = 200;
export const VIEW_HISTORY_MAX = 20;

export interface ViewEvent {
  readonly id: string;
  /** goal | match_start | half_time | full_time (spec) and the COD ones: round_won, round_lost, match_end, manual. */
  readonly type: string;
  readonly minute: number;
  readonly player: string;
  readonly details: string;
  readonly timestamp: string;
  readonly side: Side | null;
  readonly source: 'provider' | 'player' | 'admin' | 'system';
}

export interface LiveView {
  readonly matchId: string | null;
  readonly status: 'waiting' | 'in_progress' | 'paused' | 'completed';
  readonly currentMinute: number;
  readonly challengerScore: number;
  readonly opponentScore: number;
  readonly stats: { readonly challenger: PlayerStats | null; readonly opponent: PlayerStats | null };
  readonly currentRound: number;
  readonly totalRounds: number;
  readonly possession: { readonly challenger: number; readonly opponent: number };
  readonly gameMode: string | null;
  readonly map: string | null;
  readonly startTime: string | null;
  readonly teams: { readonly challenger: TeamInfo | null; readonly opponent: TeamInfo | null };
  readonly events: readonly ViewEvent[];
  readonly history: readonly { readonly matchId: string; readonly gameMode: string | null; readonly map: string | null; readonly startTime: string }[];
  readonly manualEvents: readonly { readonly id: string; readonly reporterId: string; readonly eventType: string; readonly data: ManualEventData; readonly at: string }[];
  readonly suggestion: (Suggestion & { readonly matchId: string; readonly at: string }) | null;
  readonly flags: readonly { readonly reporterId: string; readonly reported: string; readonly suggestedWinnerId: string | null; readonly at: string }[];
  readonly handicap: number;
  readonly matchDuration: number | null;
}

export const emptyView = (handicap = 0, matchDuration: number | null = null, totalRounds = 0): LiveView => ({
  matchId: null,
  status: 'waiting',
  currentMinute: 0,
  challengerScore: 0,
  opponentScore: 0,
  stats: { challenger: null, opponent: null },
  currentRound: 0,
  totalRounds,
  possession: { challenger: 50, opponent: 50 },
  gameMode: null,
  map: null,
  startTime: null,
  teams: { challenger: null, opponent: null },
  events: [],
  history: [],
  manualEvents: [],
  suggestion: null,
  flags: [],
  handicap,
  matchDuration,
});

const push = <T>(list: readonly T[], item: T, max: number): T[] => [...list, item].slice(-max);

function entry(view: LiveView, id: string, type: string, e: { minute?: number; player?: string; details?: string; side?: Side | null; at: string; source: ViewEvent['source'] }): LiveView {
  const item: ViewEvent = { id, type, minute: e.minute ?? view.currentMinute, player: e.player ?? '', details: e.details ?? '', timestamp: e.at, side: e.side ?? null, source: e.source };
  return { ...view, events: push(view.events, item, VIEW_EVENTS_MAX) };
}

/** The view after one event (`id` is the event's id, used as the timeline entry's id). */
export function applyToView(view: LiveView, id: string, event: LiveEvent): LiveView {
  const provider = { source: 'provider' as const };
  switch (event.type) {
    case 'MatchTrackingStarted':
      return emptyView(event.data.rules.handicap, event.data.rules.matchDuration, event.data.rules.roundLimit ?? 0);
    case 'MatchStarted': {
      const d = event.data;
      const fresh: LiveView = { ...emptyView(view.handicap, view.matchDuration, view.totalRounds), manualEvents: view.manualEvents, flags: view.flags, suggestion: view.suggestion, events: view.events };
      const started = { ...fresh, matchId: d.matchId, status: 'in_progress' as const, gameMode: d.gameMode, map: d.map, startTime: d.startTime, teams: d.teams, currentRound: 1, history: push(view.history, { matchId: d.matchId, gameMode: d.gameMode, map: d.map, startTime: d.startTime }, VIEW_HISTORY_MAX) };
      return entry(started, id, 'match_start', { minute: 0, details: 'Kick-off', at: d.at, ...provider });
    }
    case 'MatchProgressed':
      return { ...view, currentMinute: event.data.minute, status: event.data.status, possession: event.data.possession ?? view.possession };
    case 'GoalScored': {
      const d = event.data;
      const scored = d.side === 'challenger' ? { challengerScore: view.challengerScore + 1 } : { opponentScore: view.opponentScore + 1 };
      return entry({ ...view, ...scored, currentMinute: Math.max(view.currentMinute, d.minute) }, id, 'goal', { minute: d.minute, player: d.player, side: d.side, details: `Goal (${d.side})`, at: d.at, ...provider });
    }
    case 'HalfTime':
      return entry({ ...view, currentMinute: Math.max(view.currentMinute, event.data.minute) }, id, 'half_time', { minute: event.data.minute, details: 'Half time', at: event.data.at, ...provider });
    case 'FullTime':
      return entry({ ...view, currentMinute: Math.max(view.currentMinute, event.data.minute) }, id, 'full_time', { minute: event.data.minute, details: 'Full time', at: event.data.at, ...provider });
    case 'KillsRecorded':
      return { ...view, stats: { ...view.stats, [event.data.side]: event.data.stats } };
    case 'RoundWon': {
      const d = event.data;
      const scored = d.side === 'challenger' ? { challengerScore: view.challengerScore + 1 } : { opponentScore: view.opponentScore + 1 };
      const next = { ...view, ...scored, currentRound: Math.min(Math.max(view.totalRounds, 1), d.round + 1) };
      return entry(next, id, 'round_won', { side: d.side, details: `Round ${d.round} won (${d.side})`, at: d.at, ...provider });
    }
    case 'RoundLost':
      return view;
    case 'MatchEnded': {
      const d = event.data;
      const ended: LiveView = { ...view, status: 'completed', currentMinute: Math.max(view.currentMinute, d.minute), challengerScore: d.challengerScore, opponentScore: d.opponentScore };
      return entry(ended, id, 'match_end', { minute: ended.currentMinute, details: 'Match ended', at: d.at, ...provider });
    }
    case 'ResultSuggested':
      return { ...view, suggestion: { ...event.data.suggestion, matchId: event.data.matchId, at: event.data.at } };
    case 'ManualEventReported': {
      const d = event.data;
      const reporterId = d.reporter.kind === 'player' || d.reporter.kind === 'admin' ? d.reporter.userId : 'system';
      const withManual = { ...view, manualEvents: push(view.manualEvents, { id: d.eventId, reporterId, eventType: d.eventType, data: d.data, at: d.at }, VIEW_EVENTS_MAX) };
      return entry(withManual, id, 'manual', { player: reporterId, details: d.eventType, at: d.at, source: d.reporter.kind === 'admin' ? 'admin' : 'player' });
    }
    case 'ReportContradictsTracker': {
      const d = event.data;
      return { ...view, flags: [...view.flags, { reporterId: d.reporterId, reported: d.reported, suggestedWinnerId: d.suggestedWinnerId, at: d.at }] };
    }
    case 'TrackingClosed':
      return view;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown live event ${JSON.stringify(unexpected)}`);
    }
  }
}
