// Proves the Operations tab and the charts in Chromium: a bank transfer Paystack refuses shows on the admin's Operations tab with Paystack's reason; the admin returns the money with a reason and the player's balance is whole again; the audit started from the panel records a pass; the overview draws the stakes, players, disputes and payout-time charts with data; a player's wallet draws their balance over time, also on a phone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiBalance, apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, closeLocationDialogIfOpen, freshPlayer, screenshotter, signIn, toastWith, visible, STEP_TIMEOUT_MS } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';
const REFUSAL = 'Invalid recipient: account is not active';

suite('operations: a stuck transfer, the audit and the charts', () => {
  let env: E2eEnvironment;
  let adminToken: string;
  beforeAll(async () => {
    env = await startE2e('operations');
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
    adminToken = (await api<{ token: string }>(env.baseUrl, 'POST', '/api/auth/login', null, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
  });
  afterAll(async () => {
    await api(env.baseUrl, 'POST', '/sandbox/paystack/_control/transfers', null, { reset: true }).catch(() => undefined);
    await env?.close();
  });

  it('shows a refused transfer with its reason, returns it, runs the audit, and draws the charts', async () => {
    // Given a player with a bet and a bank withdrawal that Paystack refuses (released by an admin, so it goes at once)
    const ada = await apiRegisterVerified(env.baseUrl, freshPlayer('ops'));
    await apiFundViaPaystack(env.baseUrl, ada, '20000');
    await apiCreateChallenge(env.baseUrl, ada, '1000', 'public');
    await api(env.baseUrl, 'POST', '/sandbox/paystack/_control/transfers', null, { reset: true, delayMs: 0, refuse: REFUSAL });
    const account = await api<{ id: string }>(env.baseUrl, 'POST', '/api/bank-accounts', ada.token, { bankCode: '058', accountNumber: '0123456789' });
    const withdrawal = await api<{ id: string }>(env.baseUrl, 'POST', '/api/withdrawals/bank', ada.token, { amount: '5000', bankAccountId: account.id });
    await api(env.baseUrl, 'POST', `/api/admin/withdrawals/bank/${withdrawal.id}/release`, adminToken, { reason: 'Known player' });
    expect(await apiBalance(env.baseUrl, ada)).toBe('13980.00'); // 20000 − 1020 staked − 5000 held

    // When the admin opens the panel
    const { page } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, { username: ADMIN_EMAIL, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, dateOfBirth: '1990-01-01' });
    await closeLocationDialogIfOpen(page);
    await page.goto('/admin');
    // Then the overview draws its charts with today's stake
    const stakes = await visible(page.getByTestId('chart-stakes'));
    await visible(stakes.locator('svg.recharts-surface'));
    await visible(page.getByTestId('chart-players').locator('svg.recharts-surface'));
    await visible(page.getByTestId('chart-disputes').locator('svg.recharts-surface'));
    await visible(page.getByTestId('chart-payout-time').locator('svg.recharts-surface'));
    await stakes.getByText('Show the numbers').click();
    await visible(stakes.getByRole('cell', { name: '₦1,020.00' }));
    await expect.poll(() => stakes.locator('.recharts-bar-rectangle').count(), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(0);
    await shot('admin-overview-charts');

    // When they open Operations, the refused withdrawal is there with Paystack's reason
    await page.getByRole('tab', { name: 'Operations' }).click();
    const item = await visible(page.getByTestId(`attention-${withdrawal.id}`));
    await visible(item.getByText(`Reason: ${REFUSAL}`));
    await visible(page.getByTestId('operations-projectors').getByRole('cell', { name: 'bank_withdrawals' }));
    await shot('admin-operations-attention');

    // When they return the money with a reason
    await item.getByTestId('attention-return').click();
    await item.getByTestId('attention-confirm').click();
    await visible(item.getByText('Reason is required'));
    await item.getByTestId('attention-reason').fill('Account closed at the bank');
    await item.getByTestId('attention-confirm').click();
    await visible(toastWith(page, 'Money returned to the player'));
    // Then it leaves the list and the player's money is whole, once
    await expect.poll(() => page.getByTestId(`attention-${withdrawal.id}`).count(), { timeout: STEP_TIMEOUT_MS }).toBe(0);
    expect(await apiBalance(env.baseUrl, ada)).toBe('18980.00');
    const withdrawals = await api<{ id: string; status: string; returnReason: string | null }[]>(env.baseUrl, 'GET', '/api/withdrawals/bank', ada.token);
    expect(withdrawals.find((w) => w.id === withdrawal.id)).toMatchObject({ status: 'returned', returnReason: 'Account closed at the bank' });

    // When they run the audit from the panel, it passes and says so
    await page.getByTestId('audit-run').click();
    await visible(toastWith(page, /Audit started|An audit is already running/));
    const last = page.getByTestId('audit-last');
    await expect.poll(async () => ((await last.count()) > 0 ? await last.textContent() : ''), { timeout: 60_000 }).toMatch(/Passed .*: \d+ events, \d+ streams/);
    await shot('admin-operations-audit');

    // And the player's wallet draws their balance over time, on a phone too
    const phone = await env.newPage({ locale: 'en-NG', mobile: true });
    await signIn(phone.page, ada);
    await closeLocationDialogIfOpen(phone.page);
    const chart = await visible(phone.page.getByTestId('balance-chart'));
    await visible(chart.locator('svg.recharts-surface'));
    await chart.getByText('Show the numbers').click();
    await visible(chart.getByRole('cell', { name: '₦18,980.00' }).last());
    await screenshotter(env, phone.page)('wallet-balance-chart-phone');
  });
});
