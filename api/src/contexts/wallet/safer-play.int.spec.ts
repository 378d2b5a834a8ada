// Proves safer play over the API on PostgreSQL: who may read and change limits (visitor 401, only the player themself), lowering at once and raising after 24 h, a deposit past a limit refused before Paystack or the crypto provider is asked, failed deposits given back, cool-off and self-exclusion refusing deposits, new challenges and joining while withdrawals and sign-in still work, and /api/user showing the state.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { TEST_PASSWORD, authHeader } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { executeWalletCommand, playerTimeZone } from './commands.js';

const H = 3600_000;
let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'safer_play' });
  // The provider sandboxes call back over HTTP.
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

const visitor = {};
function call(p: Player | typeof visitor, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return h.app.inject({ method, url, headers: 'headers' in p ? p.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function paystackDeposits(p: Player) {
  return (await call(p, 'GET', '/api/paystack/deposits')).json() as { status: string; amount: string; reference: string }[];
}
async function initialize(p: Player, amount: string) {
  return call(p, 'POST', '/api/paystack/deposits/initialize', { amount, email: p.user.email });
}

describe('authorization', () => {
  it.each([
    ['GET', '/api/user/limits', undefined],
    ['PUT', '/api/user/limits', { depositDaily: '1000' }],
    ['GET', '/api/user/self-exclusion', undefined],
    ['POST', '/api/user/self-exclusion', { period: '24h' }],
    ['PUT', '/api/user/reality-check', { intervalMinutes: 30 }],
  ] as const)('a visitor gets 401 for %s %s, before validation', async (method, url, payload) => {
    const res = await call(visitor, method, url, payload);
    expect(res.statusCode).toBe(401);
  });

  it('acts on the signed-in player only: another player\'s change never touches them', async () => {
    const alice = await fundedPlayer(h, '0');
    const mallory = await fundedPlayer(h, '0');
    expect((await call(mallory, 'PUT', '/api/user/limits', { depositDaily: '10', userId: alice.id })).statusCode).toBe(400); // no way to name another player
    expect((await call(mallory, 'PUT', '/api/user/limits', { depositDaily: '10' })).statusCode).toBe(200);
    expect((await call(mallory, 'POST', '/api/user/self-exclusion', { period: '6m' })).statusCode).toBe(200);
    const mine = (await call(alice, 'GET', '/api/user/limits')).json();
    expect(mine).toMatchObject({ depositDaily: { limit: null }, selfExcludedUntil: null, coolOffUntil: null });
    expect((await call(alice, 'GET', '/api/user')).json()).toMatchObject({ selfExcludedUntil: null, coolOffUntil: null, dailyLimit: '50000.00' });
  });
});

describe('limits', () => {
  it('shows the defaults, lowers at once, raises after 24 h (pending with its time), and refuses bad input', async () => {
    const p = await fundedPlayer(h, '0');
    expect((await call(p, 'GET', '/api/user/limits')).json()).toEqual({
      currency: 'NGN',
      timeZone: 'Africa/Lagos',
      depositDaily: { limit: null, pending: null, used: '0.00', remaining: null },
      depositWeekly: { limit: null, pending: null, used: '0.00', remaining: null },
      depositMonthly: { limit: null, pending: null, used: '0.00', remaining: null },
      stakeDaily: { limit: '50000.00', pending: null, used: '0.00', remaining: '50000.00' },
      exclusion: null,
      selfExcludedUntil: null,
      coolOffUntil: null,
      realityCheckMinutes: null,
    });
    const lowered = await call(p, 'PUT', '/api/user/limits', { depositDaily: 2000, depositWeekly: '5000.50', stakeDaily: '300' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({ depositDaily: { limit: '2000.00', pending: null, remaining: '2000.00' }, depositWeekly: { limit: '5000.50' }, stakeDaily: { limit: '300.00' } });
    expect((await call(p, 'GET', '/api/user')).json().dailyLimit).toBe('300.00');

    const raisedAt = h.clock.now();
    const raised = (await call(p, 'PUT', '/api/user/limits', { depositDaily: '9000', depositWeekly: null })).json();
    const effectiveAt = new Date(raisedAt.getTime() + 24 * H).toISOString();
    expect(raised).toMatchObject({ depositDaily: { limit: '2000.00', pending: { limit: '9000.00', effectiveAt } }, depositWeekly: { limit: '5000.50', pending: { limit: null, effectiveAt } } });
    h.clock.advance(24 * H);
    expect((await call(p, 'GET', '/api/user/limits')).json()).toMatchObject({ depositDaily: { limit: '9000.00', pending: null }, depositWeekly: { limit: null, pending: null } });

    for (const [body, code] of [
      [{ depositDaily: '-5' }, 'validation_failed'],
      [{ depositDaily: '10.001' }, 'amount_decimal_places'],
      [{}, 'no_limit_given'],
      [{ something: 1 }, 'validation_failed'],
    ] as const) {
      const bad = await call(p, 'PUT', '/api/user/limits', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().code).toBe(code);
    }
    expect((await call(p, 'PUT', '/api/user/reality-check', { intervalMinutes: 2 })).json()).toMatchObject({ code: 'invalid_reality_check', params: { min: 5, max: 1440 } });
    expect((await call(p, 'PUT', '/api/user/reality-check', { intervalMinutes: 45 })).json()).toMatchObject({ realityCheckMinutes: 45 });
  });

  it('refuses a Paystack deposit past a limit before Paystack is asked, naming the limit and what is left; a failed one is given back', async () => {
    const p = await fundedPlayer(h, '0');
    await call(p, 'PUT', '/api/user/limits', { depositDaily: '1500' });
    const first = await initialize(p, '1000');
    expect(first.statusCode, first.body).toBe(200);
    const refused = await initialize(p, '600');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Deposit limit reached: your daily deposit limit is ₦1,500.00 and ₦500.00 is left today',
      code: 'deposit_limit_exceeded',
      params: { limit: 'depositDaily', limitAmount: '1500.00', used: '1000.00', remaining: '500.00', requested: '600.00', currency: 'NGN' },
    });
    expect(await paystackDeposits(p)).toHaveLength(1); // the refused one never reached Paystack nor our records
    // The first checkout is declined: once Paystack says so, it stops counting.
    const path = new URL(first.json().data.authorization_url).pathname;
    await h.app.inject({ method: 'POST', url: `${path}/decline`, payload: 'do=decline', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await call(p, 'POST', '/api/paystack/deposits/verify', { reference: first.json().data.reference });
    await h.settle();
    expect((await call(p, 'GET', '/api/user/limits')).json().depositDaily).toMatchObject({ used: '0.00', remaining: '1500.00' });
    expect((await initialize(p, '1500')).statusCode).toBe(200);
  });

  it('counts a crypto deposit at its USD value in the wallet currency, refused before an address is issued', async () => {
    const p = await fundedPlayer(h, '0');
    await call(p, 'PUT', '/api/user/limits', { depositWeekly: '100000' });
    const refused = await call(p, 'POST', '/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: '100', network: 'TRC20' }); // $100 = ₦160,000
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'deposit_limit_exceeded', params: { limit: 'depositWeekly', requested: '160000.00', remaining: '100000.00' } });
    expect((await call(p, 'GET', '/api/crypto/deposits')).json()).toEqual([]);
    expect((await call(p, 'POST', '/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: '50', network: 'TRC20' })).statusCode).toBe(200);
    expect((await call(p, 'GET', '/api/user/limits')).json().depositWeekly).toMatchObject({ used: '80000.00', remaining: '20000.00' });
  });

  it('holds the player\'s own stake limit when they create a challenge', async () => {
    const p = await fundedPlayer(h, '5000.00');
    await call(p, 'PUT', '/api/user/limits', { stakeDaily: '150' });
    const refused = await call(p, 'POST', '/api/bets', { amount: '200', visibility: 'public' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'daily_limit_exceeded', params: { dailyLimit: '150.00' } });
    expect((await call(p, 'POST', '/api/bets', { amount: '100', visibility: 'public' })).statusCode).toBe(201);
  });
});

describe('the day of the daily limits', () => {
  it("is counted in the player's zone as their own stream records it, not as the users read table shows it; no stream counts in UTC", async () => {
    const p = await fundedPlayer(h, '0');
    expect((await call(p, 'PATCH', '/api/user/profile', { timezone: 'Pacific/Kiritimati' })).statusCode).toBe(200);
    await h.deps.db.updateTable('users').set({ timezone: 'Europe/London' }).where('id', '=', p.id).execute();
    expect(await playerTimeZone(h.deps, p.id)).toBe('Pacific/Kiritimati');
    expect(await playerTimeZone(h.deps, randomUUID())).toBe('UTC');
  });
});

describe('cool-off and self-exclusion', () => {
  it('refuses deposits, new challenges and joining; open bets, withdrawals and sign-in still work; it cannot be undone', async () => {
    const p = await fundedPlayer(h, '5000.00');
    const other = await fundedPlayer(h, '5000.00');
    const open = (await call(other, 'POST', '/api/bets', { amount: '100', visibility: 'public' })).json();
    const mine = (await call(p, 'POST', '/api/bets', { amount: '100', visibility: 'public' })).json();
    await executeWalletCommand(h.deps, { type: 'CreditCryptoDeposit', data: { userId: p.id, depositId: randomUUID(), cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now: h.clock.now() } }, randomUUID());

    const started = await call(p, 'POST', '/api/user/self-exclusion', { period: '7d' });
    expect(started.statusCode, started.body).toBe(200);
    const until = new Date(h.clock.now().getTime() + 7 * 24 * H).toISOString();
    expect(started.json()).toEqual({ active: true, exclusion: { kind: 'cool_off', period: '7d', until }, selfExcludedUntil: null, coolOffUntil: until });
    expect((await call(p, 'GET', '/api/user/self-exclusion')).json()).toMatchObject({ active: true, coolOffUntil: until });
    expect((await call(p, 'GET', '/api/user')).json()).toMatchObject({ coolOffUntil: until, selfExcludedUntil: null });

    const deposit = await initialize(p, '1000');
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json()).toMatchObject({ code: 'cool_off_active', params: { kind: 'cool_off', until, action: 'deposit' } });
    expect((await call(p, 'POST', '/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: '10', network: 'TRC20' })).statusCode).toBe(403);
    const create = await call(p, 'POST', '/api/bets', { amount: '100', visibility: 'public' });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ code: 'cool_off_active', params: { action: 'stake' } });
    const join = await call(p, 'POST', `/api/challenges/join/${open.bet.id}`);
    expect(join.statusCode).toBe(403);
    expect((await call(other, 'GET', `/api/bets/${open.bet.id}`)).json()).toMatchObject({ status: 'pending', opponentId: null });

    // Open bets play out: someone may still accept the player's own challenge.
    expect((await call(other, 'POST', `/api/challenges/join/${mine.bet.id}`)).statusCode).toBe(200);
    // Withdrawals still work, and so does signing in.
    const withdrawal = await call(p, 'POST', '/api/crypto/withdrawals/create', { cryptocurrency: 'USDT', cryptoAmount: '10', withdrawalAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', network: 'TRC20' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const signin = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: p.user.username, password: TEST_PASSWORD } });
    expect(signin.statusCode, signin.body).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(signin.json().token) })).json().coolOffUntil).toBe(until);

    // Cannot be shortened or undone; can be lengthened into a self-exclusion.
    const shorter = await call(p, 'POST', '/api/user/self-exclusion', { period: '24h' });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json()).toMatchObject({ code: 'exclusion_active', params: { kind: 'cool_off', until } });
    expect((await call(p, 'POST', '/api/user/self-exclusion', { period: 'forever' })).json()).toMatchObject({ code: 'invalid_exclusion_period' });
    const longer = (await call(p, 'POST', '/api/user/self-exclusion', { period: '6m' })).json();
    expect(longer).toMatchObject({ active: true, exclusion: { kind: 'self_exclusion', period: '6m' }, coolOffUntil: null });

    // At its exact end everything opens again.
    h.clock.set(new Date(Date.parse(longer.selfExcludedUntil) - 1));
    const before = (await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: p.user.username, password: TEST_PASSWORD } })).json();
    const again: Player = { ...p, headers: authHeader(before.token) }; // six months on, the old session has ended
    expect((await initialize(again, '1000')).statusCode).toBe(403);
    h.clock.set(longer.selfExcludedUntil);
    expect((await call(again, 'GET', '/api/user')).json()).toMatchObject({ selfExcludedUntil: null, coolOffUntil: null });
    expect((await initialize(again, '1000')).statusCode).toBe(200);
  });
});
