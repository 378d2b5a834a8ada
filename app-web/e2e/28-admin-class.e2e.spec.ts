// Proves issue #29's admin class in Chromium: an admin lands on the admin overview (no location prompt) with every header link, Leaderboard included, unclipped at 1280 and 1024 px; the users list says age and email apart; the username opens the user record (transactions, bets); a freeze with a reason is shown to the player above every page on a 390 px phone in French; the record reads in Spanish on a phone without sideways scroll; a suspension ends the player's session and sign-in tells them why, in French; the users list, a user record (each transaction said from its code) and the dispute desk (players linked to their records, the reason from its code) read in Spanish and French at 1280 px.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, freshPlayer, screenshotter, signIn, toastWith, visible, STEP_TIMEOUT_MS, type ApiPlayer } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';
const admin = { username: 'admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, dateOfBirth: '1990-01-01' };

async function useLanguage(page: Page, language: 'es' | 'fr'): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
  await page.reload();
}
/** A player reports a win (both do: the bet goes to the dispute desk). */
async function reportWin(baseUrl: string, who: ApiPlayer, betId: string): Promise<{ status: string }> {
  const form = new FormData();
  form.set('result', 'won');
  const response = await fetch(`${baseUrl}/api/bets/${betId}/result`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: form });
  const text = await response.text();
  if (!response.ok) throw new Error(`report → ${response.status}: ${text}`);
  return JSON.parse(text) as { status: string };
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const headerFits = (page: Page) => page.locator('.header-links').evaluate((el) => el.scrollWidth <= el.clientWidth);

