// Proves commands answer honestly when the read models lag: 202 with the bet's address (never a 404 for a bet that exists), and a refused join moves no money at all.
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
  it('creating, joining and reporting answer 202 with the bet address, and the bet shows once projections resume', async () => {
    // Given two players the read models know, then the projection runner stops (ROLE=project down)
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '1000.00');
    const carol = await fundedPlayer(h, '0');
    await h.settle();
    await h.runner.stop();
    try {
      // When alice creates a challenge
      const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
      // Then 202 names where the bet will be, and the bet and its stake lock are recorded
      expect(created.statusCode, created.body).toBe(202);
      const body = created.json() as { status: string; betId: string; shareableLink: string; inviteLinkId: string };
      expect(body).toMatchObject({ status: 'processing', betId: expect.any(String) });
      expect(body.shareableLink).toContain(`/challenge/accept/${body.inviteLinkId}`);
      expect(created.headers.location).toBe(`/api/bets/${body.betId}`);
      expect((await h.deps.store.readStream(`bet-${body.betId}`)).map((e) => e.type)).toEqual(['BetCreated']);

      // And joining and reporting on a bet the read model has not seen are 202 too, never 404
      const joined = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${body.betId}`, headers: bob.headers });
      expect(joined.statusCode, joined.body).toBe(202);
      const reported = await h.app.inject({ method: 'POST', url: `/api/bets/${body.betId}/result`, headers: alice.headers, payload: { result: 'lost' } });
      expect(reported.statusCode, reported.body).toBe(202);
      expect(reported.headers.location).toBe(`/api/bets/${body.betId}`);

      // And an outsider still learns nothing of it
      const outsider = await h.app.inject({ method: 'POST', url: `/api/bets/${body.betId}/result`, headers: carol.headers, payload: { result: 'won' } });
      expect(outsider.statusCode).toBe(404);

      // When the projections resume, the bet reads as the commands left it
      h.runner.start();
      await h.settle();
      const bet = await h.app.inject({ method: 'GET', url: `/api/bets/${body.betId}`, headers: alice.headers });
      expect(bet.json()).toMatchObject({ status: 'accepted', opponentId: bob.id, challengerResult: 'lost' });
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
