// Proves naira cash-out through Paystack Transfers against the sandbox over real HTTP: bank accounts resolve and stay masked, a withdrawal is held at once and paid, returned on failure or reversal, exactly once under duplicate and out-of-order webhooks, a crash between hold and send is finished by the reconciler without a second transfer, KYC, the new-account wait and admin hold/release gate the send, a transfer held for an OTP is listed for admins and finished with the right OTP (then no longer asked for: a second entry is a 409, not a refused code), and every route refuses visitors and outsiders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { fundedPlayer, ledger, available, type Player } from '../bets/testing.js';
import { signWebhookBody } from '../../adapters/paystack/signature.js';
import { PAYSTACK_SANDBOX_SECRET, paystackClient } from '../../adapters/providers.js';
import { BankPayoutReconciler, BANK_RECONCILE_STALE_MS } from './bank-payout-reconciler.js';
import { recordTransfer } from './commands/bank-payout-settlement.js';
import { sandboxAccountName } from '../../sandbox/paystack/transfers.js';

let h: TestHarness;
let reconciler: BankPayoutReconciler;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bankpayouts', env: { PROVIDER_TIMEOUT_MS: '2000' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  reconciler = new BankPayoutReconciler(h.deps, () => paystackClient(h.app));
});
afterAll(async () => {
  await h.close();
});

async function switches(body: Record<string, unknown>) {
  const r = await h.app.inject({ method: 'POST', url: '/sandbox/paystack/_control/transfers', payload: { reset: true, delayMs: 0, ...body } });
  expect(r.statusCode).toBe(200);
}
/** Phone verification is not built yet: the users read model's flags stand in for it. */
async function verify(player: Player) {
  await h.deps.db.updateTable('users').set({ is_email_verified: true, is_phone_verified: true }).where('id', '=', player.id).execute();
}
async function addAccount(player: Player, accountNumber = '0123456789', bankCode = '058') {
  const r = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: player.headers, payload: { bankCode, accountNumber } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: string; accountNumber: string; accountName: string };
}
/** A verified, funded player whose account was added more than a day ago (no new-account wait). */
async function readyPlayer(amount = '10000.00') {
  const player = await fundedPlayer(h, amount);
  await verify(player);
  const account = await addAccount(player, `01${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`);
  h.clock.advance(DAY + 1000);
  return { player, account };
}
async function withdraw(player: Player, bankAccountId: string, amount: unknown = '1500.00') {
  return h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { amount, bankAccountId } });
}
type WithdrawalJson = { id: string; status: string; reference: string; waiting: string | null; sentAt: string | null; paidAt: string | null; returnedAt: string | null; returnReason: string | null };
async function withdrawals(player: Player): Promise<WithdrawalJson[]> {
  return (await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank', headers: player.headers })).json();
}
async function waitForStatus(player: Player, id: string, status: string): Promise<WithdrawalJson> {
  return eventually(async () => (await withdrawals(player)).find((x) => x.id === id)!, (w) => w.status === status, `withdrawal ${id} ${status}`);
}
async function balance(player: Player) {
  return ((await h.app.inject({ method: 'GET', url: '/api/user', headers: player.headers })).json() as { balance: string }).balance;
}
function webhook(event: string, data: Record<string, unknown>) {
  const body = JSON.stringify({ event, data });
  return h.app.inject({ method: 'POST', url: '/api/paystack/webhook', headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhookBody(body, PAYSTACK_SANDBOX_SECRET) }, payload: body });
}

