import type { BetCurrency, BetResult, GameType, Visibility } from './rules.js';
import type { BetEvent } from './events.js';
import type { AppealStatus } from './appeals.js';

export type BetStatus = 'pending' | 'accepted' | 'disputed' | 'completed' | 'cancelled' | 'expired' | 'voided';
export const TERMINAL_BET_STATUSES: readonly BetStatus[] = ['completed', 'cancelled', 'expired', 'voided'];

export interface ReportedResult {
  readonly result: BetResult;
  readonly reportedAt: string;
}

export interface BetFacts {
  readonly betId: string;
  readonly challengerId: string;
  readonly invitedOpponentId: string | null;
  readonly gameType: GameType;
  readonly amount: string;
  readonly feeAmount: string;
  readonly currency: BetCurrency;
  readonly visibility: Visibility;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export type BetState =
  | { readonly status: 'none' }
  | { readonly status: 'abandoned' }
  | {
      readonly status: BetStatus;
      readonly bet: BetFacts;
      readonly opponentId: string | null;
      readonly deadlineAt: string | null;
      readonly reports: Readonly<Record<string, ReportedResult>>;
      readonly contestDeadlineAt: string | null;
      readonly winnerId: string | null;
      /** The admin's resolution of a dispute, once recorded. */
      readonly resolution: Resolution | null;
      readonly appeal: AppealState | null;
    };

export interface Resolution {
  readonly adminId: string;
  readonly winnerId: string | null;
  readonly resolvedAt: string;
}

export interface AppealState {
  readonly status: AppealStatus;
  readonly appellantId: string;
  readonly resolutionEventId: string;
  readonly decidedBy: string | null;
  /** The platform's fee change of an overturn, and whether its AppealFeesAdjusted is recorded. */
  readonly feeAdjustment: string;
  readonly feesAdjusted: boolean;
}

export type ExistingBet = Extract<BetState, { bet: BetFacts }>;

export const initialState = (): BetState => ({ status: 'none' });

export function evolve(state: BetState, event: BetEvent): BetState {
  if (event.type === 'BetCreated') {
    const d = event.data;
    return {
      status: 'pending',
      bet: {
        betId: d.betId,
        challengerId: d.challengerId,
        invitedOpponentId: d.invitedOpponentId,
        gameType: d.gameType,
        amount: d.amount,
        feeAmount: d.feeAmount,
        currency: d.currency,
        visibility: d.visibility,
        createdAt: d.createdAt,
        expiresAt: d.expiresAt,
      },
      opponentId: null,
      deadlineAt: null,
      reports: {},
      contestDeadlineAt: null,
      winnerId: null,
      resolution: null,
      appeal: null,
    };
  }
  if (event.type === 'BetCreationAbandoned') return { status: 'abandoned' };
  if (!('bet' in state)) return state;
  switch (event.type) {
    case 'BetAccepted':
      return { ...state, status: 'accepted', opponentId: event.data.opponentId, deadlineAt: event.data.deadlineAt };
    case 'BetCancelled':
      return { ...state, status: 'cancelled' };
    case 'BetExpired':
      return { ...state, status: 'expired' };
    case 'BetResultReported':
      return {
        ...state,
        reports: { ...state.reports, [event.data.reporterId]: { result: event.data.result, reportedAt: event.data.reportedAt } },
        contestDeadlineAt: state.contestDeadlineAt ?? event.data.contestDeadlineAt,
      };
    case 'BetDisputed':
      return { ...state, status: 'disputed' };
    case 'DisputeResolved':
      return { ...state, resolution: { adminId: event.data.adminId, winnerId: event.data.winnerId, resolvedAt: event.data.resolvedAt } };
    case 'BetSettled':
      return { ...state, status: 'completed', winnerId: event.data.winnerId };
    case 'BetVoided':
      return { ...state, status: 'voided' };
    case 'AppealFiled':
      return {
        ...state,
        appeal: { status: 'open', appellantId: event.data.appellantId, resolutionEventId: event.data.resolutionEventId, decidedBy: null, feeAdjustment: '0.00', feesAdjusted: false },
      };
    case 'AppealDecided': {
      const d = event.data;
      const appeal = state.appeal && { ...state.appeal, status: d.outcome, decidedBy: d.adminId, feeAdjustment: d.feeAdjustment };
      if (d.outcome === 'upheld') return { ...state, appeal };
      return { ...state, appeal, status: d.winnerId === null ? 'voided' : 'completed', winnerId: d.winnerId };
    }
    case 'AppealFeesAdjusted':
      return { ...state, appeal: state.appeal && { ...state.appeal, feesAdjusted: true } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
