import { ConflictError, ForbiddenError, NotFoundError, ValidationError, assert } from '../shared/errors.js';
import { Money, fee, formatAmount } from '../money/money.js';
import { assertBalanced, transfer, type Posting } from '../ledger/postings.js';
import { platformFees, poolEscrow } from '../ledger/accounts.js';
import type { PoolCommand } from './commands.js';
import type { PoolEvent, PoolRefund, PoolStanding } from './events.js';
import { POOL_MIN_TO_START, POOL_TIE_RULE, createPoolSchema, endGameweekOf, poolMessages } from './rules.js';
import { gameweekScores, splitPot, sortStandings, windowPoints } from './standings.js';
import type { ExistingPool, PoolState } from './state.js';

type Data<T extends PoolCommand['type']> = Extract<PoolCommand, { type: T }>['data'];

/** What a participant pays in: entry + 2 % fee (spec section 9). */
export function poolCost(entryFee: string): { fee: string; total: string } {
  const f = fee(entryFee);
  return { fee: formatAmount(f), total: formatAmount(new Money(entryFee).plus(f)) };
}

/** The pot: entry fees paid in (fees excluded). */
export function potOf(state: ExistingPool): string {
  return formatAmount(new Money(state.pool.entryFee).mul(state.participants.length));
}

/**
 * Whether this user could join the pool now: open, before the first deadline, not in it, not
 * full. Every condition only ever turns false for good (participants never leave, deadlines
 * pass), which is what makes releasing a stray entry lock of an old log safe (see repair.ts).
 */
export function joinRefusal(state: PoolState, userId: string, fplTeamId: number | null, now: Date, firstDeadlineAt: string): string | null {
  if (!('pool' in state)) return poolMessages.poolNotFound;
  if (state.status !== 'open') return poolMessages.poolNotOpen;
  if (now.getTime() >= Date.parse(firstDeadlineAt)) return poolMessages.deadlinePassed;
  if (state.participants.some((p) => p.userId === userId)) return poolMessages.alreadyJoined;
  if (fplTeamId !== null && state.participants.some((p) => p.fplTeamId === fplTeamId)) return poolMessages.teamAlreadyEntered;
  if (state.participants.length >= state.pool.maxParticipants) return poolMessages.poolFull;
  return null;
}

