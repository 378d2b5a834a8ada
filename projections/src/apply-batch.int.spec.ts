// Proves every projector's `applyBatch` leaves exactly the tables its `apply` leaves event by event, over generated bet lifecycles and generated follow-ups (chats, notifications, live matches) cut into random batches, with batches delivered again.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, type RecordedEvent } from '@wager/domain';
import type { Database } from './database.js';
import { projectorSpec } from './testing/projector-spec.js';
import { seededRandom, simulateBetLifecycles, type SimulatedEvent } from './testing/bet-lifecycles.js';
import { EVERY_FOLLOW_UP, followUp, simulateFollowUps, type FollowUp } from './testing/follow-ups.js';
import { allProjectors } from './all-projectors.js';

const T0 = new Date('2026-11-25T10:00:00.000Z');
const batched = allProjectors().filter((p) => p.applyBatch);
const tables = batched.flatMap((p) => p.tables);

/** The same events, one by one in one database and in batches in another. */
const oneByOne = projectorSpec('apply_one_by_one', batched);
const inBatches = projectorSpec('apply_in_batches', batched);

async function recordedLifecycles(seed: number, bets: number, users: number, concurrent: number): Promise<RecordedEvent[]> {
  const appends: SimulatedEvent[][] = [];
  let clock = T0.getTime();
  simulateBetLifecycles({
    bets,
    users: Array.from({ length: users }, () => randomUUID()),
    concurrent,
    random: seededRandom(seed),
    nextId: randomUUID,
    start: T0,
    emit: (events) => appends.push([...events]),
  });
  const store = new InMemoryEventStore({ now: () => new Date((clock += 1_000)) });
  for (const events of appends) await store.append(events[0]!.streamId, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata })));
  return store.readAll();
}

async function dump(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t order by 1`.execute(db);
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

async function truncate(db: Kysely<Database>): Promise<void> {
  await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
}

async function applyInBatches(events: readonly RecordedEvent[], cuts: readonly number[], redeliver: readonly number[]): Promise<void> {
  let from = 0;
  for (const [i, size] of [...cuts, events.length].entries()) {
    if (from >= events.length) break;
    const to = Math.min(events.length, from + Math.max(1, size));
    // At-least-once delivery: the batch may start with events already applied.
    const batch = events.slice(Math.max(0, from - (redeliver[i] ?? 0)), to);
    // Through applyEvents, as the runner and rebuild call it (a projector with nothing in a batch is not called).
    await inBatches.given(batch, { asBatch: true, times: 1 });
    from = to;
  }
}

async function recordedFollowUps(steps: readonly FollowUp[]): Promise<RecordedEvent[]> {
  let clock = T0.getTime();
  const store = new InMemoryEventStore({ now: () => new Date((clock += 1_000)) });
  for (const events of simulateFollowUps(steps, { nextId: randomUUID, start: T0 })) {
    await store.append(events[0]!.streamId, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata })));
  }
  return store.readAll();
}

describe('applyBatch', () => {
  it('has projectors to prove', () => {
    expect(batched.map((p) => p.name)).toEqual(
      expect.arrayContaining(['ledger', 'wallets', 'transactions', 'bets', 'bet_trail', 'stake_holds', 'user_stats', 'notifications', 'chats', 'chat_messages', 'live-matches']),
    );
  });

  it('leaves the same rows as apply event by event for the follow-ups (chats, messages, notifications, live matches)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          steps: fc.array(followUp, { maxLength: 60 }),
          cuts: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 20 }),
          redeliver: fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 20 }),
        }),
        async ({ steps, cuts, redeliver }) => {
          const events = await recordedFollowUps([...EVERY_FOLLOW_UP, ...steps, ...EVERY_FOLLOW_UP]);
          await Promise.all([truncate(oneByOne.db), truncate(inBatches.db)]);
          await oneByOne.given(events, { times: 1 });
          await applyInBatches(events, cuts, redeliver);
          const expected = await dump(oneByOne.db);
          for (const table of ['notifications', 'chats', 'chat_messages', 'live_matches']) expect(expected[table], table).not.toEqual([]);
          expect(await dump(inBatches.db)).toEqual(expected);
          await inBatches.given(events, { asBatch: true, times: 1 });
          expect(await dump(inBatches.db)).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);

  it('leaves the same rows as apply event by event, whatever the batches and redeliveries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer(),
          bets: fc.integer({ min: 1, max: 25 }),
          users: fc.integer({ min: 2, max: 6 }),
          concurrent: fc.integer({ min: 1, max: 8 }),
          cuts: fc.array(fc.integer({ min: 1, max: 120 }), { maxLength: 20 }),
          redeliver: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }),
        }),
        async ({ seed, bets, users, concurrent, cuts, redeliver }) => {
          const events = await recordedLifecycles(seed, bets, users, concurrent);
          await Promise.all([truncate(oneByOne.db), truncate(inBatches.db)]);
          await oneByOne.given(events, { times: 1 });
          await applyInBatches(events, cuts, redeliver);
          const expected = await dump(oneByOne.db);
          expect(await dump(inBatches.db)).toEqual(expected);
          // The whole sequence again, as one batch: nothing changes.
          await inBatches.given(events, { asBatch: true, times: 1 });
          expect(await dump(inBatches.db)).toEqual(expected);
        },
      ),
      { numRuns: 12 },
    );
    // A hang guard, not a speed check: 12 runs of up to 25 lifecycles, each applied one by one and in
    // batches, take ~25 s on two quiet cores and can pass the project's 60 s on a loaded machine.
  }, 300_000);

  it('is proven on sequences that reach every bet outcome', async () => {
    const events = await recordedLifecycles(7, 60, 5, 6);
    const types = new Set(events.map((e) => e.type));
    for (const type of ['DepositCredited', 'StakeLocked', 'StakeReleased', 'PayoutCredited', 'BetCreated', 'BetAccepted', 'BetResultReported', 'BetSettled', 'BetDisputed', 'DisputeResolved', 'BetCancelled', 'BetExpired', 'BetVoided', 'AppealFiled', 'AppealDecided', 'AppealDebited', 'AppealCredited']) {
      expect(types, type).toContain(type);
    }
  });
});
