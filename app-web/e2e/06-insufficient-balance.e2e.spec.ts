// Proves a player without enough balance is refused in the browser: the invitation's accept button is disabled with 'Insufficient balance to accept this challenge', and creating a challenge shows the spec's 'Insufficient Balance' toast with the needed total, the fee and the balance, with nothing sent to escrow.
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
  type ApiPlayer,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 6: insufficient balance', () => {
  let env: E2eEnvironment;
  let broke: ApiPlayer;
  beforeAll(async () => {
    env = await startE2e('journey-insufficient');
    broke = await apiRegisterVerified(env.baseUrl, freshPlayer('broke'));
  });
  afterAll(async () => {
    await env?.close();
  });

  it('an invitation the player cannot afford: accept is disabled and says why', async () => {
    // Given another player's private ₦1,000 challenge (cost to accept ₦1,020.00) and a player with ₦500
    const host = await apiRegisterVerified(env.baseUrl, freshPlayer('rich'));
    await apiFundViaPaystack(env.baseUrl, host, '5000');
    await apiFundViaPaystack(env.baseUrl, broke, '500');
    const { invitePath } = await apiCreateChallenge(env.baseUrl, host, '1000', 'private');
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, broke);
    await closeLocationDialogIfOpen(page);
    await expectHeaderBalance(page, '₦500.00');

    // When they open the link
    await page.goto(invitePath);
    await visible(page.getByRole('heading', { name: 'Challenge Invitation' }));

    // Then the accept card shows their balance against the required amount and refuses
    await visible(page.getByTestId('insufficient-balance').filter({ hasText: 'Insufficient balance to accept this challenge' }));
    await visible(page.getByTestId('insufficient-balance').getByRole('link', { name: 'Deposit funds' }));
    const accept = page.getByRole('button', { name: 'Accept Challenge' });
    await visible(accept);
    expect(await accept.isDisabled()).toBe(true);
    await screenshotter(env, page)('challenge-invitation-insufficient-balance');
    expect(await apiBalance(env.baseUrl, broke)).toBe('500.00');
    await context.close();
  });

  it('a challenge the player cannot afford: the Insufficient Balance toast, and the stake stays in the wallet', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, broke);
    await closeLocationDialogIfOpen(page);
    await expectHeaderBalance(page, '₦500.00');

    // When they try to stake ₦1,000 (₦1,020.00 with the fee)
    await page.getByRole('button', { name: 'Create New Challenge' }).click();
    const dialog = page.getByTestId('create-challenge-dialog');
    await field(dialog, 'Bet amount (₦)').fill('1000');
    await visible(dialog.getByTestId('total-cost').filter({ hasText: '₦1,020.00' }));
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();

    // Then the spec's toast explains the refusal and nothing is created
    const refusal = toastWith(page, 'Insufficient Balance');
    await visible(refusal);
    await visible(refusal.getByText('You need ₦1,020.00 (including ₦20.00 fee) but only have ₦500.00.'));
    await screenshotter(env, page)('create-challenge-insufficient-balance');
    await visible(dialog.getByRole('button', { name: 'Create Challenge' }));
    await expectHeaderBalance(page, '₦500.00');
    expect(await apiBalance(env.baseUrl, broke)).toBe('500.00');
    await context.close();
  });
});