describe('bank accounts', () => {
  it('lists banks, resolves an account number to its name, and keeps only the masked number', async () => {
    const player = await fundedPlayer(h, '0');
    const banks = await h.app.inject({ method: 'GET', url: '/api/banks', headers: player.headers });
    expect(banks.statusCode).toBe(200);
    expect(banks.json()).toContainEqual({ name: 'Guaranty Trust Bank', code: '058' });
    const resolved = await h.app.inject({ method: 'POST', url: '/api/bank-accounts/resolve', headers: player.headers, payload: { bankCode: '058', accountNumber: '0123456789' } });
    expect(resolved.json()).toEqual({ bankCode: '058', bankName: 'Guaranty Trust Bank', accountName: sandboxAccountName('0123456789') });
    const added = await addAccount(player);
    expect(added).toMatchObject({ accountNumber: '******6789', accountName: sandboxAccountName('0123456789'), bankName: 'Guaranty Trust Bank' });
    expect(await addAccount(player)).toEqual(added); // the same account again is the same account
    const mine = await h.app.inject({ method: 'GET', url: '/api/bank-accounts', headers: player.headers });
    expect(mine.json()).toEqual([added]);
    expect(mine.body).not.toContain('0123456789');
  });

  it('limits account lookups (resolve and add) to 10 an hour per player: resolving reveals a name', async () => {
    const player = await fundedPlayer(h, '0');
    const resolve = () => h.app.inject({ method: 'POST', url: '/api/bank-accounts/resolve', headers: player.headers, payload: { bankCode: '058', accountNumber: '0123456789' } });
    for (let i = 0; i < 10; i++) expect((await resolve()).statusCode).toBe(200);
    const refused = await resolve();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'Too many bank account lookups. Please try again later.', code: 'too_many_bank_lookups' });
    h.clock.advance(60 * 60 * 1000 + 1000);
    expect((await resolve()).statusCode).toBe(200);
  });

  it.each([
    [{ bankCode: '058', accountNumber: '12345' }, 400, 'Account number must be 10 digits'],
    [{ accountNumber: '0123456789' }, 400, 'Bank is required'],
    [{ bankCode: '058', accountNumber: '0123450000' }, 400, 'Could not resolve the account name. Check the bank and account number.'],
    [{ bankCode: '999', accountNumber: '0123456789' }, 400, 'Could not resolve the account name. Check the bank and account number.'],
  ])('refuses %j with %i "%s" and adds nothing', async (payload, status, message) => {
    const player = await fundedPlayer(h, '0');
    const r = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: player.headers, payload });
    expect(r.statusCode).toBe(status);
    expect(r.json().error).toBe(message);
    expect((await h.app.inject({ method: 'GET', url: '/api/bank-accounts', headers: player.headers })).json()).toEqual([]);
  });
});

