// Proves the stuck-transfer path against the Paystack sandbox over real HTTP: a refused send or a Paystack balance too low stops after a bounded backoff and waits for an admin with Paystack's reason (no endless retries), the admin sees it, retry sends it to paid, return gives the player their money back exactly once, a retry racing a return has one winner, the ledger sums to zero, and the routes refuse visitors and players.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { checkBooks, fundedPlayer, ledger, available, type Player } from '../bets/testing.js';
import { paystackClient } from '../../adapters/providers.js';
import { BankPayoutReconciler, BANK_RECONCILE_STALE_MS } from './bank-payout-reconciler.js';
import { BANK_SEND_ATTEMPTS_MAX, sendBackoffMs } from '@wager/domain/wallet/index';
import { PAYSTACK_LOW_BALANCE_MESSAGE } from '../../sandbox/paystack/transfers.js';

let h: TestHarness;
let reconciler: BankPayoutReconciler;
let admin: Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bankattention', env: { PROVIDER_TIMEOUT_MS: '2000' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  reconciler = new BankPayoutReconciler(h.deps, () => paystackClient(h.app));
  const a = await signUpUser(h);
  await makeAdmin(h, a.user.id);
  admin = authHeader(a.token);
});
afterAll(async () => {
  await h.close();
});

async function switches(body: Record<string, unknown>) {
  const r = await h.app.inject({ method: 'POST', url: '/sandbox/paystack/_control/transfers', payload: { reset: true, delayMs: 0, ...body } });
  expect(r.statusCode).toBe(200);
}
async function readyPlayer(amount = '10000.00') {
  const player = await fundedPlayer(h, amount);
  await h.deps.db.updateTable('users').set({ is_email_verified: true, is_phone_verified: true }).where('id', '=', player.id).execute();
  const r = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: player.headers, payload: { bankCode: '058', accountNumber: `02${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}` } });
  expect(r.statusCode, r.body).toBe(200);
  h.clock.advance(DAY + 1000);
  return { player, accountId: (r.json() as { id: string }).id };
}
type Item = { id: string; status: string; sendAttempts: number; lastSendError: string | null; nextAttemptAt: string | null; attentionReason: string | null; returnReason: string | null };
async function attention(): Promise<{ needsAttention: Item[]; retrying: Item[] }> {
  const r = await h.app.inject({ method: 'GET', url: '/api/admin/withdrawals/bank/attention', headers: admin });
  expect(r.statusCode).toBe(200);
  return r.json();
}
async function withdraw(player: Player, accountId: string, amount: string) {
  const r = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { amount, bankAccountId: accountId } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: string; status: string };
}
async function balance(player: Player) {
  return ((await h.app.inject({ method: 'GET', url: '/api/user', headers: player.headers })).json() as { balance: string }).balance;
}
async function statusOf(player: Player, id: string): Promise<string> {
  const list = (await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank', headers: player.headers })).json() as { id: string; status: string }[];
  return list.find((w) => w.id === id)!.status;
}
/** Waits on the read model (the sandbox settles by webhook), never on a fixed sleep. */
async function waitForStatus(player: Player, id: string, status: string): Promise<void> {
  await eventually(() => statusOf(player, id), (s) => s === status, `withdrawal ${id} ${status}`);
}
async function streamTypes(player: Player, withdrawalId: string) {
  return (await h.deps.store.readStream(`wallet-${player.id}`)).filter((e) => (e.data as { withdrawalId?: string }).withdrawalId === withdrawalId).map((e) => e.type);
}
const action = (id: string, what: 'retry' | 'return', reason = 'checked with the player') => h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${id}/${what}`, headers: admin, payload: { reason } });

describe('a send Paystack refuses', () => {
  it('waits for an admin at once with Paystack’s reason, is never retried alone, and an admin retry sends it to paid', async () => {
    await switches({ refuse: 'Invalid recipient: account is not active' });
    const { player, accountId } = await readyPlayer();
    const created = await withdraw(player, accountId, '2000.00');
    expect(created.status).toBe('requested');
    expect(await balance(player)).toBe('8000.00'); // the hold stays
    const listed = (await attention()).needsAttention.find((w) => w.id === created.id)!;
    expect(listed).toMatchObject({ sendAttempts: 1, attentionReason: 'Invalid recipient: account is not active', nextAttemptAt: null });
    for (let i = 0; i < 3; i++) {
      h.clock.advance(BANK_RECONCILE_STALE_MS + 20 * 60_000);
      await reconciler.tick();
    }
    expect((await streamTypes(player, created.id)).filter((t) => t === 'BankTransferAttemptFailed')).toHaveLength(1);

    await switches({});
    const retried = await action(created.id, 'retry', 'recipient fixed at the bank');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ attentionReason: null });
    await waitForStatus(player, created.id, 'paid');
    expect(await balance(player)).toBe('8000.00');
    expect((await attention()).needsAttention.map((w) => w.id)).not.toContain(created.id);
    expect(await action(created.id, 'return')).toMatchObject({ statusCode: 409 });
    await checkBooks(h, []);
  });
});

describe('a Paystack balance too low', () => {
  it('backs off between bounded attempts, then waits for an admin; a return gives the money back exactly once', async () => {
    await switches({ balanceMinor: 0 });
    const { player, accountId } = await readyPlayer();
    const created = await withdraw(player, accountId, '3000.00');
    const first = (await attention()).retrying.find((w) => w.id === created.id)!;
    expect(first).toMatchObject({ sendAttempts: 1, attentionReason: null, lastSendError: expect.stringContaining('Paystack balance') });
    // Before its backoff ends the reconciler leaves it alone.
    await reconciler.tick();
    expect((await attention()).retrying.find((w) => w.id === created.id)!.sendAttempts).toBe(1);
    for (let attempt = 2; attempt <= BANK_SEND_ATTEMPTS_MAX; attempt++) {
      h.clock.advance(Math.max(BANK_RECONCILE_STALE_MS, sendBackoffMs(attempt - 1)) + 1000);
      await reconciler.tick();
    }
    const marked = (await attention()).needsAttention.find((w) => w.id === created.id)!;
    expect(marked).toMatchObject({ sendAttempts: BANK_SEND_ATTEMPTS_MAX, nextAttemptAt: null, attentionReason: expect.stringContaining('Paystack balance (NGN 0.00) is below this transfer (NGN 3000.00)') });
    // No endless retries: hours of reconciler ticks add no attempt.
    for (let i = 0; i < 5; i++) {
      h.clock.advance(60 * 60_000);
      await reconciler.tick();
    }
    expect((await streamTypes(player, created.id)).filter((t) => t === 'BankTransferAttemptFailed')).toHaveLength(BANK_SEND_ATTEMPTS_MAX);
    expect(await balance(player)).toBe('7000.00');

    const noReason = await action(created.id, 'return', '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: 'Reason is required' });
    const returned = await action(created.id, 'return', 'Paystack balance not topped up today');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'returned', returnReason: 'Paystack balance not topped up today' });
    expect(await balance(player)).toBe('10000.00');
    const again = await action(created.id, 'return');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'withdrawal_not_pending' });
    expect(await action(created.id, 'retry')).toMatchObject({ statusCode: 409 });
    expect(await balance(player)).toBe('10000.00');
    expect((await streamTypes(player, created.id)).filter((t) => t === 'BankWithdrawalReturned')).toHaveLength(1);
    const books = await ledger(h);
    expect(available(books, player.id)).toBe('10000.00');
    const tx = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: player.headers })).json() as { type: string; status: string }[];
    expect(tx).toContainEqual(expect.objectContaining({ type: 'withdrawal', status: 'returned' }));
    await checkBooks(h, []);
  });

  it('sends after a top-up on the next attempt of its backoff; GET /balance is what the sender read', async () => {
    await switches({ balanceMinor: 50_000 }); // ₦500
    const { player, accountId } = await readyPlayer();
    const created = await withdraw(player, accountId, '1000.00');
    expect((await attention()).retrying.map((w) => w.id)).toContain(created.id);
    expect(await paystackClient(h.app).balance('NGN')).toEqual({ balanceMinor: '50000' });
    await switches({ balanceMinor: 10_000_000 });
    h.clock.advance(BANK_RECONCILE_STALE_MS + sendBackoffMs(1));
    await reconciler.tick();
    await waitForStatus(player, created.id, 'paid');
    expect(await paystackClient(h.app).balance('NGN')).toEqual({ balanceMinor: String(10_000_000 - 100_000) });
  });
});

describe('a retry racing a return', () => {
  it.each([0, 1, 2])('has exactly one winner (run %i), and the money is whole', async () => {
    await switches({ refuse: 'Transfer blocked by the bank' });
    const { player, accountId } = await readyPlayer();
    const created = await withdraw(player, accountId, '1500.00');
    await switches({});
    const [retry, ret] = await Promise.all([action(created.id, 'retry'), action(created.id, 'return')]);
    expect([retry.statusCode, ret.statusCode].sort()).toEqual([200, 409]);
    const types = await streamTypes(player, created.id);
    if (ret.statusCode === 200) {
      expect(types).not.toContain('BankWithdrawalRetried');
      expect(types.filter((t) => t === 'BankWithdrawalReturned')).toHaveLength(1);
      expect(await balance(player)).toBe('10000.00');
    } else {
      expect(types).toContain('BankWithdrawalRetried');
      await waitForStatus(player, created.id, 'paid');
      expect(types).not.toContain('BankWithdrawalReturned');
      expect(await balance(player)).toBe('8500.00');
    }
    await checkBooks(h, []);
  });
});

describe('authorization', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/withdrawals/bank/attention'],
    ['POST', '/api/admin/withdrawals/bank/x/retry'],
    ['POST', '/api/admin/withdrawals/bank/x/return'],
  ];
  it.each(routes)('%s %s refuses a visitor with 401 and a player with 403', async (method, url) => {
    expect((await h.app.inject({ method: method as 'GET', url, payload: method === 'POST' ? { reason: 'x' } : undefined })).statusCode).toBe(401);
    const player = await fundedPlayer(h, '0');
    expect((await h.app.inject({ method: method as 'GET', url, headers: player.headers, payload: method === 'POST' ? { reason: 'x' } : undefined })).statusCode).toBe(403);
  });
  it('an admin gets 404 for an unknown withdrawal, and 409 for one that does not need attention', async () => {
    expect((await action('nope', 'retry')).statusCode).toBe(404);
    expect((await action('nope', 'return')).json()).toMatchObject({ code: 'withdrawal_not_found' });
    await switches({ webhooks: false });
    const { player, accountId } = await readyPlayer();
    const created = await withdraw(player, accountId, '1000.00');
    const r = await action(created.id, 'return');
    expect(r.statusCode).toBe(409);
    expect(await balance(player)).toBe('9000.00');
  });
});

it('the low-balance message is Paystack’s own', () => {
  expect(PAYSTACK_LOW_BALANCE_MESSAGE).toBe('Your balance is not enough to fulfil this request');
});