suite('admin class (issue #29): landing, header, the user record, freeze and suspend', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('admin_class');
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('an admin lands on the overview, opens a player record, freezes and suspends them; the player is told why, on a phone, in French', async () => {
    const alice = await apiRegisterVerified(env.baseUrl, freshPlayer('rec_a'));
    await apiFundViaPaystack(env.baseUrl, alice, '5000');

    // The admin lands on the admin overview, with no location prompt and no clipped header link
    const { page } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, admin);
    await page.waitForURL('**/admin', { timeout: STEP_TIMEOUT_MS });
    await visible(page.getByRole('heading', { name: 'Admin Panel' }));
    await visible(page.locator('.header-links').getByRole('link', { name: 'Leaderboard' }));
    expect(await page.getByTestId('location-dialog').count()).toBe(0);
    expect(await headerFits(page)).toBe(true);
    await shot('admin-landing-1280');
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await headerFits(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The users list says which check is which; the username opens the record
    await page.getByRole('tab', { name: 'Users Database' }).click();
    await page.getByTestId('admin-user-search').fill(alice.username);
    const row = page.getByTestId(`admin-user-row-${alice.username}`);
    await visible(row.getByText('Age not verified', { exact: true }));
    await visible(row.getByText('Email verified', { exact: true }));
    await row.getByRole('link', { name: alice.username, exact: true }).click();
    const record = page.getByTestId('admin-user-record');
    await visible(record.getByTestId('admin-user-transactions'));

    // Freeze, with a reason
    await record.getByTestId('admin-user-freeze').click();
    await page.getByTestId('admin-restrict-confirm').click();
    await visible(page.getByText('A reason is required'));
    await page.getByTestId('admin-restrict-reason').fill('Chargeback under review');
    await page.getByTestId('admin-restrict-confirm').click();
    await visible(toastWith(page, 'Account frozen'));
    await visible(record.getByTestId('admin-user-access').getByText(/Chargeback under review/));
    await visible(record.getByTestId('admin-user-actions').getByText(/Frozen: Chargeback under review/));
    await shot('admin-user-record-frozen-1280');

    // The player, on a phone in French, is told up front
    const phone = await env.newPage({ locale: 'en-NG', mobile: true });
    await signIn(phone.page, alice);
    await useLanguage(phone.page, 'fr');
    const notice = phone.page.getByTestId('frozen-account-notice');
    await visible(notice.getByText(/Votre compte est gelé/));
    await visible(notice.getByText(/Chargeback under review/));
    expect(await noSidewaysScroll(phone.page)).toBe(true);
    await screenshotter(env, phone.page)('player-frozen-fr-390');

    // The record on a phone in Spanish
    const adminPhone = await env.newPage({ locale: 'en-NG', mobile: true });
    await signIn(adminPhone.page, admin);
    await adminPhone.page.goto(page.url());
    await useLanguage(adminPhone.page, 'es');
    await visible(adminPhone.page.getByRole('heading', { name: `Ficha del usuario: ${alice.username}` }));
    await visible(adminPhone.page.getByTestId('admin-user-access').getByText(/Congelada desde/));
    expect(await noSidewaysScroll(adminPhone.page)).toBe(true);
    await screenshotter(env, adminPhone.page)('admin-user-record-es-390');

    // Suspend: the player's session ends, and signing in again says why, in French
    await record.getByTestId('admin-user-suspend').click();
    await page.getByTestId('admin-restrict-reason').fill('Multiple accounts');
    await page.getByTestId('admin-restrict-confirm').click();
    await visible(toastWith(page, 'Account suspended'));
    await phone.page.goto('/profile');
    await phone.page.waitForURL('**/auth**', { timeout: STEP_TIMEOUT_MS });
    await phone.page.goto('/auth?view=login');
    const form = phone.page.locator('form').filter({ has: phone.page.locator('input[type="password"]') }).first();
    await form.locator('input').first().fill(alice.email);
    await form.locator('input[type="password"]').fill(alice.password);
    await form.locator('button[type="submit"]').click();
    await visible(phone.page.getByText(/Votre compte est suspendu/).first());
    await visible(phone.page.getByText(/Multiple accounts/).first());
    await screenshotter(env, phone.page)('player-suspended-fr-390');
  });

  it('the users list, a user record and the dispute desk read in Spanish and French at 1280 px, each player linked to their record', async () => {
    const [bob, carol] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('i18n_b')), apiRegisterVerified(env.baseUrl, freshPlayer('i18n_c'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, bob, '5000'), apiFundViaPaystack(env.baseUrl, carol, '5000')]);
    const { betId } = await apiCreateChallenge(env.baseUrl, bob, '1000', 'public');
    const joined = await fetch(`${env.baseUrl}/api/challenges/join/${betId}`, { method: 'POST', headers: { authorization: `Bearer ${carol.token}` } });
    expect(joined.status).toBe(200);
    await reportWin(env.baseUrl, bob, betId);
    expect((await reportWin(env.baseUrl, carol, betId)).status).toBe('disputed');

    const { page } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, admin);
    await page.waitForURL('**/admin', { timeout: STEP_TIMEOUT_MS });
    const texts = {
      es: { record: `Ficha del usuario: ${bob.username}`, queue: 'Cola de disputas', deposit: 'Depósito con tarjeta (Paystack)', reason: 'Los dos jugadores declararon una victoria' },
      fr: { record: `Fiche utilisateur : ${bob.username}`, queue: 'File des litiges', deposit: 'Dépôt par carte (Paystack)', reason: 'Les deux joueurs ont déclaré une victoire' },
    } as const;
    for (const language of ['es', 'fr'] as const) {
      await page.goto('/admin');
      await useLanguage(page, language);
      // The users list
      await page.getByTestId('admin-tab-users').click();
      await page.getByTestId('admin-user-search').fill(bob.username);
      const row = page.getByTestId(`admin-user-row-${bob.username}`);
      await visible(row.getByRole('link', { name: bob.username, exact: true }));
      expect(await noSidewaysScroll(page)).toBe(true);
      await shot(`admin-users-${language}-1280`);
      // The user record
      await row.getByRole('link', { name: bob.username, exact: true }).click();
      await visible(page.getByRole('heading', { name: texts[language].record }));
      await visible(page.getByTestId('admin-user-transactions'));
      // Each transaction says what it is in the admin's language (from its code), not in the server's English.
      await visible(page.getByTestId('admin-user-transactions').getByText(texts[language].deposit));
      expect(await page.getByTestId('admin-user-transactions').textContent()).not.toContain('Card deposit');
      expect(await noSidewaysScroll(page)).toBe(true);
      await shot(`admin-user-record-${language}-1280`);
      // The dispute desk: both players named and linked to their records
      await page.goto('/admin');
      await page.getByTestId('admin-tab-disputes').click();
      await visible(page.getByText(texts[language].queue));
      const dispute = page.getByTestId(`admin-dispute-${betId}`);
      await visible(dispute.getByRole('link', { name: carol.username, exact: true }));
      await visible(dispute.getByText(texts[language].reason));
      expect(await dispute.getByRole('link', { name: bob.username, exact: true }).getAttribute('href')).toBe(`/admin/users/${bob.id}`);
      expect(await noSidewaysScroll(page)).toBe(true);
      await shot(`admin-disputes-${language}-1280`);
    }
  });
});
