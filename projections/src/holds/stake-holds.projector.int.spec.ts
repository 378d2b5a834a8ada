// Proves the stake_holds read model: a bet hold and a pool hold, each found stale by staleStakeHolds under its own kind and closed by the events that close it; and applyBatch leaving the rows apply leaves, over generated bet and pool holds cut into random batches, redelivered.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { projectorSpec, recordedEvent } from '../testing/projector-spec.js';
import { staleStakeHolds, stakeHoldsProjector } from './index.js';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const spec = projectorSpec('stake_holds', [stakeHoldsProjector]);
/** applyBatch against apply: the same events, one by one in one database and in batches in another. */
const oneByOne = projectorSpec('holds_one_by_one', [stakeHoldsProjector]);
const inBatches = projectorSpec('holds_in_batches', [stakeHoldsProjector]);
const recorded = (type: string, data: Record<string, unknown>) => recordedEvent(type, data);

type Kind = 'bet' | 'pool';
const locked = (kind: Kind, holdId: string, userId: string, minute = 0) =>
  recorded('StakeLocked', { userId, holdId, holdKind: kind, stake: '50.00', fee: '1.00', total: '51.00', currency: 'NGN', spentDay: '2026-11-25', postings: [], lockedAt: at(minute).toISOString() });
const released = (kind: Kind, holdId: string, userId: string, minute = 5) =>
  recorded('StakeReleased', { userId, holdId, holdKind: kind, amount: '51.00', currency: 'NGN', spentDay: '2026-11-25', reason: 'test', postings: [], releasedAt: at(minute).toISOString() });
const paid = (kind: Kind, holdId: string, userId: string, minute = 5) =>
  recorded('PayoutCredited', { userId, holdId, holdKind: kind, payoutId: randomUUID(), amount: '100.00', currency: 'NGN', postings: [], creditedAt: at(minute).toISOString() });
const settled = (betId: string, winnerId: string, loserId: string, minute = 5) => recorded('BetSettled', { betId, winnerId, loserId, settledAt: at(minute).toISOString() });

/** The one row of this hold: its status and when it closed. */
const expectHold = (kind: Kind, holdId: string, userId: string, row: { status: string; closed_at: Date | null }) => spec.expectRows('stake_holds', { hold_kind: kind, hold_id: holdId, user_id: userId }, [row]);
const staleIds = async (kind: Kind, minute: number) => (await staleStakeHolds(spec.db, kind, at(minute), 1000)).map((h) => `${h.hold_kind}:${h.hold_id}:${h.user_id}`);

describe('stake holds', () => {
  it('finds a stale bet hold under its kind only, and closes it forfeited by BetSettled for the loser', async () => {
    const [betId, winner, loser] = [randomUUID(), randomUUID(), randomUUID()];
    // No bet row: nothing followed the locks, so both are stale once old enough.
    await spec.given([locked('bet', betId, winner), locked('bet', betId, loser), locked('bet', betId, loser)]);
    expect(await staleIds('bet', 0)).not.toContain(`bet:${betId}:${loser}`);
    expect(await staleIds('bet', 1)).toEqual(expect.arrayContaining([`bet:${betId}:${winner}`, `bet:${betId}:${loser}`]));
    expect((await staleIds('pool', 1)).filter((id) => id.includes(betId))).toEqual([]);
    await spec.given([settled(betId, winner, loser), paid('bet', betId, winner, 6)]);
    await expectHold('bet', betId, loser, { status: 'forfeited', closed_at: at(5) });
    await expectHold('bet', betId, winner, { status: 'paid', closed_at: at(6) });
    expect((await staleIds('bet', 60)).filter((id) => id.includes(betId))).toEqual([]);
    // Closed stays closed: a late release changes nothing.
    await spec.given([released('bet', betId, loser, 7)]);
    await expectHold('bet', betId, loser, { status: 'forfeited', closed_at: at(5) });
  });

  it('finds a stale pool hold under its kind only, closes it by release or payout, and never forfeits it', async () => {
    const [poolId, alice, bob] = [randomUUID(), randomUUID(), randomUUID()];
    await spec.given([locked('pool', poolId, alice), locked('pool', poolId, bob)]);
    expect(await staleIds('pool', 1)).toEqual(expect.arrayContaining([`pool:${poolId}:${alice}`, `pool:${poolId}:${bob}`]));
    expect((await staleIds('bet', 1)).filter((id) => id.includes(poolId))).toEqual([]);
    // A BetSettled naming the same id closes only a bet hold: the pool entry stays locked.
    await spec.given([settled(poolId, bob, alice)]);
    await expectHold('pool', poolId, alice, { status: 'locked', closed_at: null });
    await spec.given([released('pool', poolId, alice, 5), paid('pool', poolId, bob, 6)]);
    await expectHold('pool', poolId, alice, { status: 'released', closed_at: at(5) });
    await expectHold('pool', poolId, bob, { status: 'paid', closed_at: at(6) });
    expect((await staleIds('pool', 60)).filter((id) => id.includes(poolId))).toEqual([]);
  });

  it('keeps a bet hold and a pool hold of the same id and user apart', async () => {
    const [id, userId] = [randomUUID(), randomUUID()];
    await spec.given([locked('bet', id, userId), locked('pool', id, userId), released('pool', id, userId)]);
    await expectHold('bet', id, userId, { status: 'locked', closed_at: null });
    await expectHold('pool', id, userId, { status: 'released', closed_at: at(5) });
    expect(await staleIds('bet', 1)).toContain(`bet:${id}:${userId}`);
    expect(await staleIds('pool', 1)).not.toContain(`pool:${id}:${userId}`);
  });

  it('skips holds that name nothing of ours (an id that is not a UUID, another kind)', async () => {
    const userId = randomUUID();
    await spec.given([locked('bet', 'not-a-uuid', userId), locked('jackpot' as Kind, randomUUID(), userId), released('pool', 'nope', userId)]);
    await spec.expectRows('stake_holds', { user_id: userId }, []);
  });
});

