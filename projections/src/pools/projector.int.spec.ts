// Proves the pools read models: a pool's row, entries, pot and standings follow its stream; an event applied twice (a replay) changes nothing; a person's erasure rewrites the name and description of the pools they created and their entries' FPL team names to "[erased]" (ids, points, payouts kept; others untouched), and a rebuild after it, from the log as it then reads or from events recorded in clear before sealing, gives the same rows; entry holds follow the wallets' pool locks, releases and payouts (bet holds are not theirs).
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ERASED_VALUE, erasedData, type RecordedEvent } from '@wager/domain';
import { poolDecider, type PoolCommand, type PoolEvent } from '@wager/domain/pools/index';
import { createPool, joinPool, gameweek, history, FIRST_DEADLINE } from '@wager/domain/pools/testing';
import { projectorSpec, recordedEvent } from '../testing/projector-spec.js';
import { fplPoolsProjector } from './projector.js';
import { poolParticipants, findPool } from './queries.js';
import { staleStakeHolds, stakeHoldsProjector } from '../holds/index.js';

const spec = projectorSpec('pools_projector', [fplPoolsProjector, stakeHoldsProjector]);

const recorded = (streamId: string, streamRevision: number, event: { type: string; data: unknown }): RecordedEvent => recordedEvent(event.type, event.data, { streamId, streamRevision });

