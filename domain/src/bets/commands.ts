import type { BetCurrency, BetResult, CreateChallenge } from './rules.js';
import type { AcceptVia, EvidenceFile } from './events.js';

/** Time (`now`) and ids arrive in the command: the decider draws none itself. */
export type BetCommand =
  | { type: 'CreateBet'; data: { betId: string; challengerId: string; inviteLinkId: string; currency: BetCurrency; challenge: CreateChallenge; now: Date; pendingTtlMs: number } }
  | { type: 'AcceptBet'; data: { betId: string; acceptorId: string; via: AcceptVia; now: Date; playDeadlineMs: number } }
  | { type: 'CancelBet'; data: { betId: string; userId: string; now: Date } }
  | { type: 'DeclineChallenge'; data: { betId: string; userId: string; now: Date } }
  | { type: 'ExpireBet'; data: { betId: string; now: Date } }
  | { type: 'ReportResult'; data: { betId: string; userId: string; result: BetResult; evidence: EvidenceFile[]; now: Date; contestWindowMs: number } }
  | { type: 'SettleUncontested'; data: { betId: string; now: Date } }
  | { type: 'VoidOverdueBet'; data: { betId: string; now: Date } }
  | { type: 'ResolveDispute'; data: { betId: string; adminId: string; winnerId: string | null; adminNotes: string; now: Date } }
  | { type: 'AbandonCreation'; data: { betId: string; now: Date } };

export type BetCommandType = BetCommand['type'];

/** Spec section 9 and the issue: a pending challenge lives 48 h; an accepted bet must be played within 24 h; a lone report stands after 24 h. */
export const PENDING_TTL_MS_DEFAULT = 48 * 3600_000;
export const PLAY_DEADLINE_MS_DEFAULT = 24 * 3600_000;
export const CONTEST_WINDOW_MS_DEFAULT = 24 * 3600_000;
