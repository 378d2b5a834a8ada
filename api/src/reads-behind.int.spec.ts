// Proves that no read denies what the log holds (issue #22): with the process managers stopped (the match stream not opened yet) or the projection runner stopped (read tables behind), a bet's players get the accepted bet's live match as 'waiting', its chat and messages, the bet and a pool (or 202 while the read models catch up), never a 404; outsiders still get 404 and visitors 401.
import type { WebSocket } from 'ws';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatIdOfBet, chatStreamId } from '@wager/domain/chat/index';
import { matchStreamId } from '@wager/domain/live/index';
import { findLiveMatch } from '@wager/projections/live/queries';
import { fundedPlayer, type Player } from './contexts/bets/testing.js';
import { ingestSnapshot } from './contexts/live/commands.js';
import { executeWalletCommand } from './contexts/wallet/commands.js';
import type { AppDeps } from './deps.js';
import { createTestHarness, type TestHarness } from './testing/app.js';
import { eventually } from './testing/eventually.js';
import { makeAdmin } from './testing/users.js';

let h: TestHarness;
let waitFor: AppDeps['projections']['waitFor'];

beforeAll(async () => {
  h = await createTestHarness({ label: 'reads_behind', env: { FPL_CACHE_TTL_MS: '0' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  waitFor = h.deps.projections.waitFor;
});
afterEach(() => {
  // Whatever a test stopped runs again for the next one.
  (h.deps.projections as { waitFor: typeof waitFor }).waitFor = waitFor;
  h.runner.start();
  h.reactors.start();
});

/**
 * Stops the projection runner: the read tables fall behind the log. While it is stopped no wait
 * for them can succeed, so commands and reads give up waiting at once instead of after the
 * harness's 10 s (the outcome is the same: they are not visible).
 */
async function stopProjections() {
  await h.runner.stop();
  (h.deps.projections as { waitFor: typeof waitFor }).waitFor = async () => false;
}
afterAll(async () => {
  await h.close();
});

// Without the harness's consistency token: a read without one never waits (runtime/consistency.ts).
const get = (url: string, p?: Player) => h.rawInject({ method: 'GET', url, headers: p?.headers ?? {} });

async function pendingBet(alice: Player, gameType: 'fc25' | 'cod' = 'fc25') {
  const rules = gameType === 'fc25' ? { gameType, goalHandicap: 1, matchDuration: 45 } : { gameType, killHandicap: 2, roundLimit: 3, gameMode: 'search_destroy' };
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public', ...rules } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().bet.id as string;
}

describe('reads right after an acceptance, before its process managers ran', () => {
  it('answers the players the match as waiting (HTTP and /ws join_match), outsiders 404, visitors 401; then the projected match is the same', async () => {
    const [alice, bob, outsider, admin] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h, '0')];
    await makeAdmin(h, admin.id);
    const betId = await pendingBet(alice);
    await h.reactors.stop();
    const joined = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: bob.headers });
    expect(joined.statusCode, joined.body).toBe(200);
    // The match stream is opened by the live-tracking process manager, which has not run.
    expect(await h.deps.store.readStream(matchStreamId(betId))).toEqual([]);
    expect(await findLiveMatch(h.deps.db, betId)).toBeUndefined();

    for (const p of [alice, bob, admin]) {
      const res = await get(`/api/matches/${betId}`, p);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ betId, gameType: 'fc25', status: 'waiting', tracking: 'tracking', matchId: null, challengerScore: 0, opponentScore: 0, matchDuration: 45, events: [], suggestion: null });
    }
    expect((await get(`/api/matches/${betId}`, outsider)).json()).toMatchObject({ code: 'bet_not_found' });
    expect((await get(`/api/matches/${betId}`)).statusCode).toBe(401);

    const socket: WebSocket = await h.app.injectWS('/ws');
    const inbox: Record<string, unknown>[] = [];
    socket.on('message', (raw) => inbox.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ type: 'auth', token: bob.token }));
    socket.send(JSON.stringify({ type: 'join_match', betId }));
    const answered = await eventually(async () => inbox, (l) => l.some((m) => m.type === 'joined' || m.type === 'error'));
    expect(answered.find((m) => m.type === 'joined' || m.type === 'error')).toMatchObject({ type: 'joined', betId });
    socket.terminate();

    const derived = (await get(`/api/matches/${betId}`, alice)).json();
    h.reactors.start();
    await eventually(() => findLiveMatch(h.deps.db, betId), (row) => row !== undefined);
    const projected = (await get(`/api/matches/${betId}`, alice)).json();
    expect(projected).toMatchObject({ betId, status: 'waiting', tracking: 'tracking', matchId: null, matchDuration: 45, totalRounds: derived.totalRounds, possession: derived.possession });
  });

  it('answers a COD bet the same way, and the chat of the bet', async () => {
    const [alice, bob, outsider] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await pendingBet(alice, 'cod');
    await h.reactors.stop();
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: bob.headers })).statusCode).toBe(200);
    expect((await get(`/api/matches/${betId}`, bob)).json()).toMatchObject({ gameType: 'cod', status: 'waiting', tracking: 'tracking', totalRounds: 3 });
    expect((await get(`/api/cod/bets/${betId}/live-tracking`, alice)).json()).toEqual({ liveTracking: [] });
    const chat = await get(`/api/chats/${betId}`, alice);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json()).toMatchObject({ id: chatIdOfBet(betId), betId, participant1Id: alice.id, participant2Id: bob.id });
    expect((await get(`/api/chats/${betId}`, outsider)).statusCode).toBe(404);
  });
});

