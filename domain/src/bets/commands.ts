import type { BetCurrency, BetResult, CreateChallenge } from './rules.js';
import type { AcceptVia, EvidenceFile } from './events.js';
import type { AppealOutcome } from './appeals.js';
import type { Command } from '../shared/command.js';

/** Ids arrive in the command's data and time in its metadata: the decider draws none itself. */
export type BetCommand =
  | Command<'CreateBet', { betId: string; challengerId: string; inviteLinkId: string; currency: BetCurrency; challenge: CreateChallenge; pendingTtlMs: number }>
  | Command<'AcceptBet', { betId: string; acceptorId: string; via: AcceptVia; playDeadlineMs: number }>
  | Command<'CancelBet', { betId: string; userId: string }>
  | Command<'DeclineChallenge', { betId: string; userId: string }>
  | Command<'ExpireBet', { betId: string }>
  | Command<'ReportResult', { betId: string; userId: string; result: BetResult; evidence: EvidenceFile[]; contestWindowMs: number }>
  | Command<'SettleUncontested', { betId: string }>
  | Command<'VoidOverdueBet', { betId: string }>
  | Command<'ResolveDispute', { betId: string; adminId: string; winnerId: string | null; adminNotes: string }>
  | Command<'FileAppeal', { betId: string; userId: string; reason: string; resolutionEventId: string; appealWindowMs: number }>
  | Command<'DecideAppeal', { betId: string; adminId: string; outcome: AppealOutcome; winnerId: string | null; notes: string }>;

export type BetCommandType = BetCommand['type'];

/** Spec section 9 and the issue: a pending challenge lives 48 h; an accepted bet must be played within 24 h; a lone report stands after 24 h. */
export const PENDING_TTL_MS_DEFAULT = 48 * 3600_000;
export const PLAY_DEADLINE_MS_DEFAULT = 24 * 3600_000;
export const CONTEST_WINDOW_MS_DEFAULT = 24 * 3600_000;
