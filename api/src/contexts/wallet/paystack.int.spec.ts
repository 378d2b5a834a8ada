// Proves Paystack deposits end to end against the sandbox over real HTTP: bad input is refused with nothing written, a payment is credited exactly once whichever of verify/webhook arrives and however often, signatures and amounts are checked, provider faults leave the deposit pending and retryable, and the outcome and its credit are one append (a crash inside stores neither; an outcome an older version recorded without its credit is credited by the next report).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser, type SignedUpUser } from '../../testing/users.js';
import { signWebhookBody } from '../../adapters/paystack/signature.js';
import { PAYSTACK_SANDBOX_SECRET } from '../../adapters/providers.js';
import { paystackDepositStreamId, walletStreamId } from '@wager/domain/wallet/index';
import { crashMidAppend } from '../../testing/crash.js';
import { settlePaystackDeposit } from './commands/paystack-settlement.js';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'paystack', env: { PROVIDER_TIMEOUT_MS: '400' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
});

async function initialize(user: SignedUpUser, amount: unknown = '5000.00') {
  return h.app.inject({ method: 'POST', url: '/api/paystack/deposits/initialize', headers: authHeader(user.token), payload: { amount, email: user.user.email } });
}
async function verify(user: SignedUpUser, reference: string) {
  return h.app.inject({ method: 'POST', url: '/api/paystack/deposits/verify', headers: authHeader(user.token), payload: { reference } });
}
async function checkout(authorizationUrl: string, action: 'pay' | 'decline' | 'abandon') {
  const path = new URL(authorizationUrl).pathname;
  return h.app.inject({ method: 'POST', url: `${path}/${action}`, payload: 'do=' + action, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}
async function me(user: SignedUpUser) {
  return (await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(user.token) })).json() as { balance: string; cryptoBalance: string; dailySpent: string; dailyLimit: string };
}
async function deposits(user: SignedUpUser) {
  return (await h.app.inject({ method: 'GET', url: '/api/paystack/deposits', headers: authHeader(user.token) })).json() as { reference: string; status: string; amount: string }[];
}
function webhook(payload: unknown, signature?: string) {
  const body = JSON.stringify(payload);
  return h.app.inject({ method: 'POST', url: '/api/paystack/webhook', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? signWebhookBody(body, PAYSTACK_SANDBOX_SECRET) }, payload: body });
}
async function fault(kind: 'initialize' | 'verify', mode: 'error' | 'timeout', count = 1) {
  await h.app.inject({ method: 'POST', url: '/sandbox/paystack/_control/faults', payload: { [kind]: mode, count } });
}

describe('POST /api/paystack/deposits/initialize', () => {
  it('returns the spec shape with a checkout URL and our own reference, and lists the deposit as pending', async () => {
    const user = await signUpUser(h);
    const response = await initialize(user, '2500.50');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: 'Authorization URL created', data: { reference: expect.stringMatching(/^wgr_[0-9a-f]{32}$/) } });
    expect(body.data.authorization_url).toContain('/sandbox/paystack/checkout/');
    expect(await deposits(user)).toMatchObject([{ reference: body.data.reference, status: 'pending', amount: '2500.50' }]);
  });

  const twoDecimals = { code: 'amount_decimal_places', params: { decimals: 2 } };
  it.each([
    ['99.99', 'Minimum deposit amount is ₦100', {}],
    ['10000000.01', 'Maximum deposit amount is ₦10,000,000', {}],
    [100.123, 'Amount must have at most 2 decimal places', twoDecimals],
    [99, 'Minimum deposit amount is ₦100', {}],
    [true, 'Amount must be a number, for example "100.00"', {}],
    ['1e5', 'Amount must not use exponent notation', {}],
    // Below the minimum, zero and negatives alike, in the spec's words (one amount rule, issue #22).
    ['-500', 'Minimum deposit amount is ₦100', {}],
    ['0', 'Minimum deposit amount is ₦100', {}],
    ['100.001', 'Amount must have at most 2 decimal places', twoDecimals],
    ['NaN', 'Amount must be a number', {}],
    ['99999999999999999999', 'Maximum deposit amount is ₦10,000,000', {}],
  ])('refuses amount %j with 400 "%s" and writes nothing', async (amount, message, coded) => {
    const user = await signUpUser(h);
    const response = await initialize(user, amount);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'validation_failed', ...coded });
    expect(await deposits(user)).toEqual([]);
  });

  it('takes the amount as a JSON number too, as the spec\'s deposit form sends it', async () => {
    const user = await signUpUser(h);
    const response = await initialize(user, 5000);
    expect(response.statusCode, response.body).toBe(200);
    expect(await deposits(user)).toMatchObject([{ reference: response.json().data.reference, status: 'pending', amount: '5000.00' }]);
  });

  it('refuses an email without @ and an anonymous caller', async () => {
    const user = await signUpUser(h);
    const bad = await h.app.inject({ method: 'POST', url: '/api/paystack/deposits/initialize', headers: authHeader(user.token), payload: { amount: '500', email: 'nobody' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Please enter a valid email address', code: 'validation_failed' });
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/paystack/deposits/initialize', payload: { amount: '500', email: 'a@b.c' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 502 when Paystack fails, leaving a pending deposit that can still be verified later', async () => {
    const user = await signUpUser(h);
    await fault('initialize', 'error');
    const response = await initialize(user);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'Failed to initialize payment', code: 'provider_unavailable' });
    expect((await deposits(user)).map((d) => d.status)).toEqual(['pending']);
  });
});

