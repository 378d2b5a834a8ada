/**
 * The events of a pool's stream `pool-<poolId>`. Money that touches a user account lives in
 * that user's wallet stream (entry locks, refunds, payouts); the only postings here are between
 * system accounts: the fee recognition at settlement (docs/ledger.md).
 */
import type { Posting } from '../ledger/postings.js';
import type { PoolTieRule } from './rules.js';

export interface PoolCreatedData {
  readonly poolId: string;
  readonly creatorId: string;
  readonly name: string;
  readonly description: string | null;
  /** What each participant stakes into the pot. */
  readonly entryFee: string;
  /** 2 % of the entry fee, charged on top (spec section 9). */
  readonly feeAmount: string;
  readonly currency: string;
  readonly maxParticipants: number;
  readonly durationWeeks: number;
  readonly startGameweek: number;
  readonly endGameweek: number;
  readonly isPrivate: boolean;
  readonly inviteCode: string;
  /** The first gameweek's deadline as FPL published it when the pool was created. */
  readonly firstDeadlineAt: string;
  readonly tieRule: PoolTieRule;
  readonly createdAt: string;
}

export interface PoolJoinedData {
  readonly poolId: string;
  readonly userId: string;
  readonly fplTeamId: number;
  readonly fplTeamName: string;
  /** entryFee + feeAmount: what left the participant's wallet into the pool's escrow. */
  readonly paid: string;
  readonly joinedAt: string;
}

export interface PoolRefund {
  readonly userId: string;
  readonly amount: string;
}

export interface PoolStanding {
  readonly userId: string;
  readonly fplTeamId: number;
  /** Points over the pool's gameweeks so far: each gameweek's points minus its transfer cost. */
  readonly totalPoints: number;
  /**
   * The same points per gameweek of the window so far (issue #29), ascending by gameweek; they sum
   * to totalPoints. Absent in events recorded before it was kept: those fold as "no breakdown".
   */
  readonly gameweeks?: readonly PoolGameweekScore[];
}

/** One gameweek's points of an entry: the gameweek's points minus its transfer cost (0 when the team had no entry). */
export interface PoolGameweekScore {
  readonly gameweek: number;
  readonly points: number;
}

export interface PoolPayout {
  readonly userId: string;
  readonly amount: string;
}

export interface GameweekPoints {
  readonly event: number;
  readonly points: number;
  readonly event_transfers_cost: number;
}

/** What the settlement read from FPL, kept as evidence (kept raw, so a settlement can be checked against what FPL answered). */
export interface SettlementEvidence {
  readonly endGameweek: { readonly id: number; readonly finished: boolean; readonly data_checked: boolean };
  readonly histories: Readonly<Record<string, readonly GameweekPoints[]>>;
}

export type PoolCancelReason = 'creator' | 'not_enough_participants';

export type PoolEvent =
  | { type: 'PoolCreated'; data: PoolCreatedData }
  | { type: 'PoolJoined'; data: PoolJoinedData }
  | { type: 'PoolStarted'; data: { poolId: string; participantCount: number; startedAt: string } }
  | { type: 'PoolStandingsUpdated'; data: { poolId: string; throughGameweek: number; standings: PoolStanding[]; updatedAt: string } }
  | { type: 'PoolCancelled'; data: { poolId: string; reason: PoolCancelReason; cancelledBy: string; refunds: PoolRefund[]; cancelledAt: string } }
  | {
      type: 'PoolSettled';
      data: {
        poolId: string;
        currency: string;
        /** Entry fees paid in: what the winners share. */
        potAmount: string;
        /** The participants' 2 % fees: recognised as platform income by this event's postings. */
        feeIncome: string;
        standings: PoolStanding[];
        winningPoints: number;
        payouts: PoolPayout[];
        tieRule: PoolTieRule;
        evidence: SettlementEvidence;
        /** pool escrow → platform:fees (absent when the fee income is zero). */
        postings: Posting[];
        settledAt: string;
      };
    }
  | { type: 'PoolCreationAbandoned'; data: { poolId: string; abandonedAt: string } };

export type PoolEventType = PoolEvent['type'];
export const POOL_EVENT_TYPES: readonly PoolEventType[] = ['PoolCreated', 'PoolJoined', 'PoolStarted', 'PoolStandingsUpdated', 'PoolCancelled', 'PoolSettled', 'PoolCreationAbandoned'];

export const POOL_STREAM_TYPE = 'pool';
export const poolStreamId = (poolId: string): string => `${POOL_STREAM_TYPE}-${poolId}`;