async function dump(d: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from stake_holds t order by 1`.execute(d);
  return rows.map((r) => r.row);
}

describe('applyBatch', () => {
  // Events about a few holds of both kinds (ids shared between kinds on purpose), some repeated, some closing what was never locked.
  // As in the store, a hold's close never comes before its lock (one wallet stream; a bet settles after its stakes are locked).
  const eventArb = (ids: string[], users: string[]) =>
    fc.record({
      type: fc.constantFrom('locked', 'released', 'paid', 'settled'),
      kind: fc.constantFrom<Kind>('bet', 'pool'),
      id: fc.constantFrom(...ids),
      user: fc.constantFrom(...users),
      other: fc.constantFrom(...users),
      minute: fc.integer({ min: 0, max: 100 }),
    });

  it('leaves the same rows as apply event by event, for bet and pool holds, whatever the batches and redeliveries', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const users = [randomUUID(), randomUUID(), randomUUID()];
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb(ids, users), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 10 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 10 }),
        async (specs, cuts, redeliver) => {
          const key = (s: (typeof specs)[number]) => `${s.type === 'settled' ? 'bet' : s.kind}/${s.id}/${s.user}`;
          const lockedAt = new Map<string, number>();
          specs.forEach((s, i) => s.type === 'locked' && !lockedAt.has(key(s)) && lockedAt.set(key(s), i));
          const ordered = specs.filter((s, i) => s.type === 'locked' || (lockedAt.get(key(s)) ?? -1) < i);
          const events = ordered.map((s) =>
            s.type === 'locked' ? locked(s.kind, s.id, s.user, s.minute)
            : s.type === 'released' ? released(s.kind, s.id, s.user, s.minute)
            : s.type === 'paid' ? paid(s.kind, s.id, s.user, s.minute)
            : settled(s.id, s.other, s.user, s.minute),
          );
          await Promise.all([oneByOne, inBatches].map((d) => sql`truncate stake_holds`.execute(d.db)));
          await oneByOne.given(events, { times: 1 });
          let from = 0;
          for (const [i, size] of [...cuts, events.length].entries()) {
            if (from >= events.length) break;
            const to = Math.min(events.length, from + size);
            // Each batch in one transaction, starting up to `redeliver[i]` events before where the last ended.
            await inBatches.given(events.slice(Math.max(0, from - (redeliver[i] ?? 0)), to), { asBatch: true, times: 1 });
            from = to;
          }
          const expected = await dump(oneByOne.db);
          expect(await dump(inBatches.db)).toEqual(expected);
          await inBatches.given(events, { asBatch: true, times: 1 });
          expect(await dump(inBatches.db)).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is proven on sequences where both kinds reach every status', async () => {
    const [betId, poolId, a, b, c] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const events = [
      locked('bet', betId, a), locked('bet', betId, b), locked('bet', betId, c), locked('pool', poolId, a), locked('pool', poolId, b), locked('pool', poolId, c),
      settled(betId, a, b), paid('bet', betId, a), released('bet', betId, c), released('pool', poolId, a), paid('pool', poolId, b), settled(poolId, a, c),
    ];
    await Promise.all([oneByOne, inBatches].map((d) => sql`truncate stake_holds`.execute(d.db)));
    await oneByOne.given(events, { times: 1 });
    await inBatches.given(events, { asBatch: true, times: 1 });
    const statuses = (await dump(inBatches.db)).map((r) => JSON.parse(r) as { hold_kind: string; status: string }).map((h) => `${h.hold_kind}:${h.status}`).sort();
    expect(statuses).toEqual(['bet:forfeited', 'bet:paid', 'bet:released', 'pool:locked', 'pool:paid', 'pool:released']);
    expect(await dump(inBatches.db)).toEqual(await dump(oneByOne.db));
  });
});