describe("the player's way through the checkout", () => {
  it('opens the checkout and comes back from it on PUBLIC_URL, not on the listening address or a forged Host', async () => {
    const user = await signUpUser(h);
    const forged = { ...authHeader(user.token), host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
    const init = await h.app.inject({ method: 'POST', url: '/api/paystack/deposits/initialize', headers: forged, payload: { amount: '500.00', email: user.user.email } });
    expect(init.statusCode).toBe(200);
    const { authorization_url: checkoutUrl, reference } = init.json().data as { authorization_url: string; reference: string };
    expect(checkoutUrl.startsWith(`${TEST_PUBLIC_URL}/sandbox/paystack/checkout/`)).toBe(true);
    const paid = await checkout(checkoutUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${TEST_PUBLIC_URL}/wallet?reference=${reference}&trxref=${reference}&reference=${reference}`);
  });
});

describe('settling a deposit', () => {
  it('credits once when the webhook, verify and replays all arrive', async () => {
    const user = await signUpUser(h);
    const init = (await initialize(user, '5000.00')).json();
    // Pay on the sandbox checkout: the sandbox sends a signed charge.success to our webhook over HTTP.
    expect((await checkout(init.data.authorization_url, 'pay')).statusCode).toBe(303);
    const first = await verify(user, init.data.reference);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: 'Verification successful', data: { status: 'success', reference: init.data.reference, amount: '5000.00', currency: 'NGN', gateway_response: 'Successful' } });
    const again = await Promise.all([verify(user, init.data.reference), verify(user, init.data.reference)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    const replay = { event: 'charge.success', data: { status: 'success', reference: init.data.reference, amount: 500000, currency: 'NGN', channel: 'card', gateway_response: 'Successful' } };
    const replays = await Promise.all([webhook(replay), webhook(replay), webhook(replay)]);
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await h.settle();
    expect((await me(user)).balance).toBe('5000.00');
    const transactions = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: authHeader(user.token) })).json();
    expect(transactions).toMatchObject([{ type: 'deposit', status: 'completed', amount: '5000.00', currency: 'NGN', reference: init.data.reference }]);
    expect(await deposits(user)).toMatchObject([{ status: 'success' }]);
  });

  it('credits from verify alone when no webhook came (webhook arriving later changes nothing)', async () => {
    const user = await signUpUser(h);
    const init = (await initialize(user, '150.00')).json();
    await webhook({ event: 'charge.failed', data: { reference: init.data.reference } }); // ignored event type
    await checkout(init.data.authorization_url, 'pay');
    await verify(user, init.data.reference);
    await webhook({ event: 'charge.success', data: { status: 'success', reference: init.data.reference, amount: 15000, currency: 'NGN', channel: 'card', gateway_response: 'Successful' } });
    await h.settle();
    expect((await me(user)).balance).toBe('150.00');
  });

  it('refuses a webhook with a bad signature (401) and credits nothing', async () => {
    const user = await signUpUser(h);
    const init = (await initialize(user, '1000.00')).json();
    const forged = await webhook({ event: 'charge.success', data: { status: 'success', reference: init.data.reference, amount: 100000, currency: 'NGN' } }, 'ab'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'Invalid signature', code: 'unauthorized' });
    const unsigned = await h.app.inject({ method: 'POST', url: '/api/paystack/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ event: 'charge.success', data: {} }) });
    expect(unsigned.statusCode).toBe(401);
    await h.settle();
    expect((await me(user)).balance).toBe('0.00');
  });

  it('never credits a success whose amount or currency differs from what was initialized', async () => {
    const user = await signUpUser(h);
    const init = (await initialize(user, '1000.00')).json();
    await webhook({ event: 'charge.success', data: { status: 'success', reference: init.data.reference, amount: 100, currency: 'NGN', channel: 'card', gateway_response: 'Successful' } });
    await h.settle();
    expect((await me(user)).balance).toBe('0.00');
    expect(await deposits(user)).toMatchObject([{ status: 'failed' }]);
  });

  it('records a declined payment as failed without credit', async () => {
    const user = await signUpUser(h);
    const init = (await initialize(user, '1000.00')).json();
    await checkout(init.data.authorization_url, 'decline');
    const response = await verify(user, init.data.reference);
    expect(response.json()).toMatchObject({ status: false, message: 'Payment was not successful', data: { status: 'failed', gateway_response: 'Declined' } });
    expect((await me(user)).balance).toBe('0.00');
  });

  it('leaves the deposit pending on a provider 5xx or timeout, and credits once on retry', async () => {
    const user = await signUpUser(h);
    const init = (await initialize(user, '700.00')).json();
    await checkout(init.data.authorization_url, 'pay');
    await h.settle();
    // The webhook already credited; verify with faults must neither fail the deposit nor credit twice.
    await fault('verify', 'error');
    const failed = await verify(user, init.data.reference);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'Payment provider unavailable, please try again', code: 'provider_unavailable' });
    await fault('verify', 'timeout');
    expect((await verify(user, init.data.reference)).statusCode).toBe(502);
    expect((await verify(user, init.data.reference)).json()).toMatchObject({ data: { status: 'success' } });
    expect((await me(user)).balance).toBe('700.00');

    const second = (await initialize(user, '300.00')).json();
    await fault('verify', 'timeout');
    expect((await verify(user, second.data.reference)).statusCode).toBe(502);
    expect((await deposits(user)).find((d) => d.reference === second.data.reference)?.status).toBe('pending');
  });

  it('records the success and its credit in one append: a crash inside stores neither, the next report stores both once', async () => {
    const user = await signUpUser(h);
    const reference = (await initialize(user, '5000.00')).json().data.reference as string;
    const success = { status: 'success', amountMinor: '500000', currency: 'NGN', channel: 'card', gatewayResponse: 'Successful', via: 'webhook' as const };
    const crashed = await crashMidAppend(h.databaseUrl, walletStreamId(user.user.id), () => settlePaystackDeposit(h.deps, reference, success));
    expect(String(crashed)).toMatch(/terminat/);
    expect((await h.deps.store.readStream(paystackDepositStreamId(reference))).map((e) => e.type)).not.toContain('PaystackDepositSucceeded');
    expect((await h.deps.store.readStream(walletStreamId(user.user.id))).map((e) => e.type)).not.toContain('DepositCredited');
    await settlePaystackDeposit(h.deps, reference, success);
    await settlePaystackDeposit(h.deps, reference, success);
    const succeeded = (await h.deps.store.readStream(paystackDepositStreamId(reference))).filter((e) => e.type === 'PaystackDepositSucceeded');
    const credited = (await h.deps.store.readStream(walletStreamId(user.user.id))).filter((e) => e.type === 'DepositCredited');
    expect(succeeded).toHaveLength(1);
    expect(credited).toHaveLength(1);
    expect(credited[0]!.position.commit).toBe(succeeded[0]!.position.commit);
    await h.settle();
    expect((await me(user)).balance).toBe('5000.00');
  });

  it('credits an outcome an older version recorded without its credit, once', async () => {
    const user = await signUpUser(h);
    const reference = (await initialize(user, '1000.00')).json().data.reference as string;
    const init = (await h.deps.store.readStream(paystackDepositStreamId(reference)))[0]!.data as { depositId: string; userId: string };
    // As the earlier two-step path left it when it died between its steps.
    await h.deps.store.append(paystackDepositStreamId(reference), [
      { id: crypto.randomUUID(), type: 'PaystackDepositSucceeded', data: { depositId: init.depositId, userId: init.userId, reference, amount: '1000.00', currency: 'NGN', channel: 'card', gatewayResponse: 'Successful', via: 'webhook', succeededAt: h.clock.now().toISOString() }, metadata: {} },
    ]);
    await settlePaystackDeposit(h.deps, reference, { status: 'success', amountMinor: '100000', currency: 'NGN', channel: 'card', gatewayResponse: 'Successful', via: 'verify' });
    await settlePaystackDeposit(h.deps, reference, { status: 'success', amountMinor: '100000', currency: 'NGN', channel: 'card', gatewayResponse: 'Successful', via: 'verify' });
    await h.settle();
    expect((await me(user)).balance).toBe('1000.00');
  });

  it('hides another user\'s deposit from verify', async () => {
    const owner = await signUpUser(h);
    const other = await signUpUser(h);
    const init = (await initialize(owner, '1000.00')).json();
    const response = await verify(other, init.data.reference);
    expect(response.statusCode).toBe(404);
  });
});
