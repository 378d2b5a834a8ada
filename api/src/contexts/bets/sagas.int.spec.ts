// Proves no internal money move of a bet can be half done: 50 concurrent acceptors (one wins, no loser's money moves); a crash injected inside the one append of a create, a join (with its chat), a settlement (agreed, uncontested, by an admin), a refund (cancel, decline, expire, void) writes nothing on any stream, and the same command then moves the money once; wallets named from a stale snapshot of the bet are refused unwritten and the command decided again; random interleavings (fast-check) keep the books balanced after every command with no follow-up or reconciler to wait for; and who may call each route.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { crashMidAppend } from '../../testing/crash.js';
import { makeAdmin } from '../../testing/users.js';
import { BetScheduler } from './jobs.js';
import { BetSagas } from './commands.js';
import { betDecider, betStreamId, createChallengeSchema, decideAcceptWithStake, type BetEvent } from '@wager/domain/bets/index';
import { walletDecider, walletStreamId, type WalletEvent } from '@wager/domain/wallet/index';
import { chatIdOfBet, chatStreamId } from '@wager/domain/chat/index';
import { WriteCountingEventStore } from '../../testing/write-counting-store.js';
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
    const alice = await fundedPlayer(h);
    const betId = randomUUID();
    const input = { betId, challengerId: alice.id, inviteLinkId: randomUUID(), challenge: createChallengeSchema.parse({ amount: '100' }) };
    const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(alice.id), () => sagas.create(input));
    expect(String(crashed)).toMatch(/terminat/);
    expect(await betEvents(betId)).toEqual([]);
    expect(await locksOf(alice.id, betId)).toBe(0);
    expect(available(await ledger(h), alice.id)).toBe('1000.00');
    await sagas.create(input);
    expect(await betEvents(betId)).toEqual(['BetCreated']);
    expect(await locksOf(alice.id, betId)).toBe(1);
    await h.settle();
    expect(available(await ledger(h), alice.id)).toBe('898.00');
    await checkBooks(h, []);
  });

  it('join: neither the acceptance, the stake lock nor the chat is stored, and the same join then succeeds, all three in one transaction', async () => {
    const store = new WriteCountingEventStore(h.deps.store);
    const sagas = new BetSagas({ ...h.deps, store });
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const bet = await create(alice);
    const chatStream = chatStreamId(chatIdOfBet(bet.id));
    const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(bob.id), () => sagas.accept({ betId: bet.id, acceptorId: bob.id, via: 'marketplace' }));
    expect(String(crashed)).toMatch(/terminat/);
    expect(await betEvents(bet.id)).toEqual(['BetCreated']);
    expect(await locksOf(bob.id, bet.id)).toBe(0);
    expect(await h.deps.store.readStream(chatStream)).toEqual([]);
    await h.settle();
    expect(available(await ledger(h), bob.id)).toBe('1000.00');
    await sagas.accept({ betId: bet.id, acceptorId: bob.id, via: 'marketplace' });
    expect(await betEvents(bet.id)).toEqual(['BetCreated', 'BetAccepted']);
    expect(store.writes).toBe(1);
    const acceptedAt = (await h.deps.store.readStream(betStreamId(bet.id))).find((e) => e.type === 'BetAccepted')!.position.commit;
    // The chat's creation is in the acceptance's commit (the chat's follow-ups, its system messages, may already be after it).
    const created = (await h.deps.store.readStream(chatStream)).filter((e) => e.type === 'ChatCreated');
    expect(created.map((e) => [e.type, e.position.commit, e.metadata.actor])).toEqual([['ChatCreated', acceptedAt, 'system']]);
    await h.settle();
    expect(available(await ledger(h), bob.id)).toBe('898.00');
    expect((await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: bob.headers })).statusCode).toBe(200);
    await checkBooks(h, []);
  });
});

/** The events of the bet's stream and of each player's wallet stream, by type: what a crash must leave untouched. */
async function streamsOf(betId: string, players: readonly Player[]): Promise<string[][]> {
  return [await betEvents(betId), ...(await Promise.all(players.map(async (p) => (await h.deps.store.readStream(walletStreamId(p.id))).map((e) => e.type))))];
}

/**
 * Injects a crash inside the command's one append (holding `held`'s wallet row, which the append
 * claims after the bet's), then checks that no stream changed and the books are as before.
 */
