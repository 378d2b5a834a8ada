// Proves safer gambling in Chromium, held by the server: a player lowers their daily deposit limit in the profile's Safer gambling tab and is refused a bigger deposit (naming the limit and what is left, before Paystack opens), then self-excludes after a confirmation, sees the state after signing in again, and can no longer join a challenge from the marketplace, while the challenge stays open for others. The Responsible Gaming page explains it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, closeLocationDialogIfOpen, field, freshPlayer, screenshotter, signIn, toastWith, visible } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 15: safer gambling', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-safer-gambling');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('lower the deposit limit → a bigger deposit is refused; self-exclude → joining a challenge is refused', async () => {
    const host = await apiRegisterVerified(env.baseUrl, freshPlayer('host'));
    await apiFundViaPaystack(env.baseUrl, host, '500');
    const { betId } = await apiCreateChallenge(env.baseUrl, host, '100', 'public');
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('safe'));
    await apiFundViaPaystack(env.baseUrl, player, '500');

    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);

    // Given the Safer gambling tab of the profile settings
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Safer gambling' }).click();
    const daily = page.getByTestId('limit-depositDaily');
    await visible(daily);
    // When the player sets a daily deposit limit of ₦1,000 (a lowering: at once)
    await field(daily, 'Daily deposit limit').fill('1000');
    await page.getByTestId('save-limits').click();
    await visible(toastWith(page, 'Limits saved'));
    // Then it is in force, with what is left today (the ₦500 deposit already counts)
    await visible(daily.getByText('In force: ₦1,000.00 · Left today: ₦500.00'));
    // and raising it again waits 24 hours, shown as pending with its time
    await field(page.getByTestId('limit-depositWeekly'), 'Weekly deposit limit').fill('20000');
    await field(daily, 'Daily deposit limit').fill('3000');
    await page.getByTestId('save-limits').click();
    await visible(daily.getByTestId('pending-depositDaily').getByText(/Changes to ₦3,000.00 on/));
    await visible(page.getByTestId('limit-depositWeekly').getByText('In force: ₦20,000.00 · Left this week: ₦19,500.00'));
    await shot('safer-gambling-limits');

    // When they try to deposit ₦2,000 by card, the server refuses before Paystack opens
    await page.goto('/deposit');
    await page.getByRole('tab', { name: 'Bank/Card' }).click();
    const form = page.getByRole('form', { name: 'Pay with card or bank (NGN)' });
    await field(form, 'Amount (₦)').fill('2000');
    const pagesBefore = context.pages().length;
    await form.getByRole('button', { name: 'Pay with Paystack' }).click();
    await visible(toastWith(page, 'Deposit limit reached: your daily deposit limit is ₦1,000.00 and ₦500.00 is left today'));
    expect(context.pages().length).toBe(pagesBefore);
    await shot('safer-gambling-deposit-refused');

    // When they self-exclude for 6 months, after a confirmation
    await page.goto('/profile?tab=safer');
    await page.getByTestId('exclusion-period').selectOption('6m');
    await page.getByTestId('start-exclusion').click();
    const confirm = page.getByTestId('exclusion-confirm');
    await visible(confirm.getByText(/Self-exclusion: 6 months\. Until .* you will not be able to deposit, create or join challenges\. This cannot be undone\./));
    await shot('safer-gambling-confirm');
    await confirm.getByTestId('confirm-exclusion').click();
    await visible(toastWith(page, 'Your break has started'));
    await visible(page.getByTestId('safer-play-banner').first().getByText(/You are self-excluded until/));

    await context.close();

    // Then, signing in again (another browser), the state is shown at once
    const again = await env.newPage({ locale: 'en-NG' });
    const page2 = again.page;
    const shot2 = screenshotter(env, page2);
    await signIn(page2, player);
    await closeLocationDialogIfOpen(page2);
    await visible(page2.getByTestId('safer-play-banner').getByText(/You are self-excluded until .*: deposits, new challenges and joining are closed/));
    await shot2('safer-gambling-excluded-dashboard');

    // and joining the host's challenge from the marketplace is closed
    await page2.goto('/marketplace');
    const card = page2.getByTestId('challenge-card').filter({ hasText: `by ${host.username}` });
    await visible(card);
    await card.getByRole('button', { name: 'Join Challenge' }).click();
    // the confirmation says so up front, and cannot be confirmed (the server refuses it too: api specs)
    const joinConfirm = page2.getByTestId('join-confirm');
    await visible(joinConfirm.getByTestId('safer-play-banner').getByText(/You are self-excluded until/));
    expect(await joinConfirm.getByRole('button', { name: /^Join for / }).isDisabled()).toBe(true);
    await shot2('safer-gambling-join-refused');
    const bet = (await (await fetch(`${env.baseUrl}/api/bets/${betId}`, { headers: { authorization: `Bearer ${host.token}` } })).json()) as { status: string; opponentId: string | null };
    expect(bet).toMatchObject({ status: 'pending', opponentId: null });

    // The Responsible Gaming page explains it all
    await page2.goto('/responsible-gaming');
    await visible(page2.getByRole('heading', { name: 'Responsible Gaming' }));
    await visible(page2.getByText(/Lowering a limit takes effect at once/));
    await shot2('responsible-gaming');
    await again.context.close();
  });
});
