// Proves naira cash-out and the proof of escrow in Chromium: a player adds a bank account (bank, account number resolved to the account name and confirmed), withdraws to it, and watches the withdrawal turn paid live after an admin's review releases it (the deposit page gives no payout time: it counts automatic payouts only, from 10); then opens a settled bet's Money panel in the chat and verifies its hash chain in the browser.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, closeLocationDialogIfOpen, screenshotter, signIn, toastWith, visible, STEP_TIMEOUT_MS } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';


function player(prefix: string) {
  const tag = randomUUID().slice(0, 6);
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: 'Str0ng-Passw0rd!', dateOfBirth: '1995-05-05' };
}

suite('bank cash-out and proof of escrow', () => {
  let env: E2eEnvironment;
  let adminToken: string;
  beforeAll(async () => {
    env = await startE2e('bankpayout');
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
    adminToken = (await api<{ token: string }>(env.baseUrl, 'POST', '/api/auth/login', null, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
    // The sandbox pays a transfer 1.5 s after it is sent: slow enough to see "Sent", fast enough for a test.
    await api(env.baseUrl, 'POST', '/sandbox/paystack/_control/transfers', null, { reset: true, delayMs: 1500 });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds a bank account, withdraws to it, and sees the withdrawal turn paid live', async () => {
    // Given a funded player on the dashboard
    const ada = await apiRegisterVerified(env.baseUrl, player('bank'));
    await apiFundViaPaystack(env.baseUrl, ada, '20000');
    const { page } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, ada);
    await closeLocationDialogIfOpen(page);

    // When they open Withdraw to bank, choose a bank, type the account number and check it
    await page.getByTestId('withdraw-bank').click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByTestId('add-bank-account'));
    await dialog.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
    await dialog.getByLabel('Account number').fill('0123456789');
    await dialog.getByRole('button', { name: 'Check account' }).click();
    // Then the bank's account name is shown for confirmation
    const name = await visible(dialog.getByTestId('resolved-account-name'));
    await expect.poll(() => name.textContent()).toMatch(/^Account name: [A-Z ]+ \(Guaranty Trust Bank\)\. Is this you\?$/);
    await shot('bank-account-resolve');
    await dialog.getByRole('button', { name: 'Yes, add this account' }).click();
    await visible(toastWith(page, 'Bank account added'));

    // When they withdraw ₦5,000 to the account (only its last four digits shown)
    const account = dialog.getByLabel('To account');
    await visible(account);
    await expect.poll(() => account.locator('option').first().textContent()).toContain('******6789');
    await dialog.getByLabel('Amount').fill('5000');
    await shot('bank-withdraw-dialog');
    await dialog.getByRole('button', { name: 'Withdraw to bank' }).click();
    await visible(toastWith(page, 'Withdrawal Requested'));

    // Then the wallet shows it held: a new account waits (and this player's phone is unverified)
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page.getByTestId('bank-withdrawal').first();
    await visible(row);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: STEP_TIMEOUT_MS }).toBe('requested');
    await shot('bank-withdrawal-requested');

    // When an admin reviews and releases it, it is sent, and then paid, without a reload
    const [held] = await api<{ id: string }[]>(env.baseUrl, 'GET', '/api/admin/withdrawals/bank', adminToken);
    await api(env.baseUrl, 'POST', `/api/admin/withdrawals/bank/${held!.id}/release`, adminToken, { reason: 'Called the player: confirmed' });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: STEP_TIMEOUT_MS }).toBe('paid');
    await visible(row.getByTestId('bank-withdrawal-status').filter({ hasText: 'Paid' }));
    await shot('bank-withdrawal-paid');
    const balance = await api<{ balance: string }>(env.baseUrl, 'GET', '/api/user', ada.token);
    expect(balance.balance).toBe('15000.00');

    // And the deposit page gives no payout time yet: it counts automatic payouts only (this one was reviewed), from 10 of them
    await page.goto('/deposit');
    await page.getByRole('tab', { name: /Bank/ }).click();
    await visible(page.getByTestId('payout-time'));
    await expect.poll(() => page.getByTestId('payout-time').textContent()).toBe('A typical payout time is shown once 10 withdrawals have been paid automatically.');
  });

  it("opens a settled bet's Money panel and verifies its hash chain in the browser", async () => {
    // Given a bet settled between two players
    const [ann, ben] = await Promise.all([apiRegisterVerified(env.baseUrl, player('mon_a')), apiRegisterVerified(env.baseUrl, player('mon_b'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, ann, '5000'), apiFundViaPaystack(env.baseUrl, ben, '5000')]);
    const { betId } = await apiCreateChallenge(env.baseUrl, ann, '1000', 'public');
    await api(env.baseUrl, 'POST', `/api/challenges/join/${betId}`, ben.token);
    await api(env.baseUrl, 'POST', `/api/bets/${betId}/result`, ann.token, { result: 'lost' });
    await api(env.baseUrl, 'POST', `/api/bets/${betId}/result`, ben.token, { result: 'won' });

    // When the winner opens the bet's chat
    const { page } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, ben);
    await closeLocationDialogIfOpen(page);
    await page.goto(`/chat/${betId}`);
    const panel = await visible(page.getByTestId('money-panel'));
    // Then the Money panel lists the stakes into escrow and the payout, and the escrow is empty
    await visible(panel.getByText('Stake and fee into escrow'));
    await visible(panel.getByText('Payout'));
    await expect.poll(() => panel.getByTestId('escrow-balance').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('₦0.00');
    // When they press Verify, the browser recomputes the chain and says it matches
    await panel.getByTestId('verify-chain').click();
    const result = await visible(panel.getByTestId('verify-result'));
    await expect.poll(() => result.textContent()).toMatch(/^Verified: the hash chain of \d+ events recomputes in your browser\.$/);
    await screenshotter(env, page)('money-panel-verified');
  });
});
