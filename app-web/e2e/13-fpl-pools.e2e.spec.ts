// Proves an FPL pool end to end in Chromium: a visitor is asked to log in; the host creates a private pool and enters it with their FPL team (entry + 2 % leaves the balance), copies the invite link ('Link Copied!'); a second player joins through that link with their FPL Team ID; the FPL sandbox advances through the pool's gameweeks while the calendar job starts the pool, records live standings (seen live in the open pool dialog) and settles it; the host opens the settled pool's Money panel (entries in, payout, fees, an empty escrow) and verifies its hash chain in the browser; the winner sees the pot in their balance and 'Pool winnings' among their transactions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  apiBalance,
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  eventually,
  expectHeaderBalance,
  field,
  freshPlayer,
  screenshotter,
  signIn,
  toastWith,
  visible,
  viewportScreenshot,
  STEP_TIMEOUT_MS,
  type ApiPlayer,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const HOST_TEAM = 101;
const GUEST_TEAM = 202;

suite('journey 13: an FPL pool from invitation to payout', () => {
  let env: E2eEnvironment;
  let host: ApiPlayer;
  let guest: ApiPlayer;
  let inviteLink = '';

  async function sandbox(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${env.baseUrl}/sandbox/fpl/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, await response.text()).toBe(200);
  }

  beforeAll(async () => {
    // The calendar job looks at FPL every 500 ms and the client keeps nothing: the sandbox's season moves at the test's pace.
    env = await startE2e('journey-fpl-pools', { FPL_POLL_INTERVAL_MS: '500', FPL_CACHE_TTL_MS: '0' });
    [host, guest] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('poolhost')), apiRegisterVerified(env.baseUrl, freshPlayer('poolguest'))]);
    await apiFundViaPaystack(env.baseUrl, host, '5000');
    await apiFundViaPaystack(env.baseUrl, guest, '5000');
    // Gameweek 1: host 60, guest 50 (a 4-point hit: 54 − 4); gameweek 2: host 70, guest 40. Host wins 130 to 90.
    await sandbox('points', { teamId: HOST_TEAM, gameweek: 1, points: 60 });
    await sandbox('points', { teamId: HOST_TEAM, gameweek: 2, points: 70 });
    await sandbox('points', { teamId: GUEST_TEAM, gameweek: 1, points: 54, transfersCost: 4 });
    await sandbox('points', { teamId: GUEST_TEAM, gameweek: 2, points: 40 });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a visitor is asked to log in', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await page.goto('/fpl-pools');
    await visible(page.getByText('Please log in to view FPL pools'));
    await screenshotter(env, page)('fpl-pools-visitor');
    await context.close();
  });

  it('the host creates a private pool with their team, pays entry + fee, and copies the invite link', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, host);
    await closeLocationDialogIfOpen(page);
    await page.goto('/fpl-pools');
    await visible(page.getByText('You have not created or joined any pool yet.'));
    await page.getByTestId('pool-create-open').click();
    const dialog = page.getByTestId('pool-create');
    await field(dialog, 'Pool name').fill('Office league');
    await field(dialog, 'Entry fee (₦, NGN)').fill('1000');
    expect(await field(dialog, 'Duration (weeks)').inputValue()).toBe('2');
    expect(await field(dialog, 'Start gameweek').inputValue()).toBe('1');
    await dialog.getByLabel('Private pool (invite only)').check();
    await field(dialog, 'Your FPL Team ID (optional)').fill(String(HOST_TEAM));
    await shot('fpl-pool-create');
    await dialog.getByTestId('pool-create-submit').click();
    await visible(toastWith(page, 'Pool Created!'));
    const details = page.getByTestId('pool-details');
    await visible(details.getByTestId('pool-leaderboard').filter({ hasText: `Rovers ${HOST_TEAM}` }));
    inviteLink = await details.getByTestId('pool-invite-link').inputValue();
    expect(inviteLink).toMatch(/\/fpl-pools\?join=[A-Z0-9]{8}$/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseUrl });
    await details.getByRole('button', { name: 'Copy link' }).click();
    await visible(toastWith(page, 'Link Copied!'));
    await expectHeaderBalance(page, '₦3,980.00');
    await shot('fpl-pool-view-invite');
    await context.close();
  });

  it('a second player joins through the invite link with their FPL Team ID', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, guest);
    await closeLocationDialogIfOpen(page);
    const link = new URL(inviteLink);
    await page.goto(`${link.pathname}${link.search}`);
    const dialog = page.getByTestId('pool-join');
    await visible(dialog.getByTestId('pool-join-cost').filter({ hasText: 'Cost: ₦1,000.00 entry + ₦20.00 fee = ₦1,020.00' }));
    await field(dialog, 'FPL Team ID').fill(String(GUEST_TEAM));
    await screenshotter(env, page)('fpl-pool-join');
    await dialog.getByTestId('pool-join-submit').click();
    await visible(toastWith(page, 'Joined Pool!'));
    await visible(page.getByTestId('pool-details').getByTestId('pool-leaderboard-row').nth(1));
    await expectHeaderBalance(page, '₦3,980.00');
    await context.close();
  });

  it('the sandbox plays the gameweeks: the host watches live standings, the pool settles, the winner is paid', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, host);
    await closeLocationDialogIfOpen(page);
    await page.goto('/fpl-pools');
    await page.getByTestId('pool-card').first().getByTestId('pool-view').click();
    const details = page.getByTestId('pool-details');
    await visible(details.getByTestId('pool-status').filter({ hasText: 'Open' }));

    // Gameweek 1 is played and checked: at its deadline the pool started; its points arrive live.
    await sandbox('advance', { step: 'gameweek' });
    await visible(details.getByTestId('pool-status').filter({ hasText: 'Ongoing' }));
    await visible(details.getByTestId('pool-leaderboard-row').first().filter({ hasText: '60' }));
    await visible(details.getByTestId('pool-leaderboard-row').nth(1).filter({ hasText: '50' }));
    await shot('fpl-pool-live-standings');

    // Gameweek 2, the last: finished and data_checked, the pool settles and pays the pot.
    await sandbox('advance', { step: 'gameweek' });
    await visible(details.getByTestId('pool-status').filter({ hasText: 'Completed' }));
    await visible(details.getByTestId('pool-leaderboard-row').first().filter({ hasText: '130' }).filter({ hasText: '₦2,000.00' }));
    await expectHeaderBalance(page, '₦5,980.00');
    await shot('fpl-pool-completed');
    expect(await eventually(() => apiBalance(env.baseUrl, guest), (b) => b === '3980.00', 'the loser keeps nothing back')).toBe('3980.00');

    // The pool's Money panel: both entries into escrow, the payout, the fees out, an empty escrow; Verify recomputes the pool stream's chain here.
    const panel = await visible(details.getByTestId('pool-money').getByTestId('money-panel'));
    await expect.poll(() => panel.getByTestId('escrow-balance').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe('₦0.00');
    await expect.poll(() => panel.getByText('Entry and fee into escrow').count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
    await visible(panel.getByText('Payout'));
    await visible(panel.getByText('Fees'));
    await panel.getByTestId('verify-chain').click();
    const verified = await visible(panel.getByTestId('verify-result'));
    await expect.poll(() => verified.textContent()).toMatch(/^Verified: the hash chain of \d+ events recomputes in your browser\.$/);
    await verified.scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'fpl-pool-money-verified');

    // The payout is among the winner's transactions.
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    await visible(page.getByText('Pool winnings'));
    await shot('fpl-pool-winnings-dashboard');
    await context.close();
  });
});
