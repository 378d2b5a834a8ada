// Proves crypto deposits and withdrawals against the sandbox over real HTTP: options and validation, confirmations 0→3 by signed webhook crediting USD once, expiry of unpaid deposits, withdrawal holds with KYC, completion and cancellation by webhook.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser, type SignedUpUser } from '../../testing/users.js';
import { signWebhookBody } from '../../adapters/paystack/signature.js';
import { CRYPTO_SANDBOX_SECRET } from '../../adapters/providers.js';
import { CryptoDepositExpiryJob } from './jobs.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'crypto', env: { CRYPTO_SANDBOX_SPEED: '200', PROVIDER_TIMEOUT_MS: '2000' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

const post = (user: SignedUpUser, url: string, payload: unknown) => h.app.inject({ method: 'POST', url, headers: authHeader(user.token), payload: payload as object });
const get = (user: SignedUpUser, url: string) => h.app.inject({ method: 'GET', url, headers: authHeader(user.token) });
function signedWebhook(payload: unknown, signature?: string) {
  const body = JSON.stringify(payload);
  return h.app.inject({ method: 'POST', url: '/api/crypto/webhook', headers: { 'content-type': 'application/json', 'x-crypto-signature': signature ?? signWebhookBody(body, CRYPTO_SANDBOX_SECRET) }, payload: body });
}