export function decide(command: PoolCommand, state: PoolState): PoolEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'CreatePool':
      return create(command.data, now, state);
    case 'JoinPool':
      return join(command.data, now, state);
    case 'CancelPool':
      return cancel(command.data, now, state);
    case 'StartPool':
      return start(command.data, now, state);
    case 'UpdateStandings':
      return updateStandings(command.data, now, state);
    case 'SettlePool':
      return settle(command.data, now, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown pool command ${JSON.stringify(unexpected)}`);
    }
  }
}

function existing(state: PoolState): ExistingPool {
  if (!('pool' in state)) throw new NotFoundError(poolMessages.poolNotFound, { code: 'pool_not_found' });
  return state;
}

function create(c: Data<'CreatePool'>, now: Date, state: PoolState): PoolEvent[] {
  if (state.status !== 'none') throw new ConflictError(poolMessages.poolExists);
  // The API parsed it already; the decider re-checks so no other caller can skip a rule.
  const parsed = createPoolSchema.safeParse(c.settings);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid pool', { field: parsed.error.issues[0]?.path.join('.') });
  const s = parsed.data;
  assert(c.startGameweek.id === s.startGameweek, 'the calendar facts are those of the start gameweek');
  if (now.getTime() >= Date.parse(c.startGameweek.deadlineAt)) throw new ValidationError(poolMessages.startGameweekStarted, { code: 'gameweek_started', field: 'startGameweek' });
  const created: PoolEvent = {
    type: 'PoolCreated',
    data: {
      poolId: c.poolId,
      creatorId: c.creatorId,
      name: s.name,
      description: s.description,
      entryFee: s.entryFee,
      feeAmount: poolCost(s.entryFee).fee,
      currency: c.currency,
      maxParticipants: s.maxParticipants,
      durationWeeks: s.durationWeeks,
      startGameweek: s.startGameweek,
      endGameweek: endGameweekOf(s.startGameweek, s.durationWeeks),
      isPrivate: s.isPrivate,
      inviteCode: c.inviteCode,
      firstDeadlineAt: new Date(c.startGameweek.deadlineAt).toISOString(),
      tieRule: POOL_TIE_RULE,
      createdAt: now.toISOString(),
    },
  };
  if (!c.creatorEntry) return [created];
  return [created, joined(created.data, c.creatorId, c.creatorEntry.fplTeamId, c.creatorEntry.fplTeamName, now)];
}

function joined(pool: { poolId: string; entryFee: string }, userId: string, fplTeamId: number, fplTeamName: string, now: Date): PoolEvent {
  return { type: 'PoolJoined', data: { poolId: pool.poolId, userId, fplTeamId, fplTeamName, paid: poolCost(pool.entryFee).total, joinedAt: now.toISOString() } };
}

function join(c: Data<'JoinPool'>, now: Date, state: PoolState): PoolEvent[] {
  const pool = existing(state);
  const refusal = joinRefusal(pool, c.userId, c.entry.fplTeamId, now, c.firstDeadlineAt);
  if (refusal) throw new ConflictError(refusal);
  return [joined(pool.pool, c.userId, c.entry.fplTeamId, c.entry.fplTeamName, now)];
}

function refundsOf(pool: ExistingPool): PoolRefund[] {
  return pool.participants.map((p) => ({ userId: p.userId, amount: p.paid }));
}

function cancel(c: Data<'CancelPool'>, now: Date, state: PoolState): PoolEvent[] {
  const pool = existing(state);
  if (pool.pool.creatorId !== c.userId) throw new ForbiddenError(poolMessages.onlyCreatorCancels);
  if (pool.status === 'cancelled') return [];
  if (pool.status !== 'open' || now.getTime() >= Date.parse(c.firstDeadlineAt)) throw new ConflictError(poolMessages.onlyOpenCancels);
  return [{ type: 'PoolCancelled', data: { poolId: c.poolId, reason: 'creator', cancelledBy: c.userId, refunds: refundsOf(pool), cancelledAt: now.toISOString() } }];
}

/** At (or after) the first deadline: fewer than 2 entries cancels and refunds; otherwise the pool is on. */
function start(c: Data<'StartPool'>, now: Date, state: PoolState): PoolEvent[] {
  const pool = existing(state);
  if (pool.status !== 'open' || now.getTime() < Date.parse(c.firstDeadlineAt)) return [];
  if (pool.participants.length < POOL_MIN_TO_START) {
    return [{ type: 'PoolCancelled', data: { poolId: c.poolId, reason: 'not_enough_participants', cancelledBy: 'system', refunds: refundsOf(pool), cancelledAt: now.toISOString() } }];
  }
  return [{ type: 'PoolStarted', data: { poolId: c.poolId, participantCount: pool.participants.length, startedAt: now.toISOString() } }];
}

function sameStandings(a: readonly PoolStanding[], b: readonly PoolStanding[]): boolean {
  const scores = (s: PoolStanding | undefined) => JSON.stringify(s?.gameweeks ?? null);
  return a.length === b.length && a.every((s, i) => s.userId === b[i]?.userId && s.totalPoints === b[i]?.totalPoints && s.fplTeamId === b[i]?.fplTeamId && scores(s) === scores(b[i]));
}

/** Live standings during the pool: recorded only when they changed. */
function updateStandings(c: Data<'UpdateStandings'>, now: Date, state: PoolState): PoolEvent[] {
  const pool = existing(state);
  if (pool.status !== 'ongoing') return [];
  const members = new Set(pool.participants.map((p) => p.userId));
  assert(c.standings.every((s) => members.has(s.userId)), 'standings name participants only');
  const standings = sortStandings(c.standings);
  if (pool.standingsThrough === c.throughGameweek && sameStandings(pool.standings, standings)) return [];
  return [{ type: 'PoolStandingsUpdated', data: { poolId: c.poolId, throughGameweek: c.throughGameweek, standings, updatedAt: now.toISOString() } }];
}

/**
 * After the last gameweek is finished and data_checked: the pot (entries) to the most points,
 * ties split by POOL_TIE_RULE; the fees to the platform. Settling twice decides nothing.
 */
function settle(c: Data<'SettlePool'>, now: Date, state: PoolState): PoolEvent[] {
  const pool = existing(state);
  if (pool.status === 'completed' || pool.status === 'cancelled') return [];
  if (pool.status !== 'ongoing') throw new ConflictError(poolMessages.notYetFinished);
  const end = c.endGameweek;
  if (end.id !== pool.pool.endGameweek || !end.finished || !end.dataChecked) throw new ConflictError(poolMessages.notYetFinished, { code: 'pool_not_finished' });
  const evidence: Record<string, (typeof c.histories)[string]> = {};
  const standings = pool.participants.map((p) => {
    const history = c.histories[String(p.fplTeamId)];
    if (!history) throw new ValidationError(poolMessages.standingsMissing);
    evidence[String(p.fplTeamId)] = history.filter((h) => h.event >= pool.pool.startGameweek && h.event <= pool.pool.endGameweek).map((h) => ({ event: h.event, points: h.points, event_transfers_cost: h.event_transfers_cost }));
    return { userId: p.userId, fplTeamId: p.fplTeamId, totalPoints: windowPoints(history, pool.pool.startGameweek, pool.pool.endGameweek), gameweeks: gameweekScores(history, pool.pool.startGameweek, pool.pool.endGameweek) };
  });
  const pot = potOf(pool);
  const feeIncome = new Money(pool.pool.feeAmount).mul(pool.participants.length);
  const { winningPoints, payouts } = splitPot(pot, standings);
  const postings: Posting[] = feeIncome.gt(0) ? transfer(poolEscrow(c.poolId, pool.pool.currency), platformFees(pool.pool.currency), pool.pool.currency, feeIncome) : [];
  if (postings.length > 0) assertBalanced(postings);
  return [
    {
      type: 'PoolSettled',
      data: {
        poolId: c.poolId,
        currency: pool.pool.currency,
        potAmount: pot,
        feeIncome: formatAmount(feeIncome),
        standings: sortStandings(standings),
        winningPoints,
        payouts,
        tieRule: pool.pool.tieRule,
        evidence: { endGameweek: { id: end.id, finished: end.finished, data_checked: end.dataChecked }, histories: evidence },
        postings,
        settledAt: now.toISOString(),
      },
    },
  ];
}
