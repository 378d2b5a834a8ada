/**
 * The events of a bet's stream `bet-<betId>`. Each carries its bet id and an `…At` time.
 * Money postings that touch a user account live in that user's wallet stream; the only
 * postings here are between system accounts (fee recognition, docs/ledger.md).
 */
import type { AppealAdjustment, AppealOutcome } from './appeals.js';
import type { BetCurrency, BetResult, CodRules, Fc25Rules, GameType, MatchRules, Visibility } from './rules.js';

export interface BetPosting {
  readonly account: string;
  readonly currency: string;
  /** Signed decimal string: negative debits the account, positive credits it. */
  readonly amount: string;
}

/** A player paid in stake + fee; on a refund they get exactly that back. */
export interface BetRefund {
  readonly userId: string;
  readonly amount: string;
}

export interface EvidenceFile {
  readonly sha256: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly filename: string;
}

export type BetRules = { readonly gameType: 'fc25'; readonly rules: Fc25Rules } | { readonly gameType: 'cod'; readonly rules: CodRules };

export type BetCreatedData = {
  readonly betId: string;
  readonly challengerId: string;
  /** A direct challenge: only this user may accept. */
  readonly invitedOpponentId: string | null;
  readonly amount: string;
  readonly feeAmount: string;
  readonly currency: BetCurrency;
  readonly visibility: Visibility;
  readonly inviteLinkId: string;
  readonly platformUsername: string | null;
  readonly matchRules: MatchRules;
  readonly customRulesEnabled: boolean;
  readonly createdAt: string;
  readonly expiresAt: string;
} & BetRules;

export type BetEvent =
  | { type: 'BetCreated'; data: BetCreatedData }
  | { type: 'BetAccepted'; data: { betId: string; opponentId: string; via: AcceptVia; acceptedAt: string; deadlineAt: string } }
  | { type: 'BetCancelled'; data: { betId: string; cancelledBy: string; refunds: BetRefund[]; cancelledAt: string } }
  | { type: 'BetExpired'; data: { betId: string; refunds: BetRefund[]; expiredAt: string } }
  | {
      type: 'BetResultReported';
      data: { betId: string; reporterId: string; result: BetResult; evidence: EvidenceFile[]; reportedAt: string; contestDeadlineAt: string };
    }
  | { type: 'BetDisputed'; data: { betId: string; reason: string; disputedAt: string } }
  | { type: 'DisputeResolved'; data: { betId: string; adminId: string; winnerId: string | null; adminNotes: string; resolvedAt: string } }
  | {
      type: 'BetSettled';
      data: {
        betId: string;
        winnerId: string;
        loserId: string;
        currency: BetCurrency;
        /** Twice the stake: what the winner's wallet is credited. */
        payoutAmount: string;
        /** Twice the fee: recognized as platform income by this event's postings. */
        feeIncome: string;
        settledBy: SettledBy;
        postings: BetPosting[];
        settledAt: string;
      };
    }
  | { type: 'BetVoided'; data: { betId: string; reason: VoidReason; refunds: BetRefund[]; voidedAt: string } }
  | { type: 'BetCreationAbandoned'; data: { betId: string; abandonedAt: string } }
  | { type: 'AppealFiled'; data: AppealFiledData }
  | { type: 'AppealDecided'; data: AppealDecidedData }
  | { type: 'AppealFeesAdjusted'; data: AppealFeesAdjustedData };

/** A player appeals an admin's resolution; `resolutionEventId` is the recorded DisputeResolved. */
export interface AppealFiledData {
  readonly betId: string;
  readonly appellantId: string;
  readonly reason: string;
  readonly resolutionEventId: string;
  /** The admin who resolved the dispute: they may not decide the appeal. */
  readonly resolvedBy: string;
  /** The resolution's winner, or null for a void. */
  readonly originalWinnerId: string | null;
  readonly filedAt: string;
}

/**
 * A second admin's decision. `winnerId` is the bet's outcome after it (the original one when
 * upheld). An overturn carries its money plan: each player's net adjustment and the platform's
 * fee change (appeals.ts, appealMoneyPlan), executed as compensating events that each name
 * `reversesEventId`, the original DisputeResolved; nothing recorded before is changed.
 */
export interface AppealDecidedData {
  readonly betId: string;
  readonly adminId: string;
  readonly appellantId: string;
  readonly outcome: AppealOutcome;
  readonly originalWinnerId: string | null;
  readonly winnerId: string | null;
  readonly notes: string;
  readonly reversesEventId: string;
  readonly currency: BetCurrency;
  readonly adjustments: AppealAdjustment[];
  readonly feeAdjustment: string;
  readonly decidedAt: string;
}

/** The platform's part of an overturn: fees given back to (or taken from) the bet's escrow, after the players' debits. */
export interface AppealFeesAdjustedData {
  readonly betId: string;
  readonly reversesEventId: string;
  readonly feeAdjustment: string;
  readonly currency: BetCurrency;
  readonly postings: BetPosting[];
  readonly adjustedAt: string;
}

export type AcceptVia = 'invite' | 'marketplace';
export type SettledBy = 'agreement' | 'uncontested' | 'admin';
export type VoidReason = 'no_result_by_deadline' | 'admin' | 'appeal';

export type BetEventType = BetEvent['type'];
export const BET_EVENT_TYPES: readonly BetEventType[] = [
  'BetCreated',
  'BetAccepted',
  'BetCancelled',
  'BetExpired',
  'BetResultReported',
  'BetDisputed',
  'DisputeResolved',
  'BetSettled',
  'BetVoided',
  'BetCreationAbandoned',
  'AppealFiled',
  'AppealDecided',
  'AppealFeesAdjusted',
];
export const APPEAL_EVENT_TYPES = ['AppealFiled', 'AppealDecided', 'AppealFeesAdjusted'] as const;
/** Events after which a bet's escrow must drain to zero. */
export const BET_REFUND_EVENT_TYPES = ['BetCancelled', 'BetExpired', 'BetVoided'] as const;

export const betStreamId = (betId: string): string => `bet-${betId}`;
