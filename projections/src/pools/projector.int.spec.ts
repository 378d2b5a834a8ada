// Proves the pools read models: a pool's row, entries, pot and standings follow its stream; an event applied twice (a replay) changes nothing; entry holds follow the wallets' pool locks, releases and payouts (bet holds are not theirs).
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@wager/domain';
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
    await spec.given([stream[5]!], { times: 1, projectors: [fplPoolsProjector] });
    // A replay of the whole stream (a restarted runner) changes nothing.
    for (const r of stream) await spec.given([r], { times: 1, projectors: [fplPoolsProjector] });
    expect(await findPool(spec.db, poolId)).toMatchObject({ status: 'completed', participant_count: 2, pot_amount: '100.00', winning_points: 110, standings_through: 1 });
    expect((await poolParticipants(spec.db, poolId)).map((p) => [p.fpl_team_id, p.total_points, p.payout])).toEqual([[11, 110, '100.00'], [22, 85, null]]);
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
