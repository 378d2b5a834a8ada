// Proves commands answer from their own stream when the read models lag (never a 404 for a bet that exists), that reads wait only for a consistency token they send, and that a refused join moves no money at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { fundedPlayer } from './testing.js';

const WAIT_MS = 1500;
let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_lag', projectionWaitMs: WAIT_MS });
});
afterAll(async () => {
  await h.close();
});

describe('while the projection role is down', () => {
  it('creating, joining and reporting answer the bet as its stream makes it, with a consistency token a read then waits for', async () => {
    // Given two players the read models know, then the projection runner stops (ROLE=project down)
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '1000.00');
    const carol = await fundedPlayer(h, '0');
    await h.settle();
    await h.runner.stop();
    try {
      // When alice creates a challenge
      const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
      // Then the answer is the bet her command decided, at once, with the position it wrote
      expect(created.statusCode, created.body).toBe(201);
      const body = created.json() as { bet: { id: string; inviteLinkId: string }; shareableLink: string };
      expect(body.bet).toMatchObject({ status: 'pending', challengerId: alice.id, amount: '100.00' });
      expect(body.shareableLink).toContain(`/challenge/accept/${body.bet.inviteLinkId}`);
      const betId = body.bet.id;
      const createdToken = String(created.headers['x-consistency-token']);
      expect(createdToken).toMatch(/^\d+\.\d+$/);

      // And joining and reporting on a bet the read model has not seen answer from the stream too, never 404
      const joined = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: bob.headers });
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({ bet: { status: 'accepted', opponentId: bob.id } });
      const reported = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: alice.headers, payload: { result: 'lost' } });
      expect(reported.statusCode, reported.body).toBe(200);
      expect(reported.json()).toMatchObject({ status: 'accepted', challengerResult: 'lost' });
      const token = String(reported.headers['x-consistency-token']);

      // And an outsider still learns nothing of it
      const outsider = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: carol.headers, payload: { result: 'won' } });
      expect(outsider.statusCode).toBe(404);

      // A read without a token never waits: alice's list does not show the bet yet
      const list = await h.rawInject({ method: 'GET', url: '/api/bets', headers: alice.headers });
      expect(list.statusCode).toBe(200);
      expect((list.json() as { id: string }[]).map((b) => b.id)).not.toContain(betId);
      // A read with the token waits (bounded) for the read models, and says 202 while they are behind
      const behind = await h.rawInject({ method: 'GET', url: '/api/bets', headers: { ...alice.headers, 'x-consistency-token': token } });
      expect(behind.statusCode, behind.body).toBe(202);
      expect(behind.json()).toMatchObject({ status: 'processing' });
      // A malformed token is refused with its code
      const bad = await h.rawInject({ method: 'GET', url: '/api/bets', headers: { ...alice.headers, 'x-consistency-token': 'nope' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'consistency_token_invalid' });

      // When the projections resume, a read with the token shows the bet as the commands left it
      h.runner.start();
      const caughtUp = await h.rawInject({ method: 'GET', url: '/api/bets', headers: { ...alice.headers, 'x-consistency-token': token } });
      expect(caughtUp.statusCode, caughtUp.body).toBe(200);
      expect((caughtUp.json() as { id: string; status: string; challengerResult: string }[]).find((b) => b.id === betId)).toMatchObject({ status: 'accepted', challengerResult: 'lost' });
      // An older token is already reached: no wait, the same answer
      const older = await h.rawInject({ method: 'GET', url: `/api/bets/${betId}`, headers: { ...alice.headers, 'x-consistency-token': createdToken } });
      expect(older.json()).toMatchObject({ status: 'accepted', opponentId: bob.id, challengerResult: 'lost' });
    } finally {
      h.runner.start();
    }
  });
});

describe('a refused join', () => {
  it('moves no money: the stake lock is decided with the acceptance, so a loser locks nothing and has nothing to wait for', async () => {
    const maker = await fundedPlayer(h, '1000.00');
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: maker.headers, payload: { amount: '100', visibility: 'public' } });
    const betId = (created.json() as { bet: { id: string } }).bet.id;
    const players = await Promise.all(Array.from({ length: 12 }, () => fundedPlayer(h, '500.00')));
    await h.settle();
    const seen = await Promise.all(
      players.map(async (p) => {
        const res = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: p.headers });
        const moves = (await h.deps.store.readStream(`wallet-${p.id}`)).filter((e) => ['StakeLocked', 'StakeReleased'].includes(e.type) && (e.data as { holdId: string }).holdId === betId);
        const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: p.headers });
        return { status: res.statusCode, moves: moves.map((e) => e.type), balance: (me.json() as { balance: string }).balance };
      }),
    );
    expect(seen.filter((s) => s.status === 200)).toHaveLength(1);
    expect(seen.find((s) => s.status === 200)!.moves).toEqual(['StakeLocked']);
    const losers = seen.filter((s) => s.status === 409);
    expect(losers).toHaveLength(11);
    for (const loser of losers) expect(loser).toEqual({ status: 409, moves: [], balance: '500.00' });
  });
});