async function crashLeavesNothing(betId: string, players: readonly Player[], held: Player, run: () => Promise<unknown>): Promise<void> {
  const before = await streamsOf(betId, players);
  const books = await ledger(h);
  const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(held.id), run);
  expect(String(crashed)).toMatch(/terminat/);
  expect(await streamsOf(betId, players)).toEqual(before);
  const after = await ledger(h);
  for (const p of players) expect(available(after, p.id)).toBe(available(books, p.id));
  expect(after.get(`bet:${betId}:escrow:NGN`)?.toFixed(2)).toBe(books.get(`bet:${betId}:escrow:NGN`)?.toFixed(2));
  await checkBooks(h, []);
}

async function accepted(sagas: BetSagas) {
  const alice = await fundedPlayer(h);
  const bob = await fundedPlayer(h);
  const bet = await create(alice);
  await sagas.accept({ betId: bet.id, acceptorId: bob.id, via: 'marketplace' });
  return { alice, bob, betId: bet.id };
}

describe('a crash inside the append of a settlement or a refund leaves nothing half done', () => {
  it('agreed settlement: neither BetSettled nor the payout is stored; the same report then settles and pays once', async () => {
    const sagas = new BetSagas(h.deps);
    const { alice, bob, betId } = await accepted(sagas);
    await sagas.report({ betId, userId: alice.id, result: 'won', evidence: [] });
    await crashLeavesNothing(betId, [alice, bob], alice, () => sagas.report({ betId, userId: bob.id, result: 'lost', evidence: [] }));
    await sagas.report({ betId, userId: bob.id, result: 'lost', evidence: [] });
    expect((await betEvents(betId)).slice(-2)).toEqual(['BetResultReported', 'BetSettled']);
    const books = await ledger(h);
    expect(available(books, alice.id)).toBe('1098.00');
    expect(available(books, bob.id)).toBe('898.00');
    expect(books.get('platform:fees:NGN')?.gte(4)).toBe(true);
    await checkBooks(h, [betId]);
  });

  it('uncontested settlement by the scheduler: nothing stored; the next pass settles and pays once', async () => {
    const sagas = new BetSagas(h.deps);
    const scheduler = new BetScheduler(h.deps, sagas);
    const { alice, bob, betId } = await accepted(sagas);
    await sagas.report({ betId, userId: bob.id, result: 'won', evidence: [] });
    h.clock.advance(25 * H);
    await crashLeavesNothing(betId, [alice, bob], bob, () => sagas.runDeadline(betId, 'settle_uncontested'));
    await h.settle();
    expect((await scheduler.tick()).deadlines).toBeGreaterThanOrEqual(1);
    expect((await betEvents(betId)).at(-1)).toBe('BetSettled');
    expect(available(await ledger(h), bob.id)).toBe('1098.00');
    await checkBooks(h, [betId]);
  });

  it('an admin\'s resolution (a win, then a void on another bet): nothing stored; the same resolution then moves the money once', async () => {
    const sagas = new BetSagas(h.deps);
    const admin = await fundedPlayer(h, '0');
    for (const winner of ['bob', null] as const) {
      const { alice, bob, betId } = await accepted(sagas);
      for (const p of [alice, bob]) await sagas.report({ betId, userId: p.id, result: 'won', evidence: [] });
      const resolve = () => sagas.resolve({ betId, adminId: admin.id, winnerId: winner === 'bob' ? bob.id : null, adminNotes: 'clip' });
      await crashLeavesNothing(betId, [alice, bob], bob, resolve);
      await resolve();
      expect((await betEvents(betId)).slice(-2)).toEqual(['DisputeResolved', winner === 'bob' ? 'BetSettled' : 'BetVoided']);
      const books = await ledger(h);
      expect(available(books, bob.id)).toBe(winner === 'bob' ? '1098.00' : '1000.00');
      expect(available(books, alice.id)).toBe(winner === 'bob' ? '898.00' : '1000.00');
      await expect(resolve()).rejects.toMatchObject({ status: 409 });
      await checkBooks(h, [betId]);
    }
  });

  it('cancel and decline: neither BetCancelled nor the refund is stored; the same command then refunds once', async () => {
    const sagas = new BetSagas(h.deps);
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const open = await create(alice);
    await crashLeavesNothing(open.id, [alice], alice, () => sagas.cancel(open.id, alice.id));
    await sagas.cancel(open.id, alice.id);
    await sagas.cancel(open.id, alice.id);
    expect(await betEvents(open.id)).toEqual(['BetCreated', 'BetCancelled']);
    expect(available(await ledger(h), alice.id)).toBe('1000.00');
    const direct = await create(alice, { opponentId: bob.id });
    await crashLeavesNothing(direct.id, [alice, bob], alice, () => sagas.decline(direct.id, bob.id));
    await sagas.decline(direct.id, bob.id);
    expect(await betEvents(direct.id)).toEqual(['BetCreated', 'BetCancelled']);
    expect(available(await ledger(h), alice.id)).toBe('1000.00');
    await checkBooks(h, [open.id, direct.id]);
  });

  it('expire and void by the scheduler: nothing stored; the next pass refunds every paid-in player once', async () => {
    const sagas = new BetSagas(h.deps);
    const scheduler = new BetScheduler(h.deps, sagas);
    const { alice, bob, betId: played } = await accepted(sagas);
    const pending = await create(alice);
    h.clock.advance(49 * H);
    await crashLeavesNothing(pending.id, [alice], alice, () => sagas.runDeadline(pending.id, 'expire'));
    await crashLeavesNothing(played, [alice, bob], bob, () => sagas.runDeadline(played, 'void'));
    await h.settle();
    await scheduler.tick();
    expect((await betEvents(pending.id)).at(-1)).toBe('BetExpired');
    expect((await betEvents(played)).at(-1)).toBe('BetVoided');
    await scheduler.tick();
    const books = await ledger(h);
    expect(available(books, alice.id)).toBe('1000.00');
    expect(available(books, bob.id)).toBe('1000.00');
    await checkBooks(h, [pending.id, played]);
  });
});

