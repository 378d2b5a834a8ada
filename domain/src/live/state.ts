import type { GameType } from '../bets/rules.js';
import type { LiveEvent, Side, Suggestion, TrackedPlayer, TrackedRules, TrackingClosedReason } from './events.js';
import { MANUAL_EVENTS_PER_WINDOW_MAX } from './rules.js';
import type { SnapshotStatus } from './snapshot.js';

export interface TrackedMatch {
  readonly status: 'tracking' | 'closed';
  readonly betId: string;
  readonly gameType: GameType;
  readonly challenger: TrackedPlayer;
  readonly opponent: TrackedPlayer;
  readonly rules: TrackedRules;
  /** When the bet was accepted: a provider match that started earlier is never this bet's. */
  readonly acceptedAt: string;
  /** Observation keys already recorded: a re-poll that shows them again appends nothing. */
  readonly observed: ReadonlySet<string>;
  /** The provider match this bet is bound to (its first MatchStarted): the only one it records. */
  readonly matchId: string | null;
  readonly phase: SnapshotStatus;
  readonly score: Readonly<Record<Side, number>>;
  readonly kills: Readonly<Record<Side, number>>;
  readonly suggestion: Suggestion | null;
  /** Manual events by id, with what they said (a resend is a no-op, another event under the id a conflict). */
  readonly manual: ReadonlyMap<string, string>;
  /** Each reporter's latest manual event times (the rate limit's window). */
  readonly recentManual: ReadonlyMap<string, readonly string[]>;
  readonly flagged: ReadonlySet<string>;
  readonly closedReason: TrackingClosedReason | null;
}

export type LiveState = { readonly status: 'none' } | TrackedMatch;

export const initialState = (): LiveState => ({ status: 'none' });

/** What a manual event said, to tell a resend from another event under the same id. */
export const manualFingerprint = (reporterId: string, eventType: string, data: unknown): string => JSON.stringify([reporterId, eventType, data]);

const zero = { challenger: 0, opponent: 0 } as const;

function started(event: Extract<LiveEvent, { type: 'MatchTrackingStarted' }>): TrackedMatch {
  const d = event.data;
  return {
    status: 'tracking',
    betId: d.betId,
    gameType: d.gameType,
    challenger: d.challenger,
    opponent: d.opponent,
    rules: d.rules,
    acceptedAt: d.acceptedAt ?? d.at,
    observed: new Set(),
    matchId: null,
    phase: 'waiting',
    score: zero,
    kills: zero,
    suggestion: null,
    manual: new Map(),
    recentManual: new Map(),
    flagged: new Set(),
    closedReason: null,
  };
}

function observe(state: TrackedMatch, key: string): TrackedMatch {
  return { ...state, observed: new Set(state.observed).add(key) };
}

export function evolve(state: LiveState, event: LiveEvent): LiveState {
  if (event.type === 'MatchTrackingStarted') return state.status === 'none' ? started(event) : state;
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'MatchStarted':
      return { ...observe(state, event.data.observationKey), matchId: event.data.matchId, phase: 'in_progress', score: zero, kills: zero };
    case 'MatchProgressed':
      return { ...observe(state, event.data.observationKey), phase: event.data.status };
    case 'GoalScored': {
      const side = event.data.side;
      return { ...observe(state, event.data.observationKey), score: { ...state.score, [side]: state.score[side] + 1 } };
    }
    case 'RoundWon': {
      const side = event.data.side;
      return { ...observe(state, event.data.observationKey), score: { ...state.score, [side]: state.score[side] + 1 } };
    }
    case 'KillsRecorded':
      return { ...observe(state, event.data.observationKey), kills: { ...state.kills, [event.data.side]: event.data.stats.kills } };
    case 'HalfTime':
    case 'FullTime':
    case 'RoundLost':
      return observe(state, event.data.observationKey);
    case 'MatchEnded':
      return {
        ...observe(state, event.data.observationKey),
        phase: 'completed',
        score: { challenger: event.data.challengerScore, opponent: event.data.opponentScore },
        kills: { challenger: event.data.challengerKills, opponent: event.data.opponentKills },
      };
    case 'ResultSuggested':
      return { ...state, suggestion: event.data.suggestion };
    case 'ManualEventReported': {
      const d = event.data;
      const reporterId = d.reporter.kind === 'player' || d.reporter.kind === 'admin' ? d.reporter.userId : 'system';
      const recent = [...(state.recentManual.get(reporterId) ?? []), d.at].slice(-MANUAL_EVENTS_PER_WINDOW_MAX);
      return {
        ...state,
        manual: new Map(state.manual).set(d.eventId, manualFingerprint(reporterId, d.eventType, d.data)),
        recentManual: new Map(state.recentManual).set(reporterId, recent),
      };
    }
    case 'ReportContradictsTracker':
      return { ...state, flagged: new Set(state.flagged).add(event.data.reporterId) };
    case 'TrackingClosed':
      return { ...state, status: 'closed', closedReason: event.data.reason };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown live event ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * Whether a provider's view of a match is still recorded: while tracking, and after a dispute for
 * the match that was being played when it came (its end is the evidence the admin needs), until
 * that match ends.
 */
export function stillIngesting(state: LiveState, matchId: string): state is TrackedMatch {
  if (state.status === 'tracking') return true;
  return state.status === 'closed' && state.closedReason === 'disputed' && state.matchId === matchId && state.phase !== 'completed';
}

/**
 * What a bet's match stream makes of a provider's snapshot (docs/api/live.md, "One provider match,
 * one bet"):
 * - `bound`: the match the bet is bound to; recorded.
 * - `claim`: the bet is bound to no match yet and this one started at or after the bet's
 *   acceptance; recorded once its claim stream names this bet (ClaimProviderMatch).
 * - `ignore`: nothing is recorded (no match under way yet, tracking over, the bet is bound to
 *   another match, or this one started before the acceptance or at an unreadable time).
 */
export type MatchVerdict =
  | { readonly kind: 'bound' }
  | { readonly kind: 'claim' }
  | { readonly kind: 'ignore'; readonly reason: 'not_started' | 'not_tracking' | 'another_match' | 'before_acceptance' };

export function matchVerdict(state: LiveState, snapshot: { readonly matchId: string; readonly status: SnapshotStatus; readonly startTime: string }): MatchVerdict {
  if (snapshot.status === 'waiting') return { kind: 'ignore', reason: 'not_started' };
  if (!stillIngesting(state, snapshot.matchId)) return { kind: 'ignore', reason: 'not_tracking' };
  if (state.matchId === snapshot.matchId) return { kind: 'bound' };
  if (state.matchId !== null) return { kind: 'ignore', reason: 'another_match' };
  return startedSinceAcceptance(state, snapshot.startTime) ? { kind: 'claim' } : { kind: 'ignore', reason: 'before_acceptance' };
}

/** Whether a provider match's start time is at or after the bet's acceptance (an unreadable one is not). */
export function startedSinceAcceptance(state: TrackedMatch, startTime: string): boolean {
  const started = Date.parse(startTime);
  return Number.isFinite(started) && started >= Date.parse(state.acceptedAt);
}
