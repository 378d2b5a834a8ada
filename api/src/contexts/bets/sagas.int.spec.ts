// Proves the money stays exact under races and crashes: 50 concurrent acceptors (one wins, no loser's money moves), a crash inside a create or join leaving nothing half done, a crash before follow-ups recovered by the reconciler, random interleavings (fast-check) keeping the books balanced, and who may call each route.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { crashMidAppend } from '../../testing/crash.js';
import { makeAdmin } from '../../testing/users.js';
import { BetScheduler, SAGA_RECONCILE_AFTER_MS } from './jobs.js';
import { BetSagas } from './commands.js';
import { betStreamId, createChallengeSchema } from '@wager/domain/bets/index';
import { walletStreamId } from '@wager/domain/wallet/index';
import { available, checkBooks, fundedPlayer, ledger, type Player } from './testing.js';

const H = 3600_000;
let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_sagas' });
});
afterAll(async () => {
  await h.close();
});

async function create(p: Player, body: Record<string, unknown> = {}) {
  const res = await h.app.inject({ method: 'POST', url: '/api/bets', headers: p.headers, payload: { amount: '100', visibility: 'public', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bet as { id: string; inviteLinkId: string };
}

describe('50 concurrent acceptors', () => {
  it('exactly one wins with 200, the rest get 409 with the spec wording, and every balance is exact', async () => {
    const maker = await fundedPlayer(h);
    const bet = await create(maker);
    const players = await Promise.all(Array.from({ length: 50 }, () => fundedPlayer(h, '500.00')));
    const responses = await Promise.all(players.map((p) => h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: p.headers })));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of responses) if (r.statusCode === 409) expect(r.json().error).toBe('This challenge has already been accepted');
    const winner = players[codes.indexOf(200)]!;
    const books = await ledger(h);
    for (const p of players) expect(available(books, p.id)).toBe(p === winner ? '398.00' : '500.00');
    expect(books.get(`bet:${bet.id}:escrow:NGN`)?.toFixed(2)).toBe('204.00');
    await checkBooks(h, []);
  });
});

async function betEvents(betId: string): Promise<string[]> {
  return (await h.deps.store.readStream(betStreamId(betId))).map((e) => e.type);
}
async function locksOf(userId: string, betId: string): Promise<number> {
  return (await h.deps.store.readStream(walletStreamId(userId))).filter((e) => e.type === 'StakeLocked' && (e.data as { holdId: string }).holdId === betId).length;
}

describe('a crash in the middle of a create or a join leaves nothing half done', () => {
  it('create: neither the bet nor the stake lock is stored, and the same create then succeeds', async () => {
    const sagas = new BetSagas(h.deps);
    const scheduler = new BetScheduler(h.deps, sagas);
    const alice = await fundedPlayer(h);
    const betId = randomUUID();
    const input = { betId, challengerId: alice.id, inviteLinkId: randomUUID(), challenge: createChallengeSchema.parse({ amount: '100' }) };
    const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(alice.id), () => sagas.create(input));
    expect(String(crashed)).toMatch(/terminat/);
    expect(await betEvents(betId)).toEqual([]);
    expect(await locksOf(alice.id, betId)).toBe(0);
    await h.settle();
    expect(available(await ledger(h), alice.id)).toBe('1000.00');
    h.clock.advance(SAGA_RECONCILE_AFTER_MS + 1);
    expect((await scheduler.tick()).reconciled).toEqual([]);
    await sagas.create(input);
    expect(await betEvents(betId)).toEqual(['BetCreated']);
    expect(await locksOf(alice.id, betId)).toBe(1);
    await h.settle();
    expect(available(await ledger(h), alice.id)).toBe('898.00');
    await checkBooks(h, []);
  });

  it('join: neither the acceptance nor the stake lock is stored, and the same join then succeeds', async () => {
    const sagas = new BetSagas(h.deps);
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const bet = await create(alice);
    const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(bob.id), () => sagas.accept({ betId: bet.id, acceptorId: bob.id, via: 'marketplace' }));
    expect(String(crashed)).toMatch(/terminat/);
    expect(await betEvents(bet.id)).toEqual(['BetCreated']);
    expect(await locksOf(bob.id, bet.id)).toBe(0);
    await h.settle();
    expect(available(await ledger(h), bob.id)).toBe('1000.00');
    await sagas.accept({ betId: bet.id, acceptorId: bob.id, via: 'marketplace' });
    expect(await betEvents(bet.id)).toEqual(['BetCreated', 'BetAccepted']);
    await h.settle();
    expect(available(await ledger(h), bob.id)).toBe('898.00');
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: bob.headers })).statusCode).toBe(200);
    await checkBooks(h, []);
  });
});