describe('crypto', () => {
  it('lists 8+ currencies with networks and limits', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/crypto/currencies' });
    const list = response.json() as { code: string; networks: string[] }[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.find((c) => c.code === 'USDT')?.networks).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDC']));
  });

  it.each([
    [{ cryptocurrency: 'USDT', cryptoAmount: '5', network: 'TRC20' }, { error: 'Amount must be between 10 and 10000 USDT', code: 'crypto_amount_out_of_range', params: { min: '10', max: '10000', cryptocurrency: 'USDT' } }],
    [{ cryptocurrency: 'USDT', cryptoAmount: '20', network: 'Solana' }, { error: 'USDT is not available on Solana', code: 'network_not_available', params: { cryptocurrency: 'USDT', network: 'Solana' } }],
    [{ cryptocurrency: 'XYZ', cryptoAmount: '20', network: 'TRC20' }, { error: 'Unsupported cryptocurrency XYZ', code: 'unsupported_cryptocurrency', params: { cryptocurrency: 'XYZ' } }],
    [{ cryptocurrency: 'BTC', cryptoAmount: '0.001000001', network: 'Bitcoin' }, { error: 'Amount must have at most 8 decimal places', code: 'amount_decimal_places', params: { decimals: 8 } }],
    [{ cryptocurrency: 'BTC', cryptoAmount: 0.123456789, network: 'Bitcoin' }, { error: 'Amount must have at most 8 decimal places', code: 'amount_decimal_places', params: { decimals: 8 } }],
    [{ cryptocurrency: 'BTC', cryptoAmount: true, network: 'Bitcoin' }, { error: 'Amount must be a number, for example "100.00"', code: 'validation_failed' }],
  ])('refuses a bad deposit %j', async (payload, body) => {
    const user = await signUpUser(h);
    const response = await post(user, '/api/crypto/deposits/create', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(body);
    expect((await get(user, '/api/crypto/deposits')).json()).toEqual([]);
  });

  it('takes the crypto amount as a JSON number too', async () => {
    const user = await signUpUser(h);
    const created = await post(user, '/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: 25.5, network: 'TRC20' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ amount: '25.5', currency: 'USDT', usdAmount: '25.50' });
  });

  it('confirms a deposit 0→3 by signed webhooks and credits its USD value once', async () => {
    const user = await signUpUser(h);
    const created = await post(user, '/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: '25.5', network: 'TRC20' });
    expect(created.statusCode).toBe(200);
    const deposit = created.json();
    // The sandbox may already have seen the payment (confirming, 0 of 3) by the time the read model answers.
    expect(deposit).toMatchObject({ status: expect.stringMatching(/^(pending|confirming)$/), amount: '25.5', currency: 'USDT', usdAmount: '25.50', confirmations: 0, address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/) });
    const done = await eventually(() => get(user, `/api/crypto/deposits/${deposit.id}`).then((r) => r.json()), (d) => d.status === 'confirmed');
    expect(done).toMatchObject({ status: 'confirmed', confirmations: 3 });
    // A replayed final webhook credits nothing more.
    await signedWebhook({ event: 'deposit.confirmations', data: { depositId: deposit.id, confirmations: 3, txHash: 'x' } });
    await h.settle();
    expect((await get(user, '/api/user')).json().cryptoBalance).toBe('25.50');
    const other = await signUpUser(h);
    expect((await get(other, `/api/crypto/deposits/${deposit.id}`)).statusCode).toBe(404);
  });

  it('expires a deposit left unpaid for 60 minutes', async () => {
    await h.app.inject({ method: 'POST', url: '/sandbox/crypto/_control', payload: { autoPay: false } });
    const user = await signUpUser(h);
    const deposit = (await post(user, '/api/crypto/deposits/create', { cryptocurrency: 'ETH', cryptoAmount: '0.01', network: 'ERC20' })).json();
    await h.app.inject({ method: 'POST', url: '/sandbox/crypto/_control', payload: { autoPay: true } });
    const job = new CryptoDepositExpiryJob(h.deps);
    h.clock.advance(59 * 60_000);
    expect(await job.tick()).toBe(0);
    h.clock.advance(2 * 60_000);
    expect(await job.tick()).toBeGreaterThanOrEqual(1);
    expect((await get(user, `/api/crypto/deposits/${deposit.id}`)).json().status).toBe('expired');
  });

  it('refuses unsigned webhooks', async () => {
    const response = await signedWebhook({ event: 'deposit.confirmations', data: {} }, '00'.repeat(64));
    expect(response.statusCode).toBe(401);
  });

  it('holds a withdrawal at once, keeps KYC-pending ones until an admin clears them, and completes or cancels by webhook', async () => {
    const user = await signUpUser(h);
    const deposit = (await post(user, '/api/crypto/deposits/create', { cryptocurrency: 'USDT', cryptoAmount: '100', network: 'TRC20' })).json();
    await eventually(() => get(user, `/api/crypto/deposits/${deposit.id}`).then((r) => r.json()), (d) => d.status === 'confirmed');
    const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const tooMuch = await post(user, '/api/crypto/withdrawals/create', { cryptocurrency: 'USDT', cryptoAmount: '150', withdrawalAddress: address, network: 'TRC20' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ error: 'Insufficient balance', code: 'insufficient_crypto_balance', params: { needed: '150.00', balance: '100.00', currency: 'USD' } });
    const badAddress = await post(user, '/api/crypto/withdrawals/create', { cryptocurrency: 'USDT', cryptoAmount: '10', withdrawalAddress: '0x123', network: 'TRC20' });
    expect(badAddress.json()).toEqual({ error: 'Invalid TRC20 address', code: 'invalid_address', params: { network: 'TRC20' } });

    const created = await post(user, '/api/crypto/withdrawals/create', { cryptocurrency: 'USDT', cryptoAmount: '40', withdrawalAddress: address, network: 'TRC20' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'pending', kycStatus: 'pending', requiresKyc: true, usdAmount: '40.00' });
    expect((await get(user, '/api/user')).json().cryptoBalance).toBe('60.00');

    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const approved = await post(admin, `/api/admin/crypto/withdrawals/${created.json().id}/approve`, {});
    // Sent to the provider: the sandbox completes it on a timer, which may land before the answer is read.
    expect(approved.json()).toMatchObject({ status: expect.stringMatching(/^(processing|completed)$/), kycStatus: 'approved' });
    const completed = await eventually(() => get(user, '/api/crypto/withdrawals').then((r) => r.json()[0]), (w) => w.status === 'completed');
    expect(completed.status).toBe('completed');

    await h.app.inject({ method: 'POST', url: '/sandbox/crypto/_control', payload: { failWithdrawals: true } });
    const second = (await post(user, '/api/crypto/withdrawals/create', { cryptocurrency: 'USDT', cryptoAmount: '30', withdrawalAddress: address, network: 'TRC20' })).json();
    await post(admin, `/api/admin/crypto/withdrawals/${second.id}/approve`, {});
    await eventually(() => get(user, '/api/crypto/withdrawals').then((r) => r.json().find((w: { id: string }) => w.id === second.id)), (w) => w.status === 'cancelled');
    await h.app.inject({ method: 'POST', url: '/sandbox/crypto/_control', payload: { failWithdrawals: false } });
    await h.settle();
    expect((await get(user, '/api/user')).json().cryptoBalance).toBe('60.00');
  });
});
