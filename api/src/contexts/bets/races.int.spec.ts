// Proves that two different commands racing on one bet are never taken for one: each is recorded and acted on, or refused with a typed 4xx; no money is paid twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { available, checkBooks, fundedPlayer, ledger, type Player } from './testing.js';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bets_races' });
});
afterAll(async () => {
  await h.close();
});

async function acceptedBet(): Promise<{ alice: Player; bob: Player; betId: string }> {
  const alice = await fundedPlayer(h, '1000.00');
  const bob = await fundedPlayer(h, '1000.00');
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { alice, bob, betId: bet.id };
}

/**
 * Makes the next `count` reads of one stream wait for each other, so that many commands decide on
 * the same revision: the interleaving a loaded server produces, made certain. A command that
 * finds the stream in this process's snapshot cache decides without reading (on the same cached
 * revision as its rival, which is the race itself); then fewer than `count` reads come, and the
 * ones waiting go on after RACE_WAIT_MS.
 */
const RACE_WAIT_MS = 300;
function raceOnNextReads(streamId: string, count = 2): void {
  const store = h.deps.store;
  const original = store.readStream.bind(store);
  let waiting: (() => void)[] = [];
  const releaseAll = () => {
    store.readStream = original;
    for (const release of waiting) release();
    waiting = [];
  };
  store.readStream = async (id, options) => {
    if (id === streamId && waiting.length < count) {
      const all = new Promise<void>((resolve) => waiting.push(resolve));
      if (waiting.length === 1) setTimeout(releaseAll, RACE_WAIT_MS);
      if (waiting.length === count) releaseAll();
      await all;
    }
    return original(id, options);
  };
}

function report(p: Player, betId: string, result: 'won' | 'lost') {
  return h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: p.headers, payload: { result } });
}

async function storedReports(betId: string): Promise<{ type: string; result?: string; reporterId?: string }[]> {
  const events = await h.deps.store.readStream(`bet-${betId}`);
  return events.filter((e) => e.type === 'BetResultReported').map((e) => ({ type: e.type, ...(e.data as { result: string; reporterId: string }) }));
}

describe('concurrent commands on one bet', () => {
  it('two concurrent resolutions naming different winners settle once: one 200, one 409, one payout', async () => {
    // Given a disputed 100.00 bet (both players reported a win)
    const { alice, bob, betId } = await acceptedBet();
    expect((await report(alice, betId, 'won')).statusCode).toBe(200);
    expect((await report(bob, betId, 'won')).json()).toMatchObject({ status: 'disputed' });
    const admin = await fundedPlayer(h, '0');
    await makeAdmin(h, admin.id);

    // When the admin sends two resolutions at once, naming different winners
    raceOnNextReads(`bet-${betId}`);
    const resolve = (winnerId: string) => h.app.inject({ method: 'PUT', url: `/api/admin/bets/${betId}/resolve`, headers: admin.headers, payload: { winnerId, adminNotes: 'checked' } });
    const [first, second] = await Promise.all([resolve(alice.id), resolve(bob.id)]);

    // Then exactly one is taken, and the answer of the one taken names its own winner
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses, `${first.body} ${second.body}`).toEqual([200, 409]);
    const taken = first.statusCode === 200 ? { res: first, winner: alice, loser: bob } : { res: second, winner: bob, loser: alice };
    expect(taken.res.json()).toMatchObject({ status: 'completed', actualWinner: taken.winner.id });
    await h.settle();
    const books = await ledger(h);
    expect(available(books, taken.winner.id)).toBe('1098.00');
    expect(available(books, taken.loser.id)).toBe('898.00');
    const settled = (await h.deps.store.readStream(`bet-${betId}`)).filter((e) => e.type === 'BetSettled');
    expect(settled).toHaveLength(1);
    await checkBooks(h, [betId]);
  });

  it('"won" and "lost" sent at once by one player with no opponent report: one is recorded and answered 200, the other refused', async () => {
    const { alice, betId } = await acceptedBet();
    raceOnNextReads(`bet-${betId}`);
    const [won, lost] = await Promise.all([report(alice, betId, 'won'), report(alice, betId, 'lost')]);
    const ok = [won, lost].filter((r) => r.statusCode === 200);
    expect(ok, `${won.body} ${lost.body}`).toHaveLength(1);
    const refused = [won, lost].find((r) => r.statusCode !== 200)!;
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().error).toEqual(expect.any(String));
    // The 200 answer is what is recorded
    const recorded = await storedReports(betId);
    expect(recorded).toHaveLength(1);
    expect(ok[0]!.json().challengerResult).toBe(recorded[0]!.result);
  });

  it('"won" and "lost" sent at once after the opponent reported "lost": no 500, and the books balance', async () => {
    const { alice, bob, betId } = await acceptedBet();
    expect((await report(bob, betId, 'lost')).statusCode).toBe(200);
    raceOnNextReads(`bet-${betId}`);
    const [won, lost] = await Promise.all([report(alice, betId, 'won'), report(alice, betId, 'lost')]);
    expect([won.statusCode, lost.statusCode].filter((s) => s >= 500), `${won.body} ${lost.body}`).toEqual([]);
    expect([won, lost].filter((r) => r.statusCode === 200)).toHaveLength(1);
    const recorded = (await storedReports(betId)).filter((r) => r.reporterId === alice.id);
    expect(recorded).toHaveLength(1);
    await h.settle();
    const status = (await h.app.inject({ method: 'GET', url: `/api/bets/${betId}`, headers: alice.headers })).json().status;
    if (recorded[0]!.result === 'won') {
      expect(status).toBe('completed');
      await checkBooks(h, [betId]);
    } else {
      expect(status).toBe('disputed');
      await checkBooks(h, []);
    }
  });
});
