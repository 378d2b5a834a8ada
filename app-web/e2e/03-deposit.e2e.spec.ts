// Proves a player can deposit through the Paystack sandbox checkout in the browser: the deposit page opens the checkout in a new window, Pay there, back on the app the payment is verified and the balance shows in the header, the dashboard and the deposit list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { apiRegisterVerified, closeLocationDialogIfOpen, expectHeaderBalance, field, freshPlayer, screenshotter, signIn, toastWith, visible, STEP_TIMEOUT_MS } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 3: deposit through the Paystack sandbox checkout', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-deposit');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('Pay in the checkout window → verified on return → ₦5,000.00 in the header and on the dashboard', async () => {
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('depo'));
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);
    await expectHeaderBalance(page, '₦0.00');

    // Given the deposit page's Bank/Card tab
    // (the header's Deposit button, next to the balance)
    await page.getByRole('banner').locator('a.btn', { hasText: 'Deposit' }).click();
    await page.waitForURL('**/deposit');
    await visible(page.getByRole('heading', { name: 'Deposit Funds' }));
    await page.getByRole('tab', { name: 'Bank/Card' }).click();
    const form = page.getByRole('form', { name: 'Pay with card or bank (NGN)' });
    await visible(form);
    expect(await field(form, 'Email').inputValue()).toBe(player.email);
    await field(form, 'Amount (₦)').fill('5000');
    await shot('deposit-bank-card');

    // When they pay with Paystack, the checkout opens in a new window
    const [checkout] = await Promise.all([context.waitForEvent('page', { timeout: STEP_TIMEOUT_MS }), form.getByRole('button', { name: 'Pay with Paystack' }).click()]);
    await checkout.waitForLoadState();
    await visible(checkout.getByRole('heading', { name: 'Paystack sandbox' }));
    await visible(checkout.getByText('NGN 5000.00'));
    await visible(checkout.getByText(player.email));
    await env.screenshot(checkout, 'paystack-sandbox-checkout');
    await visible(page.getByTestId('paystack-checkout-opened'));

    // and they press Pay there; the checkout sends the window back to the app's /wallet callback,
    // which verifies the reference and, its work done, closes the checkout window (no second copy of the app)
    const checkoutClosed = checkout.waitForEvent('close', { timeout: STEP_TIMEOUT_MS });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkoutClosed;

    // Then the app's first window says the payment was received and shows the new balance by itself
    // (it hears the wallet change over /ws, and the checkout window settling the payment through the
    // storage event): no reload, and "Complete the payment…" and the "I have paid" button go away
    await page.bringToFront();
    await visible(page.getByTestId('paystack-outcome').getByText('Payment received: ₦5,000.00 was added to your balance.'));
    expect(await page.getByTestId('paystack-checkout-opened').count()).toBe(0);
    await expectHeaderBalance(page, '₦5,000.00');
    await page.getByRole('button', { name: 'I have paid: check my payment' }).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await visible(page.getByTestId('paystack-deposits').getByText('₦5,000.00'));
    await visible(page.getByTestId('paystack-deposits').getByText('Success'));
    await shot('deposit-paid');

    // and the dashboard shows the balance and the deposit as recent activity
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await visible(page.getByTestId('stat-balance').getByText('₦5,000.00'));
    await visible(page.getByTestId('recent-activity').getByText('Deposit'));
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    await shot('dashboard-after-deposit');
    await context.close();
  });

  it('Decline in the checkout window → "Payment Failed: Declined", the balance unchanged', async () => {
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('decl'));
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);
    await page.goto('/deposit');
    await page.getByRole('tab', { name: 'Bank/Card' }).click();
    const form = page.getByRole('form', { name: 'Pay with card or bank (NGN)' });
    await field(form, 'Amount (₦)').fill('2500');
    const [checkout] = await Promise.all([context.waitForEvent('page', { timeout: STEP_TIMEOUT_MS }), form.getByRole('button', { name: 'Pay with Paystack' }).click()]);
    await visible(checkout.getByRole('button', { name: 'Decline' }));
    const checkoutClosed = checkout.waitForEvent('close', { timeout: STEP_TIMEOUT_MS });
    await checkout.getByRole('button', { name: 'Decline' }).click();
    await checkoutClosed;
    // the first window says how it ended
    await visible(page.getByTestId('paystack-outcome').getByText('The payment did not go through: Declined. Nothing was charged to your balance.'));
    await screenshotter(env, page)('wallet-paystack-declined');
    await page.reload();
    await expectHeaderBalance(page, '₦0.00');
    await visible(page.getByTestId('paystack-deposits').getByText('Failed'));
    await context.close();
  });
});