describe('reads while the read tables are behind the log', () => {
  it('answers the match from its stream, the chat and its messages from theirs, and a bet created meanwhile 202, never 404', async () => {
    const [alice, bob, outsider] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await pendingBet(alice);
    await stopProjections();
    const joined = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: bob.headers });
    expect(joined.statusCode, joined.body).toBe(200);
    // The process manager opens the match stream; the projection runner, stopped, does not show it.
    await eventually(() => h.deps.store.readStream(matchStreamId(betId)), (events) => events.length > 0);
    const snapshot = {
      matchId: `fc25-behind-${betId}`,
      status: 'in_progress' as const,
      minute: 7,
      startTime: h.clock.now().toISOString(),
      gameMode: 'Head to Head',
      map: null,
      score: { challenger: 1, opponent: 0 },
      stats: { challenger: null, opponent: null },
      possession: { challenger: 60, opponent: 40 },
      teams: { challenger: null, opponent: null },
      events: [{ id: 'goal-1', type: 'goal' as const, minute: 4, side: 'challenger' as const, player: 'Osimhen', round: null }],
    };
    expect(await ingestSnapshot(h.deps, betId, 'fc25', snapshot)).toBeGreaterThan(0);
    expect(await findLiveMatch(h.deps.db, betId)).toBeUndefined();
    const match = await get(`/api/matches/${betId}`, alice);
    expect(match.statusCode, match.body).toBe(200);
    expect(match.json()).toMatchObject({ status: 'in_progress', matchId: snapshot.matchId, challengerScore: 1, currentMinute: 7, possession: { challenger: 60 }, events: [{ type: 'match_start' }, { type: 'goal', player: 'Osimhen' }] });
    expect((await get(`/api/matches/${betId}`, outsider)).statusCode).toBe(404);

    // The chat was opened by the acceptance itself: its stream answers.
    const chatId = chatIdOfBet(betId);
    expect(await h.deps.store.readStream(chatStreamId(chatId))).not.toEqual([]);
    expect((await get(`/api/chats/${betId}`, bob)).json()).toMatchObject({ id: chatId, participant1Id: alice.id, participant2Id: bob.id, isClosed: false });
    const messages = await get(`/api/chats/${chatId}/messages`, bob);
    expect(messages.statusCode, messages.body).toBe(200);
    expect(Array.isArray(messages.json())).toBe(true);
    expect((await get(`/api/chats/${chatId}/messages`, outsider)).json()).toMatchObject({ code: 'chat_not_found' });

    // A bet created while the read tables are behind: the command answers the bet as its stream
    // makes it (no wait), and a read without a token shows it from the stream too, not 404.
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public', gameType: 'fc25' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().bet).toMatchObject({ status: 'pending', challengerId: alice.id });
    const newBetId = created.json().bet.id as string;
    const read = await get(`/api/bets/${newBetId}`, alice);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: newBetId, status: 'pending' });
    // A read that sends the command's token waits for the read models, and says 202 when they are behind.
    const waited = await h.rawInject({ method: 'GET', url: `/api/bets/${newBetId}`, headers: { ...alice.headers, 'x-consistency-token': String(created.headers['x-consistency-token']) } });
    expect(waited.statusCode, waited.body).toBe(202);
    expect((await get(`/api/bets/${newBetId}`, outsider)).statusCode).toBe(404);

    (h.deps.projections as { waitFor: typeof waitFor }).waitFor = waitFor;
    h.runner.start();
    expect((await eventually(() => get(`/api/bets/${newBetId}`, alice), (r) => r.statusCode === 200)).statusCode).toBe(200);
    const projected = await eventually(() => findLiveMatch(h.deps.db, betId), (row) => row?.view.matchId === snapshot.matchId);
    expect((await get(`/api/matches/${betId}`, alice)).json()).toMatchObject({ status: 'in_progress', matchId: projected!.view.matchId, challengerScore: 1 });
  });

  it('finds an invitation opened right after its creation by waiting for the read models, not 404', async () => {
    const [alice, bob] = [await fundedPlayer(h), await fundedPlayer(h)];
    await h.runner.stop();
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'private', gameType: 'fc25' } });
    expect(created.statusCode, created.body).toBe(201);
    const inviteLinkId = created.json().bet.inviteLinkId as string;
    // The link is not in the read tables yet. The projections resume only when a request waits
    // for them: a route that looks the link up once and gives up answers 404.
    (h.deps.projections as { waitFor: typeof waitFor }).waitFor = async (position, timeoutMs) => {
      h.runner.start();
      return waitFor(position, timeoutMs);
    };
    const shown = await h.rawInject({ method: 'GET', url: `/api/challenges/${inviteLinkId}`, headers: bob.headers });
    expect(shown.statusCode, shown.body).toBe(200);
    await h.runner.stop();
    const other = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'private', gameType: 'fc25' } });
    const accepted = await h.rawInject({ method: 'POST', url: `/api/challenges/accept/${other.json().bet.inviteLinkId as string}`, headers: bob.headers });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await h.rawInject({ method: 'GET', url: `/api/challenges/${randomUUID()}`, headers: bob.headers })).statusCode).toBe(404);
  });

  it('answers a pool created meanwhile 202 to whoever may see it, not 404', async () => {
    await h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/reset' });
    const [alice, outsider] = [await fundedPlayer(h), await fundedPlayer(h)];
    await stopProjections();
    const created = await h.app.inject({ method: 'POST', url: '/api/fpl/pools', headers: alice.headers, payload: { name: 'Behind', isPrivate: true, entryFee: '5.00' } });
    expect(created.statusCode, created.body).toBe(202);
    const poolId = created.json().poolId as string;
    const read = await get(`/api/fpl/pools/${poolId}`, alice);
    expect(read.statusCode, read.body).toBe(202);
    expect((await get(`/api/fpl/pools/${poolId}`, outsider)).statusCode).toBe(404);
    (h.deps.projections as { waitFor: typeof waitFor }).waitFor = waitFor;
    h.runner.start();
    expect((await eventually(() => get(`/api/fpl/pools/${poolId}`, alice), (r) => r.statusCode === 200)).json()).toMatchObject({ pool: { id: poolId } });
  });
});

