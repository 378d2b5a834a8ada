// Proves the wagering loop in two browsers: a player creates a public challenge, a second player joins it from the marketplace, both report the result (with evidence), and the winner's balance shows the payout of twice the stake (each paid the stake plus the 2% fee).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  apiBalance,
  apiCreateChallenge,
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  expectHeaderBalance,
  field,
  freshPlayer,
  screenshotter,
  signIn,
  toastWith,
  visible,
  STEP_TIMEOUT_MS,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 4: public challenge → join from the marketplace → both report → payout', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-public-challenge');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a visitor who tries to join from the marketplace is offered Log In or Sign Up', async () => {
    const host = await apiRegisterVerified(env.baseUrl, freshPlayer('listed'));
    await apiFundViaPaystack(env.baseUrl, host, '500');
    await apiCreateChallenge(env.baseUrl, host, '100', 'public');
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await page.goto('/marketplace');
    const card = page.getByTestId('challenge-card').filter({ hasText: `by ${host.username}` });
    await visible(card);
    await card.getByRole('button', { name: 'Join Challenge' }).click();
    const modal = page.getByTestId('guest-modal');
    await visible(modal.getByText('Sign in to join'));
    await visible(modal.getByRole('link', { name: 'Log In' }));
    await screenshotter(env, page)('marketplace-guest-modal');
    await modal.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/auth\?view=signup$/);
    await visible(page.getByRole('form', { name: 'Create Account' }));
    await context.close();
  });

  it('winner ends at ₦5,000 − ₦1,020 + ₦2,000 = ₦5,980.00, loser at ₦3,980.00', async () => {
    // Given two funded players (₦5,000 each through the Paystack sandbox), each in their own browser
    const [challenger, opponent] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('chal')), apiRegisterVerified(env.baseUrl, freshPlayer('opp'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, challenger, '5000'), apiFundViaPaystack(env.baseUrl, opponent, '5000')]);
    const a = await env.newPage({ locale: 'en-NG' });
    const b = await env.newPage({ locale: 'en-NG' });
    const shotA = screenshotter(env, a.page);
    const shotB = screenshotter(env, b.page);
    await signIn(a.page, challenger);
    await closeLocationDialogIfOpen(a.page);
    await expectHeaderBalance(a.page, '₦5,000.00');

    // When the challenger creates a public ₦1,000 challenge from the dashboard
    await a.page.getByRole('button', { name: 'Create New Challenge' }).click();
    const dialog = a.page.getByTestId('create-challenge-dialog');
    await visible(dialog);
    await field(dialog, 'Bet amount (₦)').fill('1000');
    await visible(dialog.getByTestId('platform-fee').filter({ hasText: '₦20.00' }));
    await visible(dialog.getByTestId('total-cost').filter({ hasText: '₦1,020.00' }));
    await field(dialog, 'Your PSN / Activision username').fill('chal_psn');
    await dialog.getByLabel('Public (listed in the marketplace)').check();
    await shotA('create-challenge-dialog');
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await visible(toastWith(a.page, 'Challenge Created'));
    await visible(dialog.getByTestId('share-link'));
    await shotA('create-challenge-share-link');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // the stake and fee are in escrow
    await expectHeaderBalance(a.page, '₦3,980.00');
    await visible(a.page.getByTestId('open-challenge').filter({ hasText: 'Open Challenge' }));

    // and the second player finds it in the marketplace and joins it
    await signIn(b.page, opponent);
    await closeLocationDialogIfOpen(b.page);
    await b.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Marketplace' }).click();
    await b.page.waitForURL('**/marketplace');
    const card = b.page.getByTestId('challenge-card').filter({ hasText: `by ${challenger.username}` });
    await visible(card);
    await visible(card.getByText('₦1,000.00'));
    await visible(card.getByText('EA Sports FC 25'));
    await shotB('marketplace');
    await card.getByRole('button', { name: 'Details' }).click();
    const details = b.page.getByTestId('challenge-details');
    await visible(details.getByText(challenger.username));
    await shotB('marketplace-challenge-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: 'Join Challenge' }).click();
    // Joining asks once, with the rules and the total the server charges (₦1,000.00 + ₦20.00 fee)
    const confirmJoin = b.page.getByTestId('join-confirm');
    await visible(confirmJoin.getByTestId('join-total').getByText('₦1,020.00'));
    await shotB('marketplace-join-confirm');
    await confirmJoin.getByRole('button', { name: 'Join for ₦1,020.00' }).click();
    await visible(toastWith(b.page, 'Challenge Joined!'));
    // Joining sends the player to the bet's chat (spec), then they open My Matches
    await b.page.waitForURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: STEP_TIMEOUT_MS });
    await expectHeaderBalance(b.page, '₦3,980.00');
    await b.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Matches' }).click();
    await b.page.waitForURL('**/matches', { timeout: STEP_TIMEOUT_MS });

    // Then both see the match as active; the loser reports 'lost' with a screenshot as evidence
    const rowB = b.page.getByTestId('bet-row').filter({ hasText: `${challenger.username} challenged you` });
    await visible(rowB);
    await visible(rowB.getByText('Active'));
    await shotB('matches-active');
    await rowB.getByRole('button', { name: 'Upload Result' }).click();
    const uploadB = b.page.getByTestId('upload-result-dialog');
    await visible(uploadB);
    await uploadB.getByLabel('I lost').check();
    const evidence = await b.page.screenshot();
    await uploadB.getByLabel('Evidence files').setInputFiles({ name: 'final-score.png', mimeType: 'image/png', buffer: evidence });
    await visible(uploadB.getByText('final-score.png'));
    await shotB('matches-upload-result');
    await uploadB.getByRole('button', { name: 'Submit Result' }).click();
    await visible(toastWith(b.page, 'Result Submitted'));
    await visible(rowB.getByText('Your result: Lost · Waiting for your opponent’s report'));

    // and the winner reports 'won'
    await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Matches' }).click();
    await a.page.waitForURL('**/matches');
    const rowA = a.page.getByTestId('bet-row').filter({ hasText: `You challenged ${opponent.username}` });
    await visible(rowA);
    await rowA.getByRole('button', { name: 'Upload Result' }).click();
    const uploadA = a.page.getByTestId('upload-result-dialog');
    await uploadA.getByLabel('I won').check();
    await uploadA.getByRole('button', { name: 'Submit Result' }).click();
    await visible(toastWith(a.page, 'Result Submitted'));

    // Then the match is settled: the winner's balance shows the payout of twice the stake
    await expectHeaderBalance(a.page, '₦5,980.00');
    await a.page.getByRole('tab', { name: 'Completed' }).click();
    await visible(a.page.getByTestId('bet-outcome').filter({ hasText: 'Won' }));
    await shotA('matches-completed-won');
    await a.page.getByRole('tab', { name: 'Payouts' }).click();
    await visible(a.page.getByTestId('payouts').getByText('₦2,000.00'));
    await shotA('matches-payouts');
    await a.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await visible(a.page.getByTestId('stat-balance').getByText('₦5,980.00'));
    await visible(a.page.getByTestId('stat-winnings').getByText('₦2,000.00'));
    await shotA('dashboard-after-payout');
    // Win rate and rating come from the user's wins/losses (spec: won and completed counts)
    expect.soft(await a.page.getByTestId('stat-win-rate').textContent(), 'dashboard win rate after one win (app bug: /api/user wins/losses never updated)').toContain('100%');

    // and the loser sees the loss, the balance unchanged since the stake went into escrow
    await b.page.reload();
    await b.page.getByRole('tab', { name: 'Completed' }).click();
    await visible(b.page.getByTestId('bet-outcome').filter({ hasText: 'Lost' }));
    await expectHeaderBalance(b.page, '₦3,980.00');
    await shotB('matches-completed-lost');

    // The server agrees with what the screens show
    expect(await apiBalance(env.baseUrl, challenger)).toBe('5980.00');
    expect(await apiBalance(env.baseUrl, opponent)).toBe('3980.00');
    await a.context.close();
    await b.context.close();
  });
});
