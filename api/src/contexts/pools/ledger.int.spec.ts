// Proves the proof of escrow for pools: GET /api/fpl/pools/:poolId/ledger lists every posting that moved a settled pool's money (entries and fees in, payouts, fees out) with event ids, times and hashes, an empty escrow whose legs sum to zero, a pool-stream hash chain that recomputes with the server's canonical JSON and sha256 and breaks at an event altered in the store; and answers only the pool's participants, its creator and admins (a visitor 401, anyone else 404).
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyHashChain } from '@wager/domain';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { PoolCalendarJob } from './jobs.js';

let h: TestHarness;
let job: PoolCalendarJob;
const sha256Hex = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  h = await createTestHarness({ label: 'pool_ledger', env: { FPL_CACHE_TTL_MS: '0' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  job = new PoolCalendarJob(h.deps);
  await h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/reset' });
});
afterAll(async () => {
  await h.close();
});

type Ledger = {
  poolId: string;
  currency: string;
  escrowAccount: string;
  escrowBalance: string;
  movements: { eventId: string; eventType: string; streamId: string; streamRevision: number | null; hash: string | null; recordedAt: string; postings: { account: string; currency: string; amount: string }[] }[];
  chain: { streamId: string; headHash: string | null; events: { id: string; revision: number; type: string; data: unknown; hash: string; redacted: boolean }[] };
};

const control = (path: string, payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url: `/sandbox/fpl/_control/${path}`, payload });
const tick = async () => {
  const result = await job.tick();
  await h.settle();
  return result;
};
const ledgerOf = (p: Player | null, poolId: string) => h.app.inject({ method: 'GET', url: `/api/fpl/pools/${poolId}/ledger`, ...(p ? { headers: p.headers } : {}) });

