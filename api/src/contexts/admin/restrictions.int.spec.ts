// Proves the user record and account restrictions (issue #29) on PostgreSQL: the new admin routes' authorization (visitor 401, player 403, admin 200); the record's transactions and bets, paged newest first; a freeze refuses every route that moves money with 403 account_frozen and its reason while reads still work, and nothing is written; a suspension ends the sessions at once and refuses sign-in with the reason; lifting either restores the account; admins cannot be restricted; each act is in the record's admin actions with its reason and admin.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { TEST_PASSWORD, authHeader, makeAdmin } from '../../testing/users.js';
import { available, fundedPlayer, ledger, type Player } from '../bets/testing.js';

let h: TestHarness;
let admin: Player;

beforeAll(async () => {
  h = await createTestHarness({ label: 'restrict' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
});
afterAll(async () => {
  await h.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, who: { headers: Record<string, string> } | null, payload?: Record<string, unknown>) =>
  h.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload !== undefined ? { payload } : {}) });
const act = (verb: 'suspend' | 'unsuspend' | 'freeze' | 'unfreeze', userId: string, reason = 'Chargeback under review') => call('POST', `/api/admin/users/${userId}/${verb}`, admin, { reason });

/** Every route that moves money (docs/api/admin.md, "Suspend and freeze"). */
const moneyRoutes = (bet: string): [string, Record<string, unknown>][] => [
  ['/api/bets', { amount: '100', visibility: 'public' }],
  [`/api/challenges/join/${bet}`, {}],
  [`/api/challenges/accept/${randomUUID()}`, {}],
  ['/api/paystack/deposits/initialize', { amount: 5000 }],
  ['/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: '20', network: 'TRC20' }],
  ['/api/crypto/withdrawals/create', { cryptocurrency: 'USDT', cryptoAmount: '20', withdrawalAddress: 'T'.repeat(34), network: 'TRC20' }],
  ['/api/withdrawals/bank', { amount: '500', bankAccountId: randomUUID() }],
  ['/api/fpl/pools', { name: 'Frozen pool', entryFee: '1000', startGameweek: 30, endGameweek: 31 }],
  [`/api/fpl/pools/${randomUUID()}/join`, { fplTeamId: '1' }],
  ['/api/fpl/pools/join-by-code/ABCDEF', { fplTeamId: '1' }],
];

describe('authorization of the user record routes', () => {
  it('answers a visitor 401, a player 403 and an admin 200', async () => {
    const target = await fundedPlayer(h, '0');
    const player = await fundedPlayer(h, '0');
    const routes: [Method, string, Record<string, unknown>?][] = [
      ['GET', `/api/admin/users/${target.id}/transactions`],
      ['GET', `/api/admin/users/${target.id}/bets`],
      ['POST', `/api/admin/users/${target.id}/freeze`, { reason: 'checking' }],
      ['POST', `/api/admin/users/${target.id}/unfreeze`, { reason: 'checked' }],
      ['POST', `/api/admin/users/${target.id}/suspend`, { reason: 'checking' }],
      ['POST', `/api/admin/users/${target.id}/unsuspend`, { reason: 'checked' }],
      ['GET', `/api/admin/users/names?ids=${target.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      const denied = await call(method, url, player, body);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json()).toEqual({ error: 'Access Denied', code: 'forbidden' });
      expect((await call(method, url, admin, body)).statusCode, `${method} ${url}`).toBe(200);
    }
  });
});

describe('the user record', () => {
  it('pages the transactions and the bets, newest first, naming the other side', async () => {
    const alice = await fundedPlayer(h, '5000.00');
    const bob = await fundedPlayer(h, '5000.00');
    const first = (await call('POST', '/api/bets', alice, { amount: '100', visibility: 'public' })).json() as { bet: { id: string } };
    h.clock.advance(1000);
    const second = (await call('POST', '/api/bets', alice, { amount: '200', visibility: 'public' })).json() as { bet: { id: string } };
    expect((await call('POST', `/api/challenges/join/${first.bet.id}`, bob)).statusCode).toBe(200);

    const bets = (await call('GET', `/api/admin/users/${alice.id}/bets?limit=1`, admin)).json();
    expect(bets.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2 });
    expect(bets.bets).toEqual([expect.objectContaining({ id: second.bet.id, amount: '200.00', role: 'challenger', opponent: null })]);
    const page2 = (await call('GET', `/api/admin/users/${alice.id}/bets?limit=1&page=2`, admin)).json();
    expect(page2.bets).toEqual([expect.objectContaining({ id: first.bet.id, opponent: { id: bob.id, username: bob.user.username } })]);
    const bobs = (await call('GET', `/api/admin/users/${bob.id}/bets`, admin)).json();
    expect(bobs.bets).toEqual([expect.objectContaining({ id: first.bet.id, role: 'opponent', opponent: { id: alice.id, username: alice.user.username } })]);

    const tx = (await call('GET', `/api/admin/users/${alice.id}/transactions?limit=50`, admin)).json();
    expect(tx.pagination.total).toBe(tx.transactions.length);
    expect(tx.transactions.map((t: { type: string }) => t.type)).toContain('deposit');
    const times = tx.transactions.map((t: { createdAt: string }) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(tx.transactions[0]).toMatchObject({ betId: second.bet.id });
    // Each row says what it is as a code the web app renders in the admin's language; the English stays for API clients.
    expect(tx.transactions.find((t: { type: string }) => t.type === 'deposit')).toMatchObject({ status: 'completed', description: 'Card deposit (Paystack)', descriptionCode: 'card_deposit', descriptionParams: {} });
    expect(tx.transactions.find((t: { type: string }) => t.type === 'bet_escrow')).toMatchObject({ description: 'Stake held in escrow', descriptionCode: 'stake_held' });
    expect(tx.transactions.find((t: { type: string }) => t.type === 'fee')).toMatchObject({ description: 'Platform fee (2%)', descriptionCode: 'platform_fee', descriptionParams: {} });

    expect((await call('GET', `/api/admin/users/${randomUUID()}/bets`, admin)).json()).toMatchObject({ code: 'user_not_found' });
    expect((await call('GET', `/api/admin/users/${alice.id}/bets?limit=1000`, admin)).statusCode).toBe(400);
  });
});

describe('names', () => {
  it('answers the usernames of the ids asked, skipping unknown ones, and refuses a malformed list', async () => {
    const a = await fundedPlayer(h, '0');
    const b = await fundedPlayer(h, '0');
    const res = await call('GET', `/api/admin/users/names?ids=${a.id},${b.id},${randomUUID()},${a.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().users.sort((x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id))).toEqual([{ id: a.id, username: a.user.username }, { id: b.id, username: b.user.username }].sort((x, y) => x.id.localeCompare(y.id)));
    expect((await call('GET', '/api/admin/users/names?ids=not-an-id', admin)).json()).toMatchObject({ code: 'validation_failed' });
    expect((await call('GET', '/api/admin/users/names?ids=', admin)).json()).toEqual({ users: [] });
  });
});

describe('freeze', () => {
  it('refuses every money route with 403 account_frozen and the reason, writes nothing, keeps reads, and lifts', async () => {
    const frozen = await fundedPlayer(h, '5000.00');
    const other = await fundedPlayer(h, '5000.00');
    const open = (await call('POST', '/api/bets', other, { amount: '100', visibility: 'public' })).json() as { bet: { id: string } };
    const frozenAt = await act('freeze', frozen.id, 'Chargeback under review');
    expect(frozenAt.statusCode, frozenAt.body).toBe(200);
    expect(frozenAt.json().restrictions).toEqual({ suspension: null, freeze: { reason: 'Chargeback under review', since: expect.any(String) } });
    const before = available(await ledger(h), frozen.id);

    for (const [url, body] of moneyRoutes(open.bet.id)) {
      const refused = await call('POST', url, frozen, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ code: 'account_frozen', params: { reason: 'Chargeback under review' } });
      expect(refused.json().error).toMatch(/frozen/);
    }
    expect(available(await ledger(h), frozen.id)).toBe(before);
    const me = await call('GET', '/api/user', frozen);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ freezeReason: 'Chargeback under review' });
    expect((await call('GET', '/api/transactions', frozen)).statusCode).toBe(200);
    expect((await act('freeze', frozen.id)).json()).toMatchObject({ code: 'account_already_frozen' });

    expect((await act('unfreeze', frozen.id, 'Cleared')).statusCode).toBe(200);
    expect((await call('POST', '/api/bets', frozen, { amount: '100', visibility: 'public' })).statusCode).toBe(201);
    expect((await call('GET', '/api/user', frozen)).json()).toMatchObject({ freezeReason: null });
    expect((await act('unfreeze', frozen.id)).json()).toMatchObject({ code: 'account_not_frozen' });
  });
});