describe('wallets named from a stale state of the bet', () => {
  it('are refused before anything is written, and the command is decided again on the bet as read: both players refunded', async () => {
    const sagas = new BetSagas(h.deps);
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const bet = await create(alice);
    await sagas.state(bet.id); // this process now holds the bet as pending (one player)
    // Another process accepts it: this process's snapshot does not see the acceptance.
    const recorded = await h.deps.store.readStream(betStreamId(bet.id));
    const state = recorded.reduce((s, e) => betDecider.evolve(s, { type: e.type, data: e.data } as BetEvent), betDecider.initialState());
    const wallet = (await h.deps.store.readStream(walletStreamId(bob.id))).reduce((s, e) => walletDecider.evolve(s, { type: e.type, data: e.data } as WalletEvent), walletDecider.initialState());
    const command = { type: 'AcceptBet' as const, data: { betId: bet.id, acceptorId: bob.id, via: 'marketplace' as const, playDeadlineMs: 24 * H }, metadata: { now: h.clock.now() } };
    const move = decideAcceptWithStake(command, { timeZone: 'UTC', dailyLimit: '50000.00' }, { bet: state, wallet });
    await h.deps.store.appendToStreams([
      { streamId: walletStreamId(bob.id), events: move.wallet.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })), expectedRevision: 'any' },
      { streamId: betStreamId(bet.id), events: move.bet.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })), expectedRevision: recorded.length - 1 },
    ]);
    h.clock.advance(25 * H);
    const voided = await sagas.runDeadline(bet.id, 'void');
    expect(voided.events.map((e) => e.type)).toEqual(['BetVoided']);
    const books = await ledger(h);
    expect(available(books, alice.id)).toBe('1000.00');
    expect(available(books, bob.id)).toBe('1000.00');
    await checkBooks(h, [bet.id]);
  });
});

describe('random interleavings (fast-check)', () => {
  it('keep the ledger at zero, no balance negative, and every terminal escrow empty right after each command', async () => {
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
    // Each run opens with a create, so no draw of the other ops alone can leave the run with no bet to act on.
    const opening = fc.record({ op: fc.constant('create' as const), who: fc.integer({ min: 0, max: 3 }), bet: fc.nat(), amount: fc.constantFrom('10', '99.99', '150', '333.33'), result: fc.constant('won' as const), winner: fc.constant(-1) });
    const run = fc.tuple(opening, fc.array(step, { minLength: 4, maxLength: 9 })).map(([first, rest]) => [first, ...rest]);
    await fc.assert(
      fc.asyncProperty(run, async (steps) => {
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
          // Every command's money is in its own append: the books hold at once, with no follow-up to wait for.
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
