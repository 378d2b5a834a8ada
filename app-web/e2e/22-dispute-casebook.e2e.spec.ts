// Proves the dispute casebook end to end in Chromium: a player's report that disagrees with the opponent's says the bet is now disputed, naming them; an admin opens the queue (oldest dispute first, each with how long it has been open), reads the casebook with names and naira amounts and the evidence inline, opens a raw event, resolves with a notes template; both players' match details show the decision, who made it and the notes live, without a reload.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, closeLocationDialogIfOpen, freshPlayer, markDocument, screenshotter, signIn, toastWith, visible, STEP_TIMEOUT_MS, type ApiPlayer } from './support/journeys.js';

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

async function join(baseUrl: string, who: ApiPlayer, betId: string): Promise<void> {
  const joined = await fetch(`${baseUrl}/api/challenges/join/${betId}`, { method: 'POST', headers: { authorization: `Bearer ${who.token}` } });
  expect(joined.status).toBe(200);
}

async function signedIn(env: E2eEnvironment, who: { username: string; email: string; password: string; dateOfBirth: string }): Promise<Page> {
  const { page } = await env.newPage({ locale: 'en-NG' });
  await signIn(page, who);
  await closeLocationDialogIfOpen(page);
  return page;
}

suite('dispute casebook: the queue by age, the casebook in words, a template resolution seen live by both players', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('casebook');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a disputing report says so; the admin reads the casebook, opens a raw event, resolves with a template; both players see the decision live', async () => {
    // Given two funded players with two bets: an older one already disputed, and the one this journey follows
    const [ada, bayo] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('ada')), apiRegisterVerified(env.baseUrl, freshPlayer('bayo'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, ada, '5000'), apiFundViaPaystack(env.baseUrl, bayo, '5000')]);
    const older = await apiCreateChallenge(env.baseUrl, ada, '500', 'public');
    await join(env.baseUrl, bayo, older.betId);
    await report(env.baseUrl, ada, older.betId, false);
    expect((await report(env.baseUrl, bayo, older.betId, false)).status).toBe('disputed');
    const { betId } = await apiCreateChallenge(env.baseUrl, ada, '1000', 'public');
    await join(env.baseUrl, bayo, betId);
    const said = await fetch(`${env.baseUrl}/api/chats/${chatIdOfBet(betId)}/messages`, { method: 'POST', headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'gg, 3-1 to me' }) });
    expect(said.status).toBe(201);
    await report(env.baseUrl, ada, betId, true);
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);

    // When Bayo reports a win too from My Matches, the app says the bet is now disputed, naming Ada
    const bayoPage = await signedIn(env, bayo);
    await bayoPage.goto('/matches');
    const row = bayoPage.locator(`[data-testid="bet-row"][data-bet-id="${betId}"]`);
    await row.getByRole('button', { name: 'Upload Result' }).click();
    const upload = bayoPage.getByTestId('upload-result-dialog');
    await upload.getByLabel('I won').check();
    await upload.getByRole('button', { name: 'Submit Result' }).click();
    await visible(toastWith(bayoPage, `Your report disagrees with ${ada.username}’s: the bet is now disputed. An admin will review it.`));
    await screenshotter(env, bayoPage)('casebook-player-disputed-toast');

    // Both players keep the bet's match details open
    await bayoPage.goto(`/matches/${betId}`);
    await visible(bayoPage.getByTestId('bet-status').getByText('Disputed'));
    const adaPage = await signedIn(env, ada);
    await adaPage.goto(`/matches/${betId}`);
    await visible(adaPage.getByTestId('bet-status').getByText('Disputed'));
    const adaSameDocument = await markDocument(adaPage);
    const bayoSameDocument = await markDocument(bayoPage);

    // The admin opens the queue: oldest dispute first, each saying how long it has been open
    const page = await signedIn(env, { username: 'admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, dateOfBirth: '1990-01-01' });
    await page.goto('/admin?tab=disputes');
    const queue = page.getByTestId('admin-disputes');
    await visible(queue.getByTestId(`admin-dispute-${betId}`));
    const order = await queue.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-testid')));
    expect(order.indexOf(`admin-dispute-${older.betId}`)).toBeLessThan(order.indexOf(`admin-dispute-${betId}`));
    await visible(queue.getByTestId(`admin-dispute-${betId}`).getByText(/^Open for \d+m$/));
    await screenshotter(env, page)('casebook-queue');

    // The review page: both reports side by side, the screenshot inline, and the casebook in words with names and naira amounts
    await queue.getByTestId(`admin-dispute-${betId}`).getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(`**/admin/disputes/${betId}`, { timeout: STEP_TIMEOUT_MS });
    const review = page.getByTestId('dispute-review');
    await visible(review.getByTestId('dispute-age'));
    const reports = review.getByTestId('admin-report');
    await visible(reports.nth(0).getByText(`${ada.username} reported Won`));
    await visible(reports.nth(1).getByText(`${bayo.username} reported Won`));
    const image = reports.nth(0).getByRole('img', { name: 'final-score.png' });
    await visible(image);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: STEP_TIMEOUT_MS }).toBe(true);
    const casebook = review.getByTestId('admin-trail');
    await visible(casebook.getByText(`${ada.username} locked ₦1,020.00 into escrow (stake ₦1,000.00 + fee ₦20.00)`));
    await visible(casebook.getByText(`${bayo.username} locked ₦1,020.00 into escrow (stake ₦1,000.00 + fee ₦20.00)`));
    await visible(casebook.getByText(`${ada.username} said: “gg, 3-1 to me”`));
    await visible(casebook.getByText(`${ada.username} attached final-score.png`));
    await visible(casebook.getByText(/^The reports disagree: the bet is disputed/));
    await visible(review.getByTestId('admin-chat').getByText('gg, 3-1 to me'));
    await visible(review.getByTestId('admin-trail-chain').getByText(/Chain intact/));
    const texts = await casebook.getByTestId('admin-trail-text').allTextContents();
    for (const text of texts) expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
    await screenshotter(env, page)('casebook-review');
    await casebook.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${import.meta.dirname}/../../docs/screenshots/casebook-trail.png`, fullPage: true });

    // The raw event is one click away
    const lockRow = casebook.locator('tr[data-type="StakeLocked"]').first();
    await lockRow.getByTestId('admin-trail-raw-toggle').click();
    const raw = casebook.getByTestId('admin-trail-raw');
    await visible(raw);
    expect(await raw.textContent()).toContain(`"account": "bet:${betId}:escrow:NGN"`);
    await raw.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${import.meta.dirname}/../../docs/screenshots/casebook-raw-event.png` });

    // Resolution: award the win to Ada with a notes template
    const form = review.getByTestId('admin-resolve-form');
    await form.getByLabel(`Award the win to ${ada.username}`).check();
    await form.getByTestId('admin-resolve-template').selectOption('evidenceFor');
    const notes = `The evidence shows ${ada.username} won: their screenshot shows the final score.`;
    expect(await form.getByTestId('admin-resolve-notes').inputValue()).toBe(notes);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${import.meta.dirname}/../../docs/screenshots/casebook-resolve-template.png` });
    await form.getByTestId('admin-resolve-submit').click();
    await visible(toastWith(page, 'Dispute resolved'));
    await visible(review.getByTestId('admin-resolved'));
    await visible(review.getByText(`admin awarded the win to ${ada.username}. Notes: “${notes}”`));

    // Then both players see the decision live: the winner, who resolved it, and the notes
    for (const playerPage of [adaPage, bayoPage]) {
      const decision = playerPage.getByTestId('match-resolution');
      await visible(decision.getByText(`Win awarded to ${ada.username}`));
      await visible(decision.getByTestId('match-resolved-by').getByText(/^Resolved by admin on /));
      await visible(decision.getByTestId('match-admin-notes').getByText(notes));
      await visible(playerPage.getByTestId('bet-status').getByText('Completed'));
    }
    expect(await adaSameDocument()).toBe(true);
    expect(await bayoSameDocument()).toBe(true);
    await screenshotter(env, bayoPage)('casebook-player-decision');

    // The queue no longer holds it; the older dispute is still waiting
    await review.getByRole('link', { name: 'Back to the queue' }).click();
    await visible(page.getByTestId(`admin-dispute-${older.betId}`));
    await expect.poll(() => page.getByTestId(`admin-dispute-${betId}`).count(), { timeout: STEP_TIMEOUT_MS }).toBe(0);
  });
});
