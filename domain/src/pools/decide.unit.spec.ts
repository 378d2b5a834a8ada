// Proves the pool decider's rules: spec validation and defaults, joins (cost, deadline, twice, full), cancel by the creator, automatic cancel under 2 entries, settlement over the window with transfer costs, ties and the kobo rule, and that settling twice decides nothing.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import type { PoolCommand } from './commands.js';
import { poolCost } from './decide.js';
import type { PoolEvent } from './events.js';
import { poolDecider } from './index.js';
import { createPoolSchema, poolMessages } from './rules.js';
import fc from 'fast-check';
import { gameweekScores, splitPot, windowPoints } from './standings.js';
import type { PoolState } from './state.js';
import { FIRST_DEADLINE, POOL_T0, createPool, gameweek, history, joinPool } from './testing.js';

const AFTER_DEADLINE = new Date(Date.parse(FIRST_DEADLINE) + 1000);

const spec = deciderSpec(poolDecider);
const given = (...commands: PoolCommand[]): PoolState => spec.stateAfter(commands);
function only(events: PoolEvent[]): PoolEvent {
  expect(events).toHaveLength(1);
  return events[0]!;
}

describe('creating a pool', () => {
  it('applies the spec defaults to what may be left out (10 places, 2 weeks from gameweek 1, public); the entry fee is given', () => {
    const created = only(spec.given().when(createPool('p1', 'alice')).events());
    expect(created).toMatchObject({ type: 'PoolCreated', data: { entryFee: '5.00', feeAmount: '0.10', maxParticipants: 10, durationWeeks: 2, startGameweek: 1, endGameweek: 2, isPrivate: false, firstDeadlineAt: FIRST_DEADLINE } });
  });

  it.each([
    [{ name: '' }, poolMessages.nameRequired],
    [{ name: 'x'.repeat(101) }, poolMessages.nameTooLong],
    [{ name: 'a', description: 'x'.repeat(501) }, poolMessages.descriptionTooLong],
    [{ name: 'a', entryFee: '' }, poolMessages.entryFeeRequired],
    [{ name: 'a' }, poolMessages.entryFeeRequired],
    [{ name: 'a', entryFee: '0' }, poolMessages.entryFeeMin],
    [{ name: 'a', entryFee: '1.234' }, poolMessages.entryFeeDecimals],
    [{ name: 'a', entryFee: '5', maxParticipants: 1 }, poolMessages.maxParticipantsRange],
    [{ name: 'a', entryFee: '5', maxParticipants: 51 }, poolMessages.maxParticipantsRange],
    [{ name: 'a', entryFee: '5', durationWeeks: 9 }, poolMessages.durationRange],
    [{ name: 'a', entryFee: '5', startGameweek: 39 }, poolMessages.startGameweekRange],
    [{ name: 'a', entryFee: '5', startGameweek: 36, durationWeeks: 4 }, poolMessages.poolPastSeason],
  ])('refuses %j with the spec message', (settings, message) => {
    const parsed = createPoolSchema.safeParse(settings);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a start gameweek whose deadline has passed', () => {
    const command = createPool('p1', 'alice', { name: 'Late', entryFee: '5' }, null, AFTER_DEADLINE);
    expect(spec.given().when(command).thenRefused().message).toContain(poolMessages.startGameweekStarted);
  });

  it('joins the creator at once when they give a team, paying entry + 2 %', () => {
    const events = spec.given().when(createPool('p1', 'alice', { name: 'Mine', entryFee: '1000' }, { fplTeamId: 7, fplTeamName: 'Seven' })).events();
    expect(events.map((e) => e.type)).toEqual(['PoolCreated', 'PoolJoined']);
    expect(events[1]!.data).toMatchObject({ userId: 'alice', fplTeamId: 7, fplTeamName: 'Seven', paid: '1020.00' });
  });

  it('refuses a second creation of the same pool', () => {
    spec.givenState(given(createPool('p1', 'alice'))).when(createPool('p1', 'alice')).thenRefused({ type: ConflictError });
  });
});