describe('suspension', () => {
  it('ends the sessions at once, refuses sign-in with the reason, and lifting lets the player back in', async () => {
    const player = await fundedPlayer(h, '0');
    expect((await call('GET', '/api/user', player)).statusCode).toBe(200);
    expect((await act('suspend', player.id, 'Multiple accounts')).statusCode).toBe(200);
    expect((await call('GET', '/api/user', player)).statusCode).toBe(401);
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: player.user.username, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_suspended', params: { reason: 'Multiple accounts' } });
    // A wrong password learns nothing of the suspension.
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: player.user.username, password: 'Wrong-Passw0rd' } })).statusCode).toBe(401);

    expect((await act('unsuspend', player.id, 'Appeal accepted')).statusCode).toBe(200);
    const again = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: player.user.username, password: TEST_PASSWORD } });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('GET', '/api/user', { headers: authHeader(again.json().token) })).statusCode).toBe(200);
  });

  it('refuses restricting an admin, an empty reason and an unknown user; lists every act with its reason and admin', async () => {
    const other = await fundedPlayer(h, '0');
    await makeAdmin(h, other.id);
    expect((await act('suspend', other.id)).json()).toMatchObject({ code: 'account_is_admin' });
    expect((await act('freeze', admin.id)).json()).toMatchObject({ code: 'account_is_admin' });
    const player = await fundedPlayer(h, '0');
    const empty = await act('freeze', player.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'reason_required' });
    expect((await call('POST', `/api/admin/users/${player.id}/freeze`, admin, {})).json()).toMatchObject({ code: 'reason_required' });
    expect((await act('freeze', randomUUID())).statusCode).toBe(404);

    await act('freeze', player.id, 'First');
    await act('suspend', player.id, 'Second');
    const detail = (await call('GET', `/api/admin/users/${player.id}`, admin)).json();
    expect(detail.restrictions).toMatchObject({ suspension: { reason: 'Second' }, freeze: { reason: 'First' } });
    expect(detail.adminActions.filter((a: { type: string }) => a.type.startsWith('Account'))).toEqual([
      expect.objectContaining({ type: 'AccountFrozen', reason: 'First', adminId: admin.id, adminUsername: admin.user.username, actor: `admin:${admin.id}` }),
      expect.objectContaining({ type: 'AccountSuspended', reason: 'Second', adminId: admin.id }),
    ]);
    const listed = (await call('GET', `/api/admin/users?search=${player.user.username}`, admin)).json();
    expect(listed.users[0]).toMatchObject({ isSuspended: true, isFrozen: true });
  });
});
