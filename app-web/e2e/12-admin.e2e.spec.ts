// Proves the admin panel end to end in Chromium: a player is told Access Denied; an admin sees the stat cards with 'Action Needed', finds a user by search, verifies their age, opens their record page, grants moderator and leaves a note (kept in the history), opens a dispute's review page and views both reports with the evidence image inline and the whole trail with the chain check, awards the win, and both players' balances change live in their own browsers.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  apiCreateChallenge,
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  expectHeaderBalance,
  freshPlayer,
  markDocument,
  screenshotter,
  signIn,
  toastWith,
  visible,
  STEP_TIMEOUT_MS,
  type ApiPlayer,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';
/** A 4×4 red PNG: real image bytes, so the evidence renders inline. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8AARwzEcQAA/Qw/wXXxm8IAAAAASUVORK5CYII=', 'base64');

async function report(baseUrl: string, who: ApiPlayer, betId: string, withEvidence: boolean): Promise<{ status: string }> {
  const form = new FormData();
  form.set('result', 'won');
  if (withEvidence) form.set('evidence', new Blob([PNG], { type: 'image/png' }), 'final-score.png');
  const response = await fetch(`${baseUrl}/api/bets/${betId}/result`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  const text = await response.text();
  if (!response.ok) throw new Error(`report → ${response.status}: ${text}`);
  return JSON.parse(text) as { status: string };
}

async function openDashboard(env: E2eEnvironment, who: ApiPlayer): Promise<Page> {
  const { page } = await env.newPage({ locale: 'en-NG' });
  await signIn(page, who);
  await closeLocationDialogIfOpen(page);
  return page;
}

suite('admin panel: users, verification, moderators and a dispute resolved with the evidence in view', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('admin');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('an admin finds a user, verifies them, grants moderator, resolves a dispute after viewing the evidence, and the players see their balances change live', async () => {
    // Given two funded players in a disputed bet (the challenger sent a screenshot), a third user, and a seeded admin
    const [alice, bob, carol] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('adm_a')), apiRegisterVerified(env.baseUrl, freshPlayer('adm_b')), apiRegisterVerified(env.baseUrl, freshPlayer('adm_c'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, alice, '5000'), apiFundViaPaystack(env.baseUrl, bob, '5000')]);
    const { betId } = await apiCreateChallenge(env.baseUrl, alice, '1000', 'public');
    const joined = await fetch(`${env.baseUrl}/api/challenges/join/${betId}`, { method: 'POST', headers: { authorization: `Bearer ${bob.token}` } });
    expect(joined.status).toBe(200);
    await report(env.baseUrl, alice, betId, true);
    expect((await report(env.baseUrl, bob, betId, false)).status).toBe('disputed');
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);

    // A player who opens /admin is told they may not
    const alicePage = await openDashboard(env, alice);
    await alicePage.goto('/admin');
    await visible(alicePage.getByText("You don't have permission to access the admin panel"));
    await screenshotter(env, alicePage)('admin-access-denied');
    await alicePage.goto('/dashboard');
    await expectHeaderBalance(alicePage, '₦3,980.00');
    const bobPage = await openDashboard(env, bob);
    await expectHeaderBalance(bobPage, '₦3,980.00');
    const aliceSameDocument = await markDocument(alicePage);
    const bobSameDocument = await markDocument(bobPage);

    // When the admin opens the panel: the stat cards, with 'Action Needed' on the dispute
    const { page } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, { username: 'admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, dateOfBirth: '1990-01-01' });
    await closeLocationDialogIfOpen(page);
    await page.getByRole('link', { name: 'Admin Panel' }).first().click();
    await visible(page.getByRole('heading', { name: 'Admin Panel' }));
    await visible(page.getByTestId('admin-stat-disputes').getByText('Action Needed'));
    // Everyone registered in this run signed up this week (the seed's players included)
    const { totalUsers } = await fetch(`${env.baseUrl}/api/admin/stats`, { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}` } }).then((r) => r.json() as Promise<{ totalUsers: number }>);
    expect(totalUsers).toBeGreaterThanOrEqual(4);
    await visible(page.getByTestId('admin-stat-users').getByText(`${totalUsers} signups this week`));
    const shot = screenshotter(env, page);
    await shot('admin-overview');

    // The admin finds Carol by part of her username, verifies her, opens her record, makes her a moderator and leaves a note
    await page.getByRole('tab', { name: 'Users Database' }).click();
    await page.getByTestId('admin-user-search').fill(carol.username.slice(0, 10).toUpperCase());
    const row = page.getByTestId(`admin-user-row-${carol.username}`);
    await visible(row);
    await expect.poll(() => page.getByTestId('admin-users-table').locator('tbody tr').count(), { timeout: STEP_TIMEOUT_MS }).toBe(1);
    await shot('admin-users-search');
    await row.getByRole('button', { name: 'Verify' }).click();
    await visible(toastWith(page, 'User verified'));
    await visible(row.getByText('Age verified', { exact: true }));
    await row.getByRole('link', { name: carol.username, exact: true }).click();
    const dialog = page.getByTestId('admin-user-record');
    await visible(dialog.getByText('✓ Age verified'));
    // The switch shows the recorded role: it turns on once the server has it
    await dialog.getByLabel('Moderator').click();
    await visible(toastWith(page, 'Moderator role granted'));
    await expect.poll(() => dialog.getByLabel('Moderator').isChecked(), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await dialog.getByTestId('admin-user-notes').fill('Verified by passport on a video call');
    await dialog.getByRole('button', { name: 'Save notes' }).click();
    await visible(dialog.getByTestId('admin-user-notes-history').getByText('Verified by passport on a video call'));
    await screenshotter(env, page)('admin-user-detail');
    const carolNow = await fetch(`${env.baseUrl}/api/user`, { headers: { authorization: `Bearer ${carol.token}` } }).then((r) => r.json() as Promise<{ isAgeVerified: boolean; isModerator: boolean }>);
    expect(carolNow).toMatchObject({ isAgeVerified: true, isModerator: true });
    await dialog.getByRole('link', { name: 'Back to users' }).click();

    // The admin opens the dispute: both reports side by side, the screenshot inline, the trail with its chain check
    await page.getByRole('tab', { name: 'Disputes' }).click();
    await page.getByTestId(`admin-dispute-${betId}`).getByRole('link', { name: 'Review' }).click();
    const panel = page.getByTestId('dispute-review');
    const image = panel.getByRole('img', { name: 'final-score.png' }).first();
    await visible(image);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    await visible(panel.getByTestId('admin-trail-chain').getByText(/Chain intact/));
    await expect.poll(() => panel.getByTestId('admin-trail-posting').count(), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => panel.getByTestId('admin-trail-evidence').count()).toBe(1);
    await expect.poll(() => panel.getByTestId('admin-trail-chat').count()).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: `${import.meta.dirname}/../../docs/screenshots/admin-dispute-resolve.png` });

    // Notes are required; then the admin awards the win to Alice
    await panel.getByLabel(`Award the win to ${alice.username}`).check();
    await panel.getByTestId('admin-resolve-submit').click();
    await visible(panel.getByText('Resolution notes are required'));
    await panel.getByTestId('admin-resolve-notes').fill('The final-score screenshot shows Alice winning 3-1');
    await panel.getByTestId('admin-resolve-submit').click();
    await visible(toastWith(page, 'Dispute resolved'));
    await panel.getByRole('link', { name: 'Back to the queue' }).click();
    await visible(page.getByText('No disputed bets'));

    // Then both players' browsers show the outcome by themselves: Alice paid 2 × stake, Bob unchanged
    await expectHeaderBalance(alicePage, '₦5,980.00');
    await expectHeaderBalance(bobPage, '₦3,980.00');
    expect(await aliceSameDocument()).toBe(true);
    expect(await bobSameDocument()).toBe(true);
    await screenshotter(env, alicePage)('admin-dispute-winner-balance');
  });
});