describe('a crash between a bet transition and its follow-ups, then the reconciler', () => {
  it('a settlement whose payout never ran (route and process manager both down) is paid by the reconciler', async () => {
    const sagas = new BetSagas(h.deps);
    const scheduler = new BetScheduler(h.deps, sagas);
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const bet = await create(alice);
    await sagas.accept({ betId: bet.id, acceptorId: bob.id, via: 'invite' });
    await sagas.report({ betId: bet.id, userId: alice.id, result: 'won', evidence: [] });
    await h.reactors.stop();
    try {
      sagas.crashAt = 'before-follow-ups';
      await expect(sagas.report({ betId: bet.id, userId: bob.id, result: 'lost', evidence: [] })).rejects.toThrow('injected crash');
      await h.settle();
      expect(available(await ledger(h), alice.id)).toBe('898.00');
      h.clock.advance(SAGA_RECONCILE_AFTER_MS + 1);
      expect((await scheduler.tick()).reconciled).toContain('paid');
      expect(available(await ledger(h), alice.id)).toBe('1098.00');
      await checkBooks(h, [bet.id]);
    } finally {
      h.reactors.start();
    }
  });
});

describe('random interleavings (fast-check)', () => {
  it('keep the ledger at zero, no balance negative, and every terminal escrow empty after each step', async () => {
    const sagas = new BetSagas(h.deps);
    const scheduler = new BetScheduler(h.deps, sagas);
    const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(h, '400.00')));
    const admin = await fundedPlayer(h, '0');
    const terminal = new Set<string>();
    const bets: string[] = [];
    const step = fc.record({
      op: fc.constantFrom('create', 'accept', 'cancel', 'report', 'expire', 'resolve', 'race-accept'),
      who: fc.integer({ min: 0, max: 3 }),
      bet: fc.nat(),
      amount: fc.constantFrom('10', '99.99', '150', '333.33'),
      result: fc.constantFrom('won' as const, 'lost' as const),
      winner: fc.integer({ min: -1, max: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 10 }), async (steps) => {
        for (const s of steps) {
          const p = players[s.who]!;
          const betId = bets.length ? bets[s.bet % bets.length]! : randomUUID();
          try {
            if (s.op === 'create') {
              const id = randomUUID();
              await sagas.create({ betId: id, challengerId: p.id, inviteLinkId: randomUUID(), challenge: createChallengeSchema.parse({ amount: s.amount, visibility: 'public' }) });
              bets.push(id);
            } else if (s.op === 'accept') await sagas.accept({ betId, acceptorId: p.id, via: 'marketplace' });
            else if (s.op === 'race-accept') {
              // Two players join at once: one acceptance and one lock, or a refusal with no lock.
              const other = players[(s.who + 1) % players.length]!;
              const raced = await Promise.allSettled([p, other].map((q) => sagas.accept({ betId, acceptorId: q.id, via: 'marketplace' })));
              for (const r of raced) if (r.status === 'rejected') throw r.reason;
            } else if (s.op === 'cancel') await sagas.cancel(betId, p.id);
            else if (s.op === 'report') await sagas.report({ betId, userId: p.id, result: s.result, evidence: [] });
            else if (s.op === 'expire') {
              h.clock.advance(25 * H);
              await h.settle();
              await scheduler.tick();
            } else {
              const state = await sagas.state(betId);
              const winnerId = 'bet' in state && s.winner >= 0 ? ([state.bet.challengerId, state.opponentId][s.winner] ?? null) : null;
              await sagas.resolve({ betId, adminId: admin.id, winnerId, adminNotes: '' });
            }
          } catch (error) {
            const status = (error as { status?: number }).status;
            if (!(status && status >= 400 && status < 500)) throw error;
          }
          // Let the reconciler see any follow-up left undone, then check the books.
          await h.settle();
          h.clock.advance(SAGA_RECONCILE_AFTER_MS + 1);
          await scheduler.tick();
          for (const id of bets) {
            const state = await sagas.state(id);
            if (['completed', 'cancelled', 'expired', 'voided'].includes(state.status)) terminal.add(id);
          }
          await checkBooks(h, [...terminal]);
        }
      }),
      { numRuns: 5 },
    );
    expect(bets.length).toBeGreaterThan(0);
  }, 180_000);
});