async function createPool(owner: Player, payload: Record<string, unknown>): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: owner.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { pool: { id: string } }).pool.id;
}
async function join(p: Player, poolId: string, fplTeamId: number) {
  const res = await h.app.inject({ method: 'POST', url: `/api/fpl/pools/${poolId}/join`, headers: p.headers, payload: { fplTeamId } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Alice (team 401, 110 points) and Bob (402, 60) in a 10.00 pool over gameweeks 1–2: Alice wins the 20.00 pot; 0.40 of fees. */
async function settledPool() {
  const [alice, bob] = await Promise.all([fundedPlayer(h), fundedPlayer(h)]);
  const poolId = await createPool(alice, { name: 'Proof', entryFee: '10', durationWeeks: 2, fplTeamId: 401 });
  await join(bob, poolId, 402);
  for (const [teamId, gameweek, points] of [[401, 1, 60], [401, 2, 50], [402, 1, 30], [402, 2, 30]] as const) await control('points', { teamId, gameweek, points, transfersCost: 0 });
  await control('advance', { step: 'gameweek' });
  expect((await tick()).pools[poolId]).toBe('ongoing');
  for (const step of ['deadline', 'finish', 'check']) await control('advance', { step });
  expect((await tick()).pools[poolId]).toBe('completed');
  return { alice, bob, poolId };
}

describe('GET /api/fpl/pools/:poolId/ledger', () => {
  let settled: Awaited<ReturnType<typeof settledPool>>;
  beforeAll(async () => {
    settled = await settledPool();
  });

  it('lists the postings that moved a settled pool\'s money, an empty escrow whose legs sum to zero, and a hash chain that recomputes', async () => {
    const { alice, bob, poolId } = settled;
    const r = await ledgerOf(bob, poolId);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as Ledger;
    expect(body).toMatchObject({ poolId, currency: 'NGN', escrowAccount: `pool:${poolId}:escrow:NGN`, escrowBalance: '0.00' });
    const escrowLegs = body.movements.flatMap((m) => m.postings.filter((p) => p.account === body.escrowAccount).map((p) => ({ type: m.eventType, amount: p.amount })));
    expect(escrowLegs).toEqual(
      expect.arrayContaining([
        { type: 'StakeLocked', amount: '10.20' },
        { type: 'StakeLocked', amount: '10.20' },
        { type: 'PayoutCredited', amount: '-20.00' },
        { type: 'PoolSettled', amount: '-0.40' },
      ]),
    );
    expect(escrowLegs).toHaveLength(4);
    expect(escrowLegs.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)).toFixed(2)).toBe('0.00');
    // Every movement is balanced on its own (double entry).
    for (const m of body.movements) expect(m.postings.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)).isZero(), m.eventType).toBe(true);
    const payout = body.movements.find((m) => m.eventType === 'PayoutCredited')!;
    expect(payout.postings).toContainEqual({ account: `user:${alice.id}:available:NGN`, currency: 'NGN', amount: '20.00' });
    expect(body.movements.find((m) => m.eventType === 'PoolSettled')).toMatchObject({ streamId: `pool-${poolId}` });
    for (const m of body.movements) {
      expect(m.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(m.streamRevision).toEqual(expect.any(Number));
    }
    expect(body.chain.streamId).toBe(`pool-${poolId}`);
    expect(body.chain.events.map((e) => e.type)).toEqual(expect.arrayContaining(['PoolCreated', 'PoolJoined', 'PoolStarted', 'PoolSettled']));
    expect(body.chain.headHash).toBe(body.chain.events.at(-1)!.hash);
    expect(await verifyHashChain(body.chain.events, sha256Hex)).toEqual({ ok: true, checked: body.chain.events.length, redacted: 0, brokenAt: null });
    // The chain is shown as stored (what its hashes cover): the pool's name, its creator's words, is sealed there.
    const created = body.chain.events.find((e) => e.type === 'PoolCreated')!.data as { name: string };
    expect(created.name).not.toBe('Proof');
  });

  it('answers the participants, the creator and admins; a visitor gets 401, anyone else (even on a public pool) 404', async () => {
    const { alice, bob, poolId } = settled;
    const outsider = await fundedPlayer(h, '0');
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    // A creator who did not enter is still entitled.
    const host = await fundedPlayer(h);
    const hosted = await createPool(host, { entryFee: '5', name: 'Hosted', isPrivate: true, startGameweek: 10 });
    expect((await ledgerOf(null, poolId)).statusCode).toBe(401);
    expect((await ledgerOf(outsider, poolId)).statusCode).toBe(404);
    expect((await ledgerOf(outsider, hosted)).statusCode).toBe(404);
    expect((await ledgerOf(outsider, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'pool_not_found' });
    expect((await ledgerOf(outsider, 'not-an-id')).statusCode).toBe(400);
    for (const p of [alice, bob, admin]) expect((await ledgerOf(p, poolId)).statusCode).toBe(200);
    const hostView = await ledgerOf(host, hosted);
    expect(hostView.statusCode).toBe(200);
    expect(hostView.json()).toMatchObject({ escrowBalance: '0.00', movements: [] });
    expect((await ledgerOf(admin, hosted)).statusCode).toBe(200);
  });

  it('shows a pool event altered in the store as a broken chain at that event', async () => {
    const { bob, poolId } = settled;
    const before = (await ledgerOf(bob, poolId)).json() as Ledger;
    const index = before.chain.events.findIndex((e) => e.type === 'PoolJoined');
    const joined = before.chain.events[index]!;
    // What an attacker with database access would do: rewrite who joined with which team (past the append-only trigger).
    await sql`alter table es_events disable trigger es_events_append_only`.execute(h.deps.db);
    try {
      await sql`update es_events set data = jsonb_set(data, '{fplTeamId}', '999') where event_id = ${joined.id}`.execute(h.deps.db);
    } finally {
      await sql`alter table es_events enable trigger es_events_append_only`.execute(h.deps.db);
    }
    const after = (await ledgerOf(bob, poolId)).json() as Ledger;
    expect((after.chain.events[index]!.data as { fplTeamId: number }).fplTeamId).toBe(999);
    expect(await verifyHashChain(after.chain.events, sha256Hex)).toMatchObject({ ok: false, brokenAt: index });
  });
});
