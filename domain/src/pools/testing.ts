/** Test support for the pools decider: a pool's commands in a few words. */
import type { PoolCommand, GameweekFacts } from './commands.js';
import type { GameweekPoints } from './events.js';
import type { CreatePoolInput } from './rules.js';

export const POOL_T0 = new Date('2026-08-01T10:00:00Z');
export const FIRST_DEADLINE = '2026-08-15T17:30:00.000Z';

export function gameweek(id: number, facts: Partial<GameweekFacts> = {}): GameweekFacts {
  return { id, deadlineAt: FIRST_DEADLINE, finished: false, dataChecked: false, ...facts };
}

export function createPool(poolId: string, creatorId: string, settings: CreatePoolInput = { name: 'Office pool', entryFee: '5' }, creatorEntry: { fplTeamId: number; fplTeamName: string } | null = null, now = POOL_T0): PoolCommand {
  const start = Number(settings.startGameweek ?? 1);
  return { type: 'CreatePool', data: { poolId, creatorId, inviteCode: 'ABCD2345', currency: 'NGN', settings, startGameweek: gameweek(start), creatorEntry }, metadata: { now } };
}

export function joinPool(poolId: string, userId: string, fplTeamId: number, now = POOL_T0): PoolCommand {
  return { type: 'JoinPool', data: { poolId, userId, entry: { fplTeamId, fplTeamName: `Team ${fplTeamId}` }, firstDeadlineAt: FIRST_DEADLINE }, metadata: { now } };
}

export function history(points: readonly [event: number, points: number, cost?: number][]): GameweekPoints[] {
  return points.map(([event, p, cost]) => ({ event, points: p, event_transfers_cost: cost ?? 0 }));
}
