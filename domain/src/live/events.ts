/**
 * The events of a bet's match stream `match-<betId>` (docs/architecture.md, "The live context"): what a stats
 * provider observed of the players' match, what a player or an admin reported by hand, and what
 * the platform concluded from it. Every event names who reported it (`reporter`) and when (`at`).
 * A tracked result is evidence for the result, never a payout by itself.
 */
import type { GameType } from '../bets/rules.js';
export type { GameType } from '../bets/rules.js';

/** Who reported an event: the stats provider, one of the players, an admin, or the platform itself. */
export type Reporter =
  | { readonly kind: 'provider'; readonly provider: GameType }
  | { readonly kind: 'player'; readonly userId: string }
  | { readonly kind: 'admin'; readonly userId: string }
  | { readonly kind: 'system' };

export type Side = 'challenger' | 'opponent';

/** A player's handle on the provider: PSN id for fc25, Activision id for cod (null: not given, not polled). */
export interface TrackedPlayer {
  readonly userId: string;
  readonly handle: string | null;
}

export interface TrackedRules {
  /** Goals (fc25) or kills (cod) added to the challenger's total before comparing (negative: taken off). */
  readonly handicap: number;
  /** fc25: the match length in minutes. */
  readonly matchDuration: number | null;
  /** cod: the game mode and the number of rounds played. */
  readonly gameMode: string | null;
  readonly roundLimit: number | null;
}

export interface TeamInfo {
  readonly teamName: string;
  readonly teamSize: number;
  readonly players: readonly string[];
}

export interface PlayerStats {
  readonly kills: number;
  readonly deaths: number;
  readonly assists: number;
  readonly damage: number;
}

export const MANUAL_EVENT_TYPES = ['kill', 'death', 'assist', 'round_win', 'round_loss', 'match_start', 'match_end'] as const;
export type ManualEventType = (typeof MANUAL_EVENT_TYPES)[number];

/** The numbers a manual event carries: only the fields its type reveals in the form. */
export interface ManualEventData {
  readonly kills?: number;
  readonly deaths?: number;
  readonly assists?: number;
  readonly round?: number;
}

/** What the tracker concluded when the match ended: the winner by score (fc25) or kills (cod) with the handicap applied. */
export interface Suggestion {
  /** Null: a draw after the handicap. */
  readonly winnerId: string | null;
  readonly basis: 'goals' | 'kills';
  readonly challengerRaw: number;
  readonly opponentRaw: number;
  readonly handicap: number;
  readonly challengerTotal: number;
  readonly opponentTotal: number;
}

interface Common {
  readonly betId: string;
  readonly reporter: Reporter;
  readonly at: string;
}
/** Provider events name the observation they were derived from: its key makes a re-poll append nothing. */
interface Observed extends Common {
  readonly observationKey: string;
  readonly matchId: string;
}

export type TrackingClosedReason = 'settled' | 'voided' | 'disputed' | 'cancelled' | 'expired';

export type LiveEvent =
  | {
      type: 'MatchTrackingStarted';
      /**
       * `acceptedAt`: when the bet was accepted. Only a provider match that started then or later
       * can be this bet's. Streams opened before the rule lack it; their `at` (the stream's opening,
       * always after the acceptance) stands in.
       */
      data: Common & { gameType: GameType; challenger: TrackedPlayer; opponent: TrackedPlayer; rules: TrackedRules; acceptedAt?: string };
    }
  | { type: 'MatchStarted'; data: Observed & { gameMode: string | null; map: string | null; startTime: string; teams: { challenger: TeamInfo | null; opponent: TeamInfo | null } } }
  | { type: 'MatchProgressed'; data: Observed & { minute: number; status: 'in_progress' | 'paused'; possession: { challenger: number; opponent: number } | null } }
  | { type: 'GoalScored'; data: Observed & { side: Side; minute: number; player: string } }
  | { type: 'HalfTime'; data: Observed & { minute: number } }
  | { type: 'FullTime'; data: Observed & { minute: number } }
  | { type: 'KillsRecorded'; data: Observed & { side: Side; stats: PlayerStats } }
  | { type: 'RoundWon'; data: Observed & { side: Side; round: number } }
  | { type: 'RoundLost'; data: Observed & { side: Side; round: number } }
  | { type: 'MatchEnded'; data: Observed & { minute: number; challengerScore: number; opponentScore: number; challengerKills: number; opponentKills: number } }
  | { type: 'ResultSuggested'; data: Common & { matchId: string; suggestion: Suggestion } }
  | { type: 'ManualEventReported'; data: Common & { eventId: string; eventType: ManualEventType; data: ManualEventData } }
  | { type: 'ReportContradictsTracker'; data: Common & { reporterId: string; reported: 'won' | 'lost'; suggestedWinnerId: string | null } }
  | { type: 'TrackingClosed'; data: Common & { reason: TrackingClosedReason } };

export type LiveEventType = LiveEvent['type'];
export const LIVE_EVENT_TYPES = [
  'MatchTrackingStarted',
  'MatchStarted',
  'MatchProgressed',
  'GoalScored',
  'HalfTime',
  'FullTime',
  'KillsRecorded',
  'RoundWon',
  'RoundLost',
  'MatchEnded',
  'ResultSuggested',
  'ManualEventReported',
  'ReportContradictsTracker',
  'TrackingClosed',
] as const satisfies readonly LiveEventType[];

export const MATCH_STREAM_TYPE = 'match';
export const matchStreamId = (betId: string): string => `${MATCH_STREAM_TYPE}-${betId}`;

/** The actor recorded in event metadata for a reporter. */
export function actorOf(reporter: Reporter): string {
  switch (reporter.kind) {
    case 'provider':
      return `provider:${reporter.provider}`;
    case 'player':
      return reporter.userId;
    case 'admin':
      return `admin:${reporter.userId}`;
    case 'system':
      return 'system';
  }
}