describe('authorization of every route', () => {
  it('visitor, other user, participant and admin each get what they may', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const other = await fundedPlayer(h);
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);
    const bet = await create(alice);
    await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers });
    const sha = 'a'.repeat(64);
    const routes: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: Record<string, unknown>; visitor: number; other: number; participant: number; admin: number }[] = [
      { method: 'GET', url: '/api/bets', visitor: 401, other: 200, participant: 200, admin: 200 },
      { method: 'GET', url: `/api/bets/${bet.id}`, visitor: 401, other: 404, participant: 200, admin: 200 },
      { method: 'GET', url: `/api/bets/${bet.id}/evidence/${sha}`, visitor: 401, other: 404, participant: 404, admin: 404 },
      { method: 'GET', url: `/api/chats/${bet.id}`, visitor: 401, other: 404, participant: 200, admin: 200 },
      { method: 'GET', url: '/api/challenges/public', visitor: 200, other: 200, participant: 200, admin: 200 },
      { method: 'GET', url: `/api/challenges/${bet.inviteLinkId}`, visitor: 404, other: 404, participant: 404, admin: 404 },
      { method: 'POST', url: '/api/bets', payload: { amount: '9' }, visitor: 401, other: 400, participant: 400, admin: 400 },
      { method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, visitor: 401, other: 409, participant: 200, admin: 409 },
      { method: 'POST', url: `/api/challenges/join/${bet.id}`, visitor: 401, other: 409, participant: 200, admin: 409 },
      { method: 'POST', url: `/api/bets/${bet.id}/cancel`, visitor: 401, other: 404, participant: 403, admin: 403 },
      { method: 'POST', url: `/api/bets/${bet.id}/result`, payload: { result: 'maybe' }, visitor: 401, other: 404, participant: 400, admin: 403 },
      { method: 'GET', url: '/api/admin/bets/disputed', visitor: 401, other: 403, participant: 403, admin: 200 },
      { method: 'PUT', url: `/api/admin/bets/${bet.id}/resolve`, payload: { winnerId: null, adminNotes: 'void' }, visitor: 401, other: 403, participant: 403, admin: 409 },
      { method: 'GET', url: `/api/admin/bets/${bet.id}/trail`, visitor: 401, other: 403, participant: 403, admin: 200 },
    ];
    for (const r of routes) {
      for (const [role, headers] of [['visitor', {}], ['other', other.headers], ['participant', bob.headers], ['admin', admin.headers]] as const) {
        const res = await h.app.inject({ method: r.method, url: r.url, headers, ...(r.payload ? { payload: r.payload } : {}) });
        expect(`${r.method} ${r.url} ${role} ${res.statusCode}`).toBe(`${r.method} ${r.url} ${role} ${r[role]}`);
      }
    }
  });
});