describe('POST /api/withdrawals/bank', () => {
  it('holds the amount at once, sends the transfer, and turns paid on transfer.success', async () => {
    await switches({ outcome: 'success', delayMs: 200 });
    const { player, account } = await readyPlayer();
    const r = await withdraw(player, account.id, '1500.00');
    expect(r.statusCode, r.body).toBe(200);
    const created = r.json() as WithdrawalJson;
    // The sandbox's webhook may win the race with the answer on a busy machine: the answer is the
    // state after the send, which is sent, or already paid when the webhook came first (never anything else).
    expect(created).toMatchObject({ reference: expect.stringMatching(/^wdr_[0-9a-f]{32}$/), waiting: null, sentAt: expect.any(String) });
    expect(['sent', 'paid']).toContain(created.status);
    if (created.status === 'sent') expect(created.paidAt).toBeNull();
    expect(await balance(player)).toBe('8500.00');
    const paid = await waitForStatus(player, created.id, 'paid');
    expect(paid.paidAt).not.toBeNull();
    expect(await balance(player)).toBe('8500.00');
    const books = await ledger(h);
    expect(available(books, player.id)).toBe('8500.00');
    const tx = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: player.headers })).json() as { type: string; status: string; amount: string; description: string }[];
    expect(tx).toContainEqual(
      expect.objectContaining({
        type: 'withdrawal', status: 'completed', amount: '1500.00', description: expect.stringMatching(/^Bank withdrawal to .+ \*{6}\d{4}$/),
        descriptionCode: 'bank_withdrawal', descriptionParams: { bankName: expect.any(String), accountNumberMasked: expect.stringMatching(/^\*{6}\d{4}$/) },
      }),
    );
  });

  it('returns the hold when the transfer fails', async () => {
    await switches({ outcome: 'failed' });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '2000.00')).json() as WithdrawalJson;
    const returned = await waitForStatus(player, created.id, 'returned');
    expect(returned).toMatchObject({ returnReason: expect.any(String), returnedAt: expect.any(String) });
    expect(await balance(player)).toBe('10000.00');
  });

  it('returns the money when a paid transfer is reversed', async () => {
    await switches({ outcome: 'reversed', delayMs: 100 });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '3000.00')).json() as WithdrawalJson;
    const returned = await waitForStatus(player, created.id, 'returned');
    expect(returned.paidAt).not.toBeNull();
    expect(await balance(player)).toBe('10000.00');
    const tx = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: player.headers })).json() as { type: string; status: string }[];
    expect(tx).toContainEqual(expect.objectContaining({ type: 'withdrawal', status: 'returned' }));
  });

  it('settles exactly once under duplicate and out-of-order webhooks', async () => {
    await switches({ webhooks: false });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson;
    const listed = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: player.headers })).json() as { type: string; status: string }[];
    expect(listed.find((t) => t.type === 'withdrawal')?.status).toBe('processing'); // sent, no outcome yet
    const data = { reference: created.reference, amount: 100000, currency: 'NGN', transfer_code: 'TRF_x', reason: '' };
    // reversed before success, each twice, then a stale failure: returned once, never paid after.
    for (const [event, status] of [['transfer.reversed', 'reversed'], ['transfer.success', 'success'], ['transfer.reversed', 'reversed'], ['transfer.success', 'success'], ['transfer.failed', 'failed']] as const) {
      expect((await webhook(event, { ...data, status })).statusCode).toBe(200);
    }
    const w = (await withdrawals(player)).find((x) => x.id === created.id)!;
    expect(w.status).toBe('returned');
    expect(await balance(player)).toBe('10000.00');
    const stream = await h.deps.store.readStream(`wallet-${player.id}`);
    expect(stream.filter((e) => e.type === 'BankWithdrawalReturned')).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'BankWithdrawalPaid')).toHaveLength(0);

    const second = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson;
    const secondData = { ...data, reference: second.reference };
    for (let i = 0; i < 3; i++) await webhook('transfer.success', { ...secondData, status: 'success' });
    await webhook('transfer.failed', { ...secondData, status: 'failed' });
    expect((await withdrawals(player)).find((x) => x.id === second.id)!.status).toBe('paid');
    expect(await balance(player)).toBe('9000.00');
    const after = await h.deps.store.readStream(`wallet-${player.id}`);
    expect(after.filter((e) => e.type === 'BankWithdrawalPaid')).toHaveLength(1);
  });

  it('a transfer recorded a second time (the route after the webhook got there first) answers the position it decided on, so the route waits for the first record before reading', async () => {
    await switches({ webhooks: false });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson;
    const target = { withdrawalId: created.id, userId: player.id };
    const transfer = { status: 'success', reference: created.reference, transferCode: 'TRF_twice', amountMinor: '100000', currency: 'NGN', reason: '' };
    const first = await recordTransfer(h.deps, target, transfer, 'webhook');
    expect(first).not.toBeNull();
    // Nothing new to record: not null ("nothing to wait for") but where the wallet stood, at least the first record.
    const second = await recordTransfer(h.deps, target, transfer, 'verify');
    expect(second).toEqual(first);
    expect((await h.deps.store.readStream(`wallet-${player.id}`)).filter((e) => e.type === 'BankWithdrawalPaid')).toHaveLength(1);
  });

  it('ignores a webhook whose signature, reference or amount is not ours', async () => {
    await switches({ webhooks: false });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson;
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: created.reference, amount: 100000, status: 'success' } });
    const forged = await h.app.inject({ method: 'POST', url: '/api/paystack/webhook', headers: { 'content-type': 'application/json', 'x-paystack-signature': 'ab'.repeat(64) }, payload: body });
    expect(forged.statusCode).toBe(401);
    expect((await webhook('transfer.failed', { reference: created.reference, amount: 1, status: 'failed' })).statusCode).toBe(200);
    expect((await webhook('transfer.failed', { reference: 'wdr_unknown0000000000000000', amount: 100000, status: 'failed' })).statusCode).toBe(200);
    expect((await withdrawals(player)).find((x) => x.id === created.id)!.status).toBe('sent');
    expect(await balance(player)).toBe('9000.00');
  });

  it('finishes a withdrawal held but never sent (crash or provider down) through the reconciler, verifying before sending', async () => {
    await switches({ fault: 'error' });
    const { player, account } = await readyPlayer();
    const held = (await withdraw(player, account.id, '1200.00')).json() as WithdrawalJson;
    expect(held).toMatchObject({ status: 'requested', sentAt: null });
    expect(await balance(player)).toBe('8800.00');
    expect((await reconciler.tick()).sent).toBe(0); // not stale yet: the route might still be sending
    h.clock.advance(BANK_RECONCILE_STALE_MS + 1000);
    expect(await reconciler.tick()).toMatchObject({ sent: 1, failed: 0 });
    await waitForStatus(player, held.id, 'paid');
    expect(await balance(player)).toBe('8800.00');
  });

  it('after a transfer made whose reply was lost, the reconciler finds it by reference and never sends again', async () => {
    await switches({ fault: 'lost', webhooks: false });
    const { player, account } = await readyPlayer();
    const held = (await withdraw(player, account.id, '1300.00')).json() as WithdrawalJson;
    expect(held.status).toBe('requested');
    h.clock.advance(BANK_RECONCILE_STALE_MS + 1000);
    // The sandbox refuses a second transfer with the same reference; a report with sent 1 and no failure means it verified.
    expect(await reconciler.tick()).toMatchObject({ sent: 1, failed: 0 });
    const w = await waitForStatus(player, held.id, 'paid');
    expect(w.sentAt).not.toBeNull();
    expect(await balance(player)).toBe('8700.00');
  });

  it('polls a sent transfer whose webhook never came', async () => {
    await switches({ webhooks: false });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '1100.00')).json() as WithdrawalJson;
    expect(created.status).toBe('sent');
    await new Promise((r) => setTimeout(r, 50));
    h.clock.advance(BANK_RECONCILE_STALE_MS + 1000);
    expect((await reconciler.tick()).verified).toBeGreaterThanOrEqual(1);
    await waitForStatus(player, created.id, 'paid');
  });

  it('makes the first payout to a new account wait 24 h, then the reconciler sends it', async () => {
    await switches({});
    const player = await fundedPlayer(h, '5000.00');
    await verify(player);
    const account = await addAccount(player, '0223456789');
    const created = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson;
    expect(created).toMatchObject({ status: 'requested', waiting: 'new_account' });
    h.clock.advance(BANK_RECONCILE_STALE_MS + 1000);
    await reconciler.tick();
    expect((await withdrawals(player))[0]!.status).toBe('requested');
    h.clock.advance(DAY);
    await reconciler.tick();
    await waitForStatus(player, created.id, 'paid');
  });

  it('holds a withdrawal without verified email and phone for review; an admin releases it with a reason and it is sent', async () => {
    await switches({});
    const player = await fundedPlayer(h, '5000.00');
    const account = await addAccount(player, '0323456789');
    h.clock.advance(DAY + 1000);
    const created = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson & { requiresKyc: boolean };
    expect(created).toMatchObject({ status: 'requested', waiting: 'review', requiresKyc: true });
    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const queue = (await h.app.inject({ method: 'GET', url: '/api/admin/withdrawals/bank', headers: authHeader(admin.token) })).json() as { id: string }[];
    expect(queue.map((w) => w.id)).toContain(created.id);
    const noReason = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${created.id}/release`, headers: authHeader(admin.token), payload: {} });
    expect(noReason.statusCode).toBe(400);
    const hold = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${created.id}/hold`, headers: authHeader(admin.token), payload: { reason: 'Checking ID' } });
    expect(hold.json()).toMatchObject({ waiting: 'admin_hold', holdReason: 'Checking ID' });
    const release = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${created.id}/release`, headers: authHeader(admin.token), payload: { reason: 'ID checked' } });
    expect(release.statusCode, release.body).toBe(200);
    // Sent at once; the sandbox's transfer.success webhook (no delay here) may already have made it paid by the time the answer is built.
    expect(release.json()).toMatchObject({ status: expect.stringMatching(/^(sent|paid)$/), waiting: null, sentAt: expect.any(String) });
    const again = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${created.id}/hold`, headers: authHeader(admin.token), payload: { reason: 'too late' } });
    expect(again.statusCode).toBe(409);
    await waitForStatus(player, created.id, 'paid');
  });

  it('lists a transfer Paystack holds for an OTP in the admin queue; a wrong OTP is refused, the right one sends it on to paid', async () => {
    await switches({ otp: true });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '1200.00')).json() as WithdrawalJson;
    expect(created).toMatchObject({ status: 'sent', waiting: null });
    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const queue = async () => (await h.app.inject({ method: 'GET', url: '/api/admin/withdrawals/bank', headers: authHeader(admin.token) })).json() as { id: string; awaitingOtp: boolean }[];
    expect((await queue()).find((w) => w.id === created.id)).toMatchObject({ status: 'sent', awaitingOtp: true, userId: player.id });
    const wrong = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${created.id}/otp`, headers: authHeader(admin.token), payload: { otp: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Paystack refused the OTP. Check the code and try again.', code: 'otp_refused' });
    const right = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${created.id}/otp`, headers: authHeader(admin.token), payload: { otp: '123456' } });
    expect(right.statusCode, right.body).toBe(200);
    await waitForStatus(player, created.id, 'paid');
    expect((await queue()).map((w) => w.id)).not.toContain(created.id);
    await switches({});
  });

  it('a finalized OTP reads as finalized: the answer and the queue no longer ask for it, and a second entry is 409 "no longer needs an OTP"', async () => {
    // The transfer stays pending after the OTP (no settlement during the test): what is asserted is the state right after finalizing.
    await switches({ otp: true, delayMs: 60_000 });
    const { player, account } = await readyPlayer();
    const created = (await withdraw(player, account.id, '1300.00')).json() as WithdrawalJson;
    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const otp = (id: string, code = '123456') => h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${id}/otp`, headers: authHeader(admin.token), payload: { otp: code } });
    const queue = async () => (await h.app.inject({ method: 'GET', url: '/api/admin/withdrawals/bank', headers: authHeader(admin.token) })).json() as { id: string; awaitingOtp: boolean }[];
    const right = await otp(created.id);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ id: created.id, status: 'sent', awaitingOtp: false });
    expect((await queue()).map((w) => w.id)).not.toContain(created.id);
    const again = await otp(created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This transfer no longer needs an OTP', code: 'otp_no_longer_needed' });

    // Entered elsewhere (another admin, Paystack's dashboard) while our record still says otp: Paystack's refusal is checked, recorded, and told as it is.
    const other = (await withdraw(player, account.id, '1100.00')).json() as WithdrawalJson;
    expect((await queue()).find((w) => w.id === other.id)).toMatchObject({ awaitingOtp: true });
    const { transfer_code: transferCode } = await h.deps.db.selectFrom('bank_withdrawals').select('transfer_code').where('id', '=', other.id).executeTakeFirstOrThrow();
    await paystackClient(h.app).finalizeTransfer(transferCode!, '123456');
    const late = await otp(other.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'This transfer no longer needs an OTP', code: 'otp_no_longer_needed' });
    expect((await queue()).map((w) => w.id)).not.toContain(other.id);

    // A transfer Paystack never held for an OTP is not waiting for one.
    await switches({ delayMs: 60_000 });
    const plain = (await withdraw(player, account.id, '1000.00')).json() as WithdrawalJson;
    expect(plain.status).toBe('sent');
    const none = await otp(plain.id);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'Withdrawal is not waiting for an OTP', code: 'withdrawal_not_awaiting_otp' });
    await switches({});
  });

  it.each([
    [{ amount: '999.99' }, 400, 'Minimum withdrawal amount is ₦1,000'],
    [{ amount: '20000.00' }, 400, 'Insufficient balance'],
    [{ amount: '1000.00', bankAccountId: '' }, 400, 'Bank account is required'],
    [{ amount: 'abc' }, 400, 'Amount must be a number'],
  ])('refuses %j with %i "%s" and holds nothing', async (payload, status, message) => {
    const { player, account } = await readyPlayer();
    const r = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { bankAccountId: account.id, ...payload } });
    expect(r.statusCode).toBe(status);
    expect(r.json().error).toBe(message);
    expect(await balance(player)).toBe('10000.00');
    expect(await withdrawals(player)).toEqual([]);
  });

  it('counts the automatic payouts above for the payout time, and shows no figure for fewer than 10 (payout-rules.int.spec.ts shows one)', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank/payout-time', headers: (await fundedPlayer(h, '0')).headers });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ medianMinutes: null, sampleMin: 10, automaticOnly: true });
    expect(r.json().sample).toBeGreaterThan(0);
    expect(r.json().sample).toBeLessThan(10);
  });
});

describe('authorization', () => {
  const userRoutes: [string, string][] = [
    ['GET', '/api/banks'],
    ['POST', '/api/bank-accounts/resolve'],
    ['POST', '/api/bank-accounts'],
    ['GET', '/api/bank-accounts'],
    ['POST', '/api/withdrawals/bank'],
    ['GET', '/api/withdrawals/bank'],
    ['GET', '/api/withdrawals/bank/payout-time'],
  ];
  const adminRoutes: [string, string][] = [
    ['GET', '/api/admin/withdrawals/bank'],
    ['POST', '/api/admin/withdrawals/bank/x/hold'],
    ['POST', '/api/admin/withdrawals/bank/x/release'],
    ['POST', '/api/admin/withdrawals/bank/x/otp'],
  ];

  it.each([...userRoutes, ...adminRoutes])('%s %s refuses a visitor with 401', async (method, url) => {
    const r = await h.app.inject({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined });
    expect(r.statusCode).toBe(401);
  });

  it.each(adminRoutes)('%s %s refuses a player with 403', async (method, url) => {
    const player = await fundedPlayer(h, '0');
    const r = await h.app.inject({ method: method as 'GET', url, headers: player.headers, payload: method === 'POST' ? { reason: 'x', otp: '123456' } : undefined });
    expect(r.statusCode).toBe(403);
  });

  it("an outsider cannot withdraw to someone else's account, nor see their withdrawals or accounts", async () => {
    await switches({});
    const { player, account } = await readyPlayer();
    await withdraw(player, account.id, '1000.00');
    const outsider = await fundedPlayer(h, '5000.00');
    await verify(outsider);
    await h.settle();
    const r = await withdraw(outsider, account.id, '1000.00');
    expect(r.statusCode).toBe(404);
    expect(await balance(outsider)).toBe('5000.00');
    expect(await withdrawals(outsider)).toEqual([]);
    expect((await h.app.inject({ method: 'GET', url: '/api/bank-accounts', headers: outsider.headers })).json()).toEqual([]);
  });

  it('an admin gets 404 for an unknown withdrawal', async () => {
    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const r = await h.app.inject({ method: 'POST', url: '/api/admin/withdrawals/bank/nope/hold', headers: authHeader(admin.token), payload: { reason: 'x' } });
    expect(r.statusCode).toBe(404);
  });
});
