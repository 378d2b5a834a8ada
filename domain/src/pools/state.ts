import type { PoolCancelReason, PoolCreatedData, PoolEvent, PoolPayout, PoolStanding } from './events.js';

export type PoolStatus = 'open' | 'ongoing' | 'completed' | 'cancelled';
export const TERMINAL_POOL_STATUSES: readonly PoolStatus[] = ['completed', 'cancelled'];

export interface PoolParticipant {
  readonly userId: string;
  readonly fplTeamId: number;
  readonly fplTeamName: string;
  readonly paid: string;
  readonly joinedAt: string;
}

export type PoolState =
  | { readonly status: 'none' }
  | { readonly status: 'abandoned' }
  | {
      readonly status: PoolStatus;
      readonly pool: PoolCreatedData;
      /** In join order. */
      readonly participants: readonly PoolParticipant[];
      readonly standings: readonly PoolStanding[];
      readonly standingsThrough: number | null;
      /** Set once settled: who was paid what. */
      readonly settlement: { readonly currency: string; readonly payouts: readonly PoolPayout[] } | null;
      /** Set once cancelled: why (the refunds' reason). */
      readonly cancelReason?: PoolCancelReason;
    };

export type ExistingPool = Extract<PoolState, { pool: PoolCreatedData }>;

export const initialState = (): PoolState => ({ status: 'none' });

export function evolve(state: PoolState, event: PoolEvent): PoolState {
  if (event.type === 'PoolCreated') return { status: 'open', pool: event.data, participants: [], standings: [], standingsThrough: null, settlement: null };
  if (event.type === 'PoolCreationAbandoned') return { status: 'abandoned' };
  if (!('pool' in state)) return state;
  switch (event.type) {
    case 'PoolJoined': {
      const d = event.data;
      return { ...state, participants: [...state.participants, { userId: d.userId, fplTeamId: d.fplTeamId, fplTeamName: d.fplTeamName, paid: d.paid, joinedAt: d.joinedAt }] };
    }
    case 'PoolStarted':
      return { ...state, status: 'ongoing' };
    case 'PoolStandingsUpdated':
      return { ...state, standings: event.data.standings, standingsThrough: event.data.throughGameweek };
    case 'PoolCancelled':
      return { ...state, status: 'cancelled', cancelReason: event.data.reason };
    case 'PoolSettled':
      return { ...state, status: 'completed', standings: event.data.standings, standingsThrough: state.pool.endGameweek, settlement: { currency: event.data.currency, payouts: event.data.payouts } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