describe('fpl pools projector', () => {
  it('follows a pool from creation to settlement, idempotently', async () => {
    const poolId = randomUUID();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const after = new Date(Date.parse(FIRST_DEADLINE) + 1000);
    const commands: PoolCommand[] = [
      createPool(poolId, alice, { name: 'Projected', entryFee: '50' }, { fplTeamId: 11, fplTeamName: 'Eleven' }),
      joinPool(poolId, bob, 22),
      { type: 'StartPool', data: { poolId, firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: after } },
      { type: 'UpdateStandings', data: { poolId, throughGameweek: 1, standings: [{ userId: alice, fplTeamId: 11, totalPoints: 40 }, { userId: bob, fplTeamId: 22, totalPoints: 55 }] }, metadata: { now: after } },
      { type: 'SettlePool', data: { poolId, endGameweek: gameweek(2, { finished: true, dataChecked: true }), histories: { 11: history([[1, 40], [2, 70]]), 22: history([[1, 55], [2, 30]]) } }, metadata: { now: after } },
    ];
    let state = poolDecider.initialState();
    const events: PoolEvent[] = [];
    for (const c of commands) for (const e of poolDecider.decide(c, state)) {
      state = poolDecider.evolve(state, e);
      events.push(e);
    }
    const stream = events.map((e, i) => recorded(`pool-${poolId}`, i, e));
    for (const r of stream.slice(0, 4)) await spec.given([r], { times: 1, projectors: [fplPoolsProjector] });
    expect(await findPool(spec.db, poolId)).toMatchObject({ status: 'ongoing', participant_count: 2, pot_amount: '100.00', entry_fee: '50.00', fee_amount: '1.00' });
    await spec.given([stream[4]!], { times: 1, projectors: [fplPoolsProjector] });
    expect((await poolParticipants(spec.db, poolId)).map((p) => [p.fpl_team_id, p.total_points, p.payout])).toEqual([[22, 55, null], [11, 40, null]]);
    // Standings recorded without a breakdown (before issue #29) leave it empty.
    expect((await poolParticipants(spec.db, poolId)).map((p) => p.gameweek_points)).toEqual([[], []]);
    await spec.given([stream[5]!], { times: 1, projectors: [fplPoolsProjector] });
    // A replay of the whole stream (a restarted runner) changes nothing.
    for (const r of stream) await spec.given([r], { times: 1, projectors: [fplPoolsProjector] });
    expect(await findPool(spec.db, poolId)).toMatchObject({ status: 'completed', participant_count: 2, pot_amount: '100.00', winning_points: 110, standings_through: 1 });
    expect((await poolParticipants(spec.db, poolId)).map((p) => [p.fpl_team_id, p.total_points, p.payout])).toEqual([[11, 110, '100.00'], [22, 85, null]]);
    expect((await poolParticipants(spec.db, poolId)).map((p) => p.gameweek_points.map((g) => g.points))).toEqual([[40, 70], [55, 30]]);
  });

  it('keeps each entry\'s points per gameweek from the standings, and derives them from the evidence of a settlement recorded without them', async () => {
    const poolId = randomUUID();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const at = '2026-08-01T10:00:00.000Z';
    const created = recorded(`pool-${poolId}`, 0, { type: 'PoolCreated', data: { poolId, creatorId: alice, name: 'Weeks', description: null, entryFee: '10.00', feeAmount: '0.20', currency: 'NGN', maxParticipants: 5, durationWeeks: 3, startGameweek: 4, endGameweek: 6, isPrivate: false, inviteCode: 'WEEKS234', firstDeadlineAt: at, tieRule: 'split', createdAt: at } });
    const joined = (userId: string, team: number, revision: number) => recorded(`pool-${poolId}`, revision, { type: 'PoolJoined', data: { poolId, userId, fplTeamId: team, fplTeamName: `T${team}`, paid: '10.20', joinedAt: at } });
    const standings = [
      { userId: bob, fplTeamId: 22, totalPoints: 90, gameweeks: [{ gameweek: 4, points: 50 }, { gameweek: 5, points: 40 }] },
      { userId: alice, fplTeamId: 11, totalPoints: 61, gameweeks: [{ gameweek: 4, points: 61 }, { gameweek: 5, points: 0 }] },
    ];
    const updated = recorded(`pool-${poolId}`, 3, { type: 'PoolStandingsUpdated', data: { poolId, throughGameweek: 5, standings, updatedAt: at } });
    await spec.given([created, joined(alice, 11, 1), joined(bob, 22, 2), updated], { times: 1, projectors: [fplPoolsProjector] });
    expect((await poolParticipants(spec.db, poolId)).map((p) => [p.fpl_team_id, p.gameweek_points])).toEqual([[22, standings[0]!.gameweeks], [11, standings[1]!.gameweeks]]);
    // A settlement as recorded before the breakdown was kept: no `gameweeks`, the raw history in its evidence.
    const histories = { 11: [{ event: 4, points: 61, event_transfers_cost: 0 }, { event: 6, points: 30, event_transfers_cost: 4 }], 22: [{ event: 4, points: 50, event_transfers_cost: 0 }, { event: 5, points: 40, event_transfers_cost: 0 }, { event: 6, points: 1, event_transfers_cost: 0 }] };
    const settled = recorded(`pool-${poolId}`, 4, { type: 'PoolSettled', data: { poolId, currency: 'NGN', potAmount: '20.00', feeIncome: '0.40', standings: [{ userId: bob, fplTeamId: 22, totalPoints: 91 }, { userId: alice, fplTeamId: 11, totalPoints: 87 }], winningPoints: 91, payouts: [{ userId: bob, amount: '20.00' }], tieRule: 'split', evidence: { endGameweek: { id: 6, finished: true, data_checked: true }, histories }, postings: [], settledAt: at } });
    await spec.given([settled], { times: 1, projectors: [fplPoolsProjector] });
    expect((await poolParticipants(spec.db, poolId)).map((p) => [p.fpl_team_id, p.gameweek_points.map((g) => [g.gameweek, g.points])])).toEqual([[22, [[4, 50], [5, 40], [6, 1]]], [11, [[4, 61], [5, 0], [6, 26]]]]);
  });

  it("rewrites what an erased person typed into pools to \"[erased]\", and a rebuild after the erasure gives the same rows", async () => {
    const poolId = randomUUID();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const after = new Date(Date.parse(FIRST_DEADLINE) + 1000);
    const commands: PoolCommand[] = [
      createPool(poolId, alice, { name: 'Ada Obi office pool', description: 'Ada from accounts runs it', entryFee: '50' }, { fplTeamId: 11, fplTeamName: 'Ada Obi FC' }),
      joinPool(poolId, bob, 22),
      { type: 'StartPool', data: { poolId, firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: after } },
      { type: 'SettlePool', data: { poolId, endGameweek: gameweek(2, { finished: true, dataChecked: true }), histories: { 11: history([[1, 40], [2, 70]]), 22: history([[1, 55], [2, 30]]) } }, metadata: { now: after } },
    ];
    let state = poolDecider.initialState();
    const events: PoolEvent[] = [];
    for (const c of commands) for (const e of poolDecider.decide(c, state)) {
      state = poolDecider.evolve(state, e);
      events.push(e);
    }
    const erased = (userId: string) => recorded(`user-${userId}`, 9, { type: 'PersonErased', data: { userId, by: 'self', erasedAt: after.toISOString() } });
    const stream = events.map((e, i) => recorded(`pool-${poolId}`, i, e));
    const rows = async () => ({
      pool: await spec.db.selectFrom('fpl_pools').selectAll().where('id', '=', poolId).execute(),
      participants: await spec.db.selectFrom('fpl_pool_participants').selectAll().where('pool_id', '=', poolId).orderBy('user_id').execute(),
    });
    const forget = async () => {
      await spec.db.deleteFrom('fpl_pool_participants').where('pool_id', '=', poolId).execute();
      await spec.db.deleteFrom('fpl_pools').where('id', '=', poolId).execute();
    };

    await spec.given(stream, { projectors: [fplPoolsProjector] });
    const before = await rows();
    expect(before.pool[0]).toMatchObject({ name: 'Ada Obi office pool', description: 'Ada from accounts runs it', status: 'completed' });
    // Someone else's erasure changes nothing here.
    await spec.given([erased(randomUUID())], { projectors: [fplPoolsProjector] });
    expect(await rows()).toEqual(before);

    // Delivered twice (the default): the second changes nothing.
    await spec.given([erased(alice)], { projectors: [fplPoolsProjector] });
    const afterErasure = await rows();
    expect(afterErasure.pool).toEqual([{ ...before.pool[0], name: ERASED_VALUE, description: ERASED_VALUE }]);
    const names = (r: typeof before) => Object.fromEntries(r.participants.map((p) => [p.user_id, p.fpl_team_name]));
    expect(names(afterErasure)).toEqual({ [alice]: ERASED_VALUE, [bob]: 'Team 22' });
    // Only the names changed: team ids, points, per-gameweek points, payouts and amounts stay.
    expect(afterErasure.participants.map(({ fpl_team_name: _, ...rest }) => rest)).toEqual(before.participants.map(({ fpl_team_name: _, ...rest }) => rest));
    expect(afterErasure.participants.find((p) => p.user_id === alice)).toMatchObject({ fpl_team_id: 11, total_points: 110, payout: '100.00' });

    // A rebuild from the log as it reads after the erasure (her sealed fields open as "[erased]").
    await forget();
    await spec.given([...stream.map((r) => ({ ...r, data: erasedData(r.type, r.data, alice) })), erased(alice)], { projectors: [fplPoolsProjector] });
    expect(await rows()).toEqual(afterErasure);
    // A rebuild from events recorded in clear before sealing existed: the PersonErased rewrites them again.
    await forget();
    await spec.given([...stream, erased(alice)], { projectors: [fplPoolsProjector] });
    expect(await rows()).toEqual(afterErasure);
  });

  it('tracks pool entry locks from the wallets, apart from bet holds', async () => {
    const poolId = randomUUID();
    const userId = randomUUID();
    const common = { userId, holdId: poolId, currency: 'NGN', postings: [] };
    const locked = recorded(`wallet-${userId}`, 0, { type: 'StakeLocked', data: { ...common, holdKind: 'pool', stake: '50.00', fee: '1.00', total: '51.00', spentDay: '2026-08-01', lockedAt: '2026-08-01T10:00:00.000Z' } });
    await spec.given([locked], { times: 1, projectors: [stakeHoldsProjector] });
    await spec.given([locked], { times: 1, projectors: [stakeHoldsProjector] });
    await spec.given([recorded(`wallet-${userId}`, 1, { type: 'StakeLocked', data: { ...common, holdId: randomUUID(), holdKind: 'bet', stake: '10.00', fee: '0.20', total: '10.20', spentDay: '2026-08-01', lockedAt: '2026-08-01T10:00:00.000Z' } })], { times: 1, projectors: [stakeHoldsProjector] });
    // Not a participant of any pool: a stale lock for the reconciler.
    expect((await staleStakeHolds(spec.db, 'pool', new Date('2026-08-01T11:00:00.000Z'), 10)).map((h) => [h.hold_kind, h.hold_id, h.user_id])).toEqual([['pool', poolId, userId]]);
    await spec.given([recorded(`wallet-${userId}`, 2, { type: 'StakeReleased', data: { ...common, holdKind: 'pool', amount: '51.00', spentDay: '2026-08-01', reason: 'pool_join_failed', releasedAt: '2026-08-01T10:05:00.000Z' } })], { times: 1, projectors: [stakeHoldsProjector] });
    expect(await staleStakeHolds(spec.db, 'pool', new Date('2026-08-01T11:00:00.000Z'), 10)).toEqual([]);
    const rows = await spec.db.selectFrom('stake_holds').selectAll().where('user_id', '=', userId).orderBy('hold_kind').execute();
    // The bet hold is kept apart, under its own kind, and the release of the pool hold leaves it locked.
    expect(rows.map((r) => [r.hold_kind, r.status, r.total])).toEqual([['bet', 'locked', '10.20'], ['pool', 'released', '51.00']]);
    expect(rows[1]!.hold_id).toBe(poolId);
  });
});