describe('a write to a chat the read tables do not show yet', () => {
  it('takes a player\'s message (202 while its row is not shown), never 404 chat_not_found; an outsider still gets 404', async () => {
    const [alice, bob, outsider] = [await fundedPlayer(h), await fundedPlayer(h), await fundedPlayer(h)];
    const betId = await pendingBet(alice);
    await stopProjections();
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: bob.headers })).statusCode).toBe(200);
    const chatId = chatIdOfBet(betId);
    await eventually(() => h.deps.store.readStream(chatStreamId(chatId)), (events) => events.length > 0);
    const said = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: alice.headers, payload: { content: 'gg' } });
    expect(said.statusCode, said.body).toBe(202);
    const stranger = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: outsider.headers, payload: { content: 'hi' } });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('a withdrawal recorded while the read tables are behind', () => {
  it('answers a crypto withdrawal 202 (never a 500 on the row not shown yet), sends it, and shows it once projections resume', async () => {
    const alice = await fundedPlayer(h);
    await executeWalletCommand(h.deps, { type: 'CreditCryptoDeposit', data: { userId: alice.id, depositId: randomUUID(), cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now: h.clock.now() } }, randomUUID());
    await stopProjections();
    const created = await h.app.inject({ method: 'POST', url: '/api/crypto/withdrawals/create', headers: alice.headers, payload: { cryptocurrency: 'USDT', cryptoAmount: '10', withdrawalAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', network: 'TRC20' } });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.headers.location).toBe('/api/crypto/withdrawals');
    const withdrawalId = created.json().withdrawalId as string;
    (h.deps.projections as { waitFor: typeof waitFor }).waitFor = waitFor;
    h.runner.start();
    const listed = await eventually(
      async () => (await get('/api/crypto/withdrawals', alice)).json() as { id: string }[],
      (rows) => rows.some((r) => r.id === withdrawalId),
    );
    expect(listed.map((r) => r.id)).toContain(withdrawalId);
  });

  it('answers a bank withdrawal 202 while its row is not shown yet', async () => {
    const alice = await fundedPlayer(h, '5000.00');
    const account = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: alice.headers, payload: { bankCode: '058', accountNumber: '0123456789' } });
    expect(account.statusCode, account.body).toBe(200);
    await stopProjections();
    const created = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: alice.headers, payload: { amount: '1500', bankAccountId: account.json().id } });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json()).toMatchObject({ status: 'processing', withdrawalId: expect.any(String) });
  });
});