describe('joining', () => {
  const pool = createPool('p1', 'alice', { name: 'Two places', maxParticipants: 2, entryFee: '10.50' });

  it('records the team and what was paid (entry + 2 % rounded half up)', () => {
    expect(poolCost('10.50')).toEqual({ fee: '0.21', total: '10.71' });
    expect(only(spec.givenState(given(pool)).when(joinPool('p1', 'bob', 11)).events()).data).toMatchObject({ userId: 'bob', fplTeamId: 11, paid: '10.71' });
  });

  it('refuses twice, the same team twice, over the limit, after the deadline, and an unknown pool', () => {
    const one = given(pool, joinPool('p1', 'bob', 11));
    expect(spec.givenState(one).when(joinPool('p1', 'bob', 12)).thenRefused().message).toContain(poolMessages.alreadyJoined);
    expect(spec.givenState(one).when(joinPool('p1', 'carol', 11)).thenRefused().message).toContain(poolMessages.teamAlreadyEntered);
    const full = given(pool, joinPool('p1', 'bob', 11), joinPool('p1', 'carol', 12));
    expect(spec.givenState(full).when(joinPool('p1', 'dave', 13)).thenRefused().message).toContain(poolMessages.poolFull);
    expect(spec.givenState(given(pool)).when(joinPool('p1', 'dave', 13, AFTER_DEADLINE)).thenRefused().message).toContain(poolMessages.deadlinePassed);
    spec.given().when(joinPool('p9', 'dave', 13)).thenRefused({ type: NotFoundError });
  });
});

describe('cancelling and starting', () => {
  const pool = createPool('p1', 'alice', { name: 'P', entryFee: '5' }, { fplTeamId: 1, fplTeamName: 'A' });
  const cancel = (userId: string, now = POOL_T0): PoolCommand => ({ type: 'CancelPool', data: { poolId: 'p1', userId, firstDeadlineAt: FIRST_DEADLINE }, metadata: { now } });
  const startAt = (now: Date): PoolCommand => ({ type: 'StartPool', data: { poolId: 'p1', firstDeadlineAt: FIRST_DEADLINE }, metadata: { now } });

  it('lets only the creator cancel, before the start, refunding every entry in full', () => {
    const state = given(pool, joinPool('p1', 'bob', 2));
    spec.givenState(state).when(cancel('bob')).thenRefused({ type: ForbiddenError });
    expect(only(spec.givenState(state).when(cancel('alice')).events()).data).toMatchObject({ reason: 'creator', refunds: [{ userId: 'alice', amount: '5.10' }, { userId: 'bob', amount: '5.10' }] });
    expect(spec.givenState(state).when(cancel('alice', AFTER_DEADLINE)).thenRefused().message).toContain(poolMessages.onlyOpenCancels);
  });

  it('does nothing before the first deadline, cancels under 2 entries and starts with 2', () => {
    spec.givenState(given(pool)).when(startAt(POOL_T0)).thenNothing();
    expect(only(spec.givenState(given(pool)).when(startAt(AFTER_DEADLINE)).events())).toMatchObject({ type: 'PoolCancelled', data: { reason: 'not_enough_participants', refunds: [{ userId: 'alice', amount: '5.10' }] } });
    expect(only(spec.givenState(given(pool, joinPool('p1', 'bob', 2))).when(startAt(AFTER_DEADLINE)).events())).toMatchObject({ type: 'PoolStarted', data: { participantCount: 2 } });
  });
});

