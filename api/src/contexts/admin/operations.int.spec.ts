// Proves the admin's Operations tab and charts through the API: a withdrawal Paystack refused is listed with its reason, the audit started from the panel runs in the background and its outcome is recorded in audit_runs (one at a time), the charts count the day's stakes, fees, players and payout times, a player's balance over time follows their ledger, and every route refuses visitors and players.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { runAuditExclusively } from './audit.js';

let h: TestHarness;
let admin: Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createTestHarness({ label: 'operations', env: { PROVIDER_TIMEOUT_MS: '2000' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await signUpUser(h);
  await makeAdmin(h, a.user.id);
  admin = authHeader(a.token);
});
afterAll(async () => {
  await h.close();
});

type Operations = {
  withdrawals: { needsAttention: { id: string; attentionReason: string }[] };
  projections: { projectors: { name: string; lag: number }[] };
  reactors: { name: string; lag: number }[];
  sagas: unknown[];
  audit: { running: boolean; last: { passed: boolean; ranAt: string } | null; intervalMinutes: number };
};
async function operations(): Promise<Operations> {
  const r = await h.app.inject({ method: 'GET', url: '/api/admin/operations', headers: admin });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function sandbox(body: Record<string, unknown>) {
  expect((await h.app.inject({ method: 'POST', url: '/sandbox/paystack/_control/transfers', payload: { reset: true, delayMs: 0, ...body } })).statusCode).toBe(200);
}
async function withdrawal(player: Player, amount: string) {
  await h.deps.db.updateTable('users').set({ is_email_verified: true, is_phone_verified: true }).where('id', '=', player.id).execute();
  const account = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: player.headers, payload: { bankCode: '058', accountNumber: `03${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}` } });
  h.clock.advance(DAY + 1000);
  const r = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { amount, bankAccountId: (account.json() as { id: string }).id } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: string };
}

describe('GET /api/admin/operations', () => {
  it('lists a refused withdrawal with Paystack’s reason, and the projectors and reactors with their lag', async () => {
    await sandbox({ refuse: 'Recipient account is dormant' });
    const player = await fundedPlayer(h, '5000.00');
    const w = await withdrawal(player, '1000.00');
    const ops = await operations();
    expect(ops.withdrawals.needsAttention).toContainEqual(expect.objectContaining({ id: w.id, attentionReason: 'Recipient account is dormant' }));
    expect(ops.projections.projectors.map((p) => p.name)).toContain('bank_withdrawals');
    expect(ops.projections.projectors.every((p) => p.lag >= 0)).toBe(true);
    expect(ops.audit.intervalMinutes).toBe(360);
    await sandbox({});
  });
});

describe('the audit from the panel', () => {
  it('starts a background run whose outcome is recorded, and one run at a time', async () => {
    const before = (await operations()).audit.last?.ranAt ?? null;
    const started = await h.app.inject({ method: 'POST', url: '/api/admin/audit/runs', headers: admin });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ started: true });
    // Wait on the recorded row, not on time.
    const last = await eventually(async () => (await operations()).audit.last, (run) => run !== null && run.ranAt !== before, 'a new audit run recorded');
    expect(last).toMatchObject({ passed: true });
    // While one run holds the lock, another is refused (null), and it records nothing.
    const rows = async () => Number((await h.deps.db.selectFrom('audit_runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const count = await rows();
    const [a, b] = await Promise.all([runAuditExclusively(h.deps), runAuditExclusively(h.deps)]);
    expect([a, b].filter((x) => x === null)).toHaveLength(1);
    expect(await rows()).toBe(count + 1);
  });
});

describe('charts', () => {
  it('count the day’s stakes, fees, players and payout time; a player’s balance follows their ledger', async () => {
    await sandbox({});
    // The PostgreSQL event store stamps events (and so the ledger journal) with the database's clock: the app's clock must not be behind it.
    h.clock.set(new Date(Math.max(Date.now(), h.clock.now().getTime())));
    const alice = await fundedPlayer(h, '5000.00');
    const bet = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
    expect(bet.statusCode, bet.body).toBe(201);
    const w = await withdrawal(alice, '1000.00');
    await eventually(
      async () => (await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank', headers: alice.headers })).json() as { id: string; status: string }[],
      (list) => list.find((x) => x.id === w.id)?.status === 'paid',
      `withdrawal ${w.id} paid`,
    );
    const charts = await h.app.inject({ method: 'GET', url: '/api/admin/charts?days=7', headers: admin });
    expect(charts.statusCode, charts.body).toBe(200);
    const body = charts.json() as { money: { day: string; staked: string; activePlayers: number }[]; payoutTimes: { day: string; paid: number; medianMinutes: number | null }[]; disputes: unknown[] };
    expect(body.money).toHaveLength(7);
    expect(body.disputes).toHaveLength(7);
    const betDay = body.money.find((d) => Number(d.staked) >= 102);
    expect(betDay).toMatchObject({ activePlayers: expect.any(Number) });
    expect(betDay!.activePlayers).toBeGreaterThanOrEqual(1);
    const today = body.payoutTimes.at(-1)!;
    expect(today.paid).toBeGreaterThanOrEqual(1);
    expect(today.medianMinutes).not.toBeNull();
    const refused = await h.app.inject({ method: 'GET', url: '/api/admin/charts?days=500', headers: admin });
    expect(refused.statusCode).toBe(400);

    const history = await h.app.inject({ method: 'GET', url: '/api/wallet/balance-history?days=3', headers: alice.headers });
    expect(history.statusCode).toBe(200);
    const days = (history.json() as { days: { day: string; balance: string }[] }).days;
    expect(days).toHaveLength(3);
    // Deposited 5000, staked 102 (100 + 2% fee), withdrew 1000: the last day closes at 3898.00.
    expect(days.at(-1)!.balance).toBe('3898.00');
    const user = (await h.app.inject({ method: 'GET', url: '/api/user', headers: alice.headers })).json() as { balance: string };
    expect(user.balance).toBe('3898.00');
  });
});

describe('authorization', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/operations'],
    ['POST', '/api/admin/audit/runs'],
    ['GET', '/api/admin/charts'],
  ];
  it.each(routes)('%s %s refuses a visitor with 401 and a player with 403', async (method, url) => {
    expect((await h.app.inject({ method: method as 'GET', url })).statusCode).toBe(401);
    const player = await fundedPlayer(h, '0');
    expect((await h.app.inject({ method: method as 'GET', url, headers: player.headers })).statusCode).toBe(403);
  });
  it('a visitor gets 401 for a balance history; a player sees only their own', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/wallet/balance-history' })).statusCode).toBe(401);
    const other = await fundedPlayer(h, '0');
    const r = await h.app.inject({ method: 'GET', url: '/api/wallet/balance-history?days=1', headers: other.headers });
    expect((r.json() as { days: { balance: string }[] }).days).toEqual([expect.objectContaining({ balance: '0.00' })]);
  });
});
