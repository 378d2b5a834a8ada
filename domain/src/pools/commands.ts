import type { Command } from '../shared/command.js';
import type { GameweekPoints, PoolStanding } from './events.js';
import type { CreatePoolInput } from './rules.js';

/** The creator's own entry, when they join at creation (POST /api/fpl/pools with fplTeamId). */
export interface PoolEntry {
  readonly fplTeamId: number;
  readonly fplTeamName: string;
}

/** A gameweek as FPL's calendar (bootstrap-static events[]) shows it now. */
export interface GameweekFacts {
  readonly id: number;
  readonly deadlineAt: string;
  readonly finished: boolean;
  readonly dataChecked: boolean;
}

/**
 * Commands of the pool decider. Ids (pool id, invite code) and FPL facts arrive in `data`; time in
 * the metadata. The FPL calendar is the truth for deadlines, so every command that depends on
 * one carries the deadline as FPL shows it now.
 */
export type PoolCommand =
  | Command<'CreatePool', { poolId: string; creatorId: string; inviteCode: string; currency: string; settings: CreatePoolInput; startGameweek: GameweekFacts; creatorEntry: PoolEntry | null }>
  | Command<'JoinPool', { poolId: string; userId: string; entry: PoolEntry; firstDeadlineAt: string }>
  | Command<'CancelPool', { poolId: string; userId: string; firstDeadlineAt: string }>
  /** At the first deadline: start with ≥ 2 entries, else cancel and refund. */
  | Command<'StartPool', { poolId: string; firstDeadlineAt: string }>
  | Command<'UpdateStandings', { poolId: string; throughGameweek: number; standings: PoolStanding[] }>
  | Command<'SettlePool', { poolId: string; endGameweek: GameweekFacts; histories: Readonly<Record<string, readonly GameweekPoints[]>> }>;

export type PoolCommandType = PoolCommand['type'];
