// Proves issue #29's pool items in Chromium, at 390 px and 1280 px in en, es and fr: a settled pool's page shows each entrant's points per gameweek (gameweeks as columns); the standings and the breakdown scroll sideways inside their own box (the page never does) and the Payout column is reachable, with a hint on a phone; the Create Pool form has its labels above the inputs, one number per row on a phone and two on a desktop; and at 360 px in fr and es the pool standings, the players' leaderboard and a disputed bet row fit the viewport with no text broken letter by letter.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, SCREENSHOT_DIR, type E2eEnvironment } from './support/browser.js';
import { api, apiFundViaPaystack, apiRegisterVerified, eventually, freshPlayer, screenshotter, visible, type ApiPlayer } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const HOST_TEAM = 301;
const GUEST_TEAM = 302;
const LANGUAGES = ['en', 'es', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const LOCALE: Record<Language, string> = { en: 'en-NG', es: 'es-ES', fr: 'fr-FR' };
const GW: Record<Language, string> = { en: 'GW', es: 'J', fr: 'J' };
const PAYOUT: Record<Language, string> = { en: 'Payout', es: 'Premio', fr: 'Gain' };

suite('journey 29: pools on a phone — per-gameweek points, standings that scroll, a roomy Create Pool form', () => {
  let env: E2eEnvironment;
  let host: ApiPlayer;
  let guest: ApiPlayer;
  let poolId = '';

  async function sandbox(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${env.baseUrl}/sandbox/fpl/_control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, await response.text()).toBe(200);
  }

  /** A signed-in page in a language at a width (the phone widths as a touch device). */
  async function openAs(who: ApiPlayer, language: Language, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await env.newPage({ locale: LOCALE[language], mobile: width < 800 });
    if (width < 800) await page.setViewportSize({ width, height: 844 });
    await context.addInitScript(
      ([token, lang]) => {
        window.localStorage.setItem('auth_token', token);
        window.localStorage.setItem('i18nextLng', lang);
        window.sessionStorage.setItem('locationPrompted', 'true');
      },
      [who.token, language] as const,
    );
    return { page, close: () => context.close() };
  }

  /** The elements wider than the viewport when the page scrolls sideways (none when it fits), by a short selector; a table's own scroll box is not the page's. */
  const wideElements = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      return Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest('.table-scroll'))
        .slice(0, 6)
        .map((element) => `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}.${Array.from(element.classList).join('.')}`);
    });

  /** Texts of one short line (badges, headers, cells) broken over more than one line: taller than 1.5 lines of their text. */
  const brokenLines = (page: Page, selector: string) =>
    page.evaluate((s) => {
      return Array.from(document.querySelectorAll<HTMLElement>(s))
        .filter((element) => {
          const style = getComputedStyle(element);
          const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
          const box = element.getBoundingClientRect();
          return box.height > 0 && box.height > line * 1.5 + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
        })
        .map((element) => element.textContent ?? '');
    }, selector);

  /** The scroll box of a table: inside the viewport, and scrolled to its end its last header cell is fully in view. */
  async function lastColumnReachable(page: Page, testId: string): Promise<{ boxInside: boolean; lastHeader: string; lastInView: boolean }> {
    return page.evaluate((id) => {
      const box = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
      box.scrollLeft = box.scrollWidth;
      const outer = box.getBoundingClientRect();
      const headers = box.querySelectorAll('thead th');
      const last = headers[headers.length - 1]!.getBoundingClientRect();
      return {
        boxInside: outer.left >= 0 && outer.right <= document.documentElement.clientWidth + 1,
        lastHeader: headers[headers.length - 1]!.textContent ?? '',
        lastInView: last.right <= outer.right + 1 && last.left >= outer.left - 1,
      };
    }, testId);
  }

  async function openPool(page: Page): Promise<ReturnType<Page['getByTestId']>> {
    await page.goto('/fpl-pools');
    await page.locator(`[data-testid="pool-card"][data-pool-id="${poolId}"]`).getByTestId('pool-view').click();
    const details = page.getByTestId('pool-details');
    await visible(details.getByTestId('pool-gameweeks'));
    return details;
  }

  beforeAll(async () => {
    env = await startE2e('journey-pools-phone', { FPL_POLL_INTERVAL_MS: '500', FPL_CACHE_TTL_MS: '0' });
    [host, guest] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('gwhost')), apiRegisterVerified(env.baseUrl, freshPlayer('gwguest'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, host, '20000'), apiFundViaPaystack(env.baseUrl, guest, '20000')]);
    // Three gameweeks: host 60, 45, 71 (= 176); guest 54 − 4, 80, 33 (= 163). A large pot, so the Payout cell is wide.
    for (const [team, gameweek, points, transfersCost] of [[HOST_TEAM, 1, 60, 0], [HOST_TEAM, 2, 45, 0], [HOST_TEAM, 3, 71, 0], [GUEST_TEAM, 1, 54, 4], [GUEST_TEAM, 2, 80, 0], [GUEST_TEAM, 3, 33, 0]] as const) {
      await sandbox('points', { teamId: team, gameweek, points, transfersCost });
    }
    const created = await api<{ pool: { id: string } }>(env.baseUrl, 'POST', '/api/fpl/pools', host.token, { name: 'Gameweek by gameweek', entryFee: '5000', maxParticipants: '10', durationWeeks: '3', startGameweek: '1', isPrivate: false, fplTeamId: String(HOST_TEAM) });
    poolId = created.pool.id;
    await api(env.baseUrl, 'POST', `/api/fpl/pools/${poolId}/join`, guest.token, { fplTeamId: String(GUEST_TEAM) });
    for (let i = 0; i < 3; i++) await sandbox('advance', { step: 'gameweek' });
    await eventually(() => api<{ pool: { status: string } }>(env.baseUrl, 'GET', `/api/fpl/pools/${poolId}`, host.token), (d) => d.pool.status === 'completed', 'the pool settles');
    // A settled bet (for the players' leaderboard) and a disputed one (both report a win).
    const settledBet = await api<{ bet: { id: string } }>(env.baseUrl, 'POST', '/api/bets', host.token, { gameType: 'fc25', amount: '1000', visibility: 'public' });
    await api(env.baseUrl, 'POST', `/api/challenges/join/${settledBet.bet.id}`, guest.token, {});
    await api(env.baseUrl, 'POST', `/api/bets/${settledBet.bet.id}/result`, host.token, { result: 'won' });
    await api(env.baseUrl, 'POST', `/api/bets/${settledBet.bet.id}/result`, guest.token, { result: 'lost' });
    const disputed = await api<{ bet: { id: string } }>(env.baseUrl, 'POST', '/api/bets', host.token, { gameType: 'fc25', amount: '1500', visibility: 'public' });
    await api(env.baseUrl, 'POST', `/api/challenges/join/${disputed.bet.id}`, guest.token, {});
    await api(env.baseUrl, 'POST', `/api/bets/${disputed.bet.id}/result`, host.token, { result: 'won' });
    const answer = await api<{ status: string }>(env.baseUrl, 'POST', `/api/bets/${disputed.bet.id}/result`, guest.token, { result: 'won' });
    expect(answer.status).toBe('disputed');
  }, 180_000);
  afterAll(async () => {
    await env?.close();
  });

  for (const language of LANGUAGES) {
    for (const width of [390, 1280]) {
      it(`${language} at ${width} px: the points per gameweek, the standings' Payout in reach, the page never wider than the screen`, async () => {
        const { page, close } = await openAs(host, language, width);
        const details = await openPool(page);
        const table = details.getByTestId('pool-gameweeks');
        expect(await table.locator('thead th').allTextContents()).toEqual([expect.any(String), `${GW[language]}1`, `${GW[language]}2`, `${GW[language]}3`, expect.any(String)]);
        const rows = await table.getByTestId('pool-gameweeks-row').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)));
        expect(rows.map((r) => r.slice(1))).toEqual([['60', '45', '71', '176'], ['50', '80', '33', '163']]);
        const standings = await lastColumnReachable(page, 'pool-leaderboard-scroll');
        expect(standings).toEqual({ boxInside: true, lastHeader: PAYOUT[language], lastInView: true });
        expect((await lastColumnReachable(page, 'pool-gameweeks-scroll')).boxInside).toBe(true);
        expect(await wideElements(page)).toEqual([]);
        // The hint says there is more to the right on a phone only.
        expect(await details.locator('.scroll-hint').first().isVisible()).toBe(width < 800);
        expect(await brokenLines(page, '[data-testid="pool-details"] th, [data-testid="pool-details"] td, [data-testid="pool-status"]')).toEqual([]);
        await details.getByTestId('pool-gameweeks').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/pools-phone-standings-${language}-${width}.png` });
        await page.keyboard.press('Escape');

        // Create Pool: labels above their inputs; on a phone one field per row, on a desktop the numbers two by two.
        await page.getByTestId('pool-create-open').click();
        const form = page.getByTestId('pool-create');
        const boxes = await form.locator('.pool-create-form .field:has(> label.label)').evaluateAll((fields) =>
          fields.map((f) => {
            const label = f.querySelector('label.label')!.getBoundingClientRect();
            const input = f.querySelector('input:not([type=checkbox]), textarea')!.getBoundingClientRect();
            return { labelAbove: label.bottom <= input.top + 1, left: Math.round(input.left), width: input.width };
          }),
        );
        expect(boxes.every((b) => b.labelAbove)).toBe(true);
        const numbers = boxes.slice(2, 6);
        expect(new Set(numbers.map((b) => b.left)).size).toBe(width < 800 ? 1 : 2);
        expect(numbers.every((b) => b.width >= (width < 800 ? 250 : 200))).toBe(true);
        expect(await wideElements(page)).toEqual([]);
        await screenshotter(env, page)(`pools-phone-create-${language}-${width}`);
        await close();
      }, 120_000);
    }
  }

  for (const language of ['fr', 'es'] as const) {
    it(`${language} at 360 px: the pool standings, the players' leaderboard and a disputed bet row fit, nothing broken letter by letter`, async () => {
      const { page, close } = await openAs(guest, language, 360);
      const details = await openPool(page);
      expect(await wideElements(page)).toEqual([]);
      expect((await lastColumnReachable(page, 'pool-leaderboard-scroll')).lastInView).toBe(true);
      expect(await brokenLines(page, '[data-testid="pool-details"] th, [data-testid="pool-details"] td')).toEqual([]);
      await details.getByTestId('pool-leaderboard').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pools-phone-360-standings-${language}.png` });
      await page.keyboard.press('Escape');

      await page.goto('/dashboard#leaderboard');
      const board = await visible(page.getByTestId('leaderboard').getByTestId('leaderboard-row').first());
      expect(board).toBeTruthy();
      expect(await wideElements(page)).toEqual([]);
      expect((await lastColumnReachable(page, 'leaderboard-scroll')).lastInView).toBe(true);
      expect(await brokenLines(page, '[data-testid="leaderboard"] th, [data-testid="leaderboard"] td')).toEqual([]);
      await page.getByTestId('leaderboard').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pools-phone-360-leaderboard-${language}.png` });

      await page.goto('/matches');
      await page.getByTestId('tab-disputed').click();
      const row = await visible(page.getByTestId('bet-row').filter({ has: page.getByTestId('bet-status') }).first());
      expect(await wideElements(page)).toEqual([]);
      expect(await brokenLines(page, '[data-testid="bet-status"], [data-testid="bet-row"] .badge')).toEqual([]);
      const inside = await row.evaluate((r) => r.getBoundingClientRect().right <= document.documentElement.clientWidth + 1);
      expect(inside).toBe(true);
      await screenshotter(env, page)(`pools-phone-360-disputed-${language}`);
      await close();
    }, 120_000);
  }
});