describe('settling', () => {
  const start: PoolCommand = { type: 'StartPool', data: { poolId: 'p1', firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: AFTER_DEADLINE } };
  const ongoing = given(
    createPool('p1', 'alice', { name: 'P', entryFee: '100', startGameweek: 3, durationWeeks: 2 }, { fplTeamId: 30, fplTeamName: 'A' }),
    joinPool('p1', 'bob', 20),
    joinPool('p1', 'carol', 10),
    start,
  );
  const settle = (histories: Record<string, ReturnType<typeof history>>, facts = { finished: true, dataChecked: true }): PoolCommand => ({
    type: 'SettlePool',
    data: { poolId: 'p1', endGameweek: gameweek(4, facts), histories },
    metadata: { now: new Date('2026-09-01T00:00:00Z') },
  });

  it('counts only the window, net of transfer costs', () => {
    expect(windowPoints(history([[2, 99], [3, 60, 4], [4, 50], [5, 99]]), 3, 4)).toBe(106);
  });

  it('breaks the window down per gameweek, net of transfer costs, 0 for a gameweek with no entry (issue #29)', () => {
    expect(gameweekScores(history([[2, 99], [3, 60, 4], [5, 99]]), 3, 5)).toEqual([{ gameweek: 3, points: 56 }, { gameweek: 4, points: 0 }, { gameweek: 5, points: 99 }]);
    expect(gameweekScores([], 3, 2)).toEqual([]);
  });

  it('the per-gameweek breakdown always sums to the window points, one column per gameweek', () => {
    const row = fc.record({ event: fc.integer({ min: 1, max: 12 }), points: fc.integer({ min: -10, max: 150 }), event_transfers_cost: fc.constantFrom(0, 4, 8) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 5 }), (rows, start, length) => {
        // FPL answers one row per gameweek; the first one counts, as in windowPoints.
        const scores = gameweekScores(rows, start, start + length);
        expect(scores.map((s) => s.gameweek)).toEqual(Array.from({ length: length + 1 }, (_, i) => start + i));
        expect(scores.reduce((sum, s) => sum + s.points, 0)).toBe(windowPoints(rows, start, start + length));
      }),
    );
  });

  it('records the per-gameweek breakdown with the settled standings', () => {
    const event = only(spec.givenState(ongoing).when(settle({ 30: history([[3, 50], [4, 50]]), 20: history([[3, 70], [4, 40, 8]]), 10: history([[3, 10]]) })).events());
    if (event.type !== 'PoolSettled') throw new Error(event.type);
    expect(event.data.standings.map((s) => [s.fplTeamId, s.gameweeks])).toEqual([
      [20, [{ gameweek: 3, points: 70 }, { gameweek: 4, points: 32 }]],
      [30, [{ gameweek: 3, points: 50 }, { gameweek: 4, points: 50 }]],
      [10, [{ gameweek: 3, points: 10 }, { gameweek: 4, points: 0 }]],
    ]);
  });

  it('waits for the last gameweek to be finished and data_checked', () => {
    expect(spec.givenState(ongoing).when(settle({}, { finished: true, dataChecked: false })).thenRefused().message).toContain(poolMessages.notYetFinished);
  });

  it('pays the pot to the most points and the fees to the platform', () => {
    const event = only(spec.givenState(ongoing).when(settle({ 30: history([[3, 50], [4, 50]]), 20: history([[3, 70], [4, 40, 8]]), 10: history([[3, 10], [4, 10]]) })).events());
    expect(event.type).toBe('PoolSettled');
    if (event.type !== 'PoolSettled') return;
    expect(event.data).toMatchObject({ potAmount: '300.00', feeIncome: '6.00', winningPoints: 102, payouts: [{ userId: 'bob', amount: '300.00' }] });
    expect(event.data.postings).toEqual([
      { account: 'pool:p1:escrow:NGN', currency: 'NGN', amount: '-6.00' },
      { account: 'platform:fees:NGN', currency: 'NGN', amount: '6.00' },
    ]);
    expect(event.data.standings.map((s) => s.userId)).toEqual(['bob', 'alice', 'carol']);
  });

  it('splits a tie equally; the indivisible kobo go to the lower FPL team ids first', () => {
    expect(splitPot('100.00', [{ userId: 'a', fplTeamId: 30, totalPoints: 5 }, { userId: 'b', fplTeamId: 20, totalPoints: 5 }, { userId: 'c', fplTeamId: 10, totalPoints: 5 }]).payouts).toEqual([
      { userId: 'c', amount: '33.34' },
      { userId: 'b', amount: '33.33' },
      { userId: 'a', amount: '33.33' },
    ]);
  });

  it('settles once: a second settlement decides nothing', () => {
    const histories = { 30: history([[3, 1]]), 20: history([[3, 1]]), 10: history([[3, 1]]) };
    let state = ongoing;
    state = spec.givenState(state).when(settle(histories)).after();
    expect(state.status).toBe('completed');
    spec.givenState(state).when(settle(histories)).thenNothing();
  });

  it('refuses when a participant has no history', () => {
    spec.givenState(ongoing).when(settle({ 30: [] })).thenRefused({ type: ValidationError });
  });
});
