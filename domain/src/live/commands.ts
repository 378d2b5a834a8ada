import type { GameType } from '../bets/rules.js';
import type { Command } from '../shared/command.js';
import type { Reporter, TrackedPlayer, TrackedRules, TrackingClosedReason } from './events.js';
import type { MatchSnapshot } from './snapshot.js';

/** An accepted bet gets its match stream (from the bet's acceptance). */
export type StartTracking = Command<'StartTracking', { betId: string; gameType: GameType; challenger: TrackedPlayer; opponent: TrackedPlayer; rules: TrackedRules; acceptedAt: string }>;
/**
 * What a provider shows of the match now; only what was not seen before is appended.
 * `claimedByBet`: the provider match's claim stream (claims.ts) names this bet. A bet not yet
 * bound to a match takes one only with it, so one provider match never feeds two bets.
 */
export type IngestSnapshot = Command<'IngestSnapshot', { betId: string; provider: GameType; snapshot: MatchSnapshot; claimedByBet: boolean }>;
/** A player's (or an admin's) manual event, as sent: the decider parses it by the spec's rules. */
export type ReportManualEvent = Command<'ReportManualEvent', { betId: string; eventId: string; reporter: Extract<Reporter, { kind: 'player' | 'admin' }>; eventType: unknown; data: unknown }>;
/** A player reported a result on the bet: flagged when it contradicts the tracker's suggestion. */
export type CheckReport = Command<'CheckReport', { betId: string; reporterId: string; result: 'won' | 'lost' }>;
/** The bet left `accepted`: nothing more is tracked or reported. */
export type CloseTracking = Command<'CloseTracking', { betId: string; reason: TrackingClosedReason }>;

export type LiveCommand = StartTracking | IngestSnapshot | ReportManualEvent | CheckReport | CloseTracking;
