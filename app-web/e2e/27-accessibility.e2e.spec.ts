// Proves every page of the app passes axe-core with no serious or critical violation (issue 29), in Chromium against the real server: the public pages, every player page (dashboard, matches and a match, chat, deposit/wallet, profile, notifications, pools, opponents, marketplace) and the admin's pages, in en at 1280 px and on a 390 px phone, and a few in es and fr; on the phone no page is wider than the viewport.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiFundViaPaystack, apiRegisterVerified, freshPlayer, screenshotter, type ApiPlayer } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

/** axe-core's own browser bundle, injected into each page (playwright-core has no @axe-core/playwright). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';

interface Finding {
  page: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The page once the app has rendered it: the document loaded, the network quiet and no spinner left. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[data-testid="protected-spinner"]') && document.querySelector('#root')?.children.length);
}

/** axe's serious and critical violations of the page as it stands. */
async function axeFindings(page: Page, label: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ page: label, ...v }));
}

/** On a phone: the elements wider than the viewport (a sideways scroll), by a short selector. */
async function overflowing(page: Page, label: string): Promise<string[]> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > width + 1 && getComputedStyle(element).position !== 'fixed' && !element.closest('[style*="overflow"], .table-scroll, [data-scroll-x]');
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}.${Array.from(element.classList).join('.')}`);
  });
  return wide.map((w) => `${label}: ${w}`);
}

suite('accessibility: axe-core on every page (issue 29) in Chromium', () => {
  let env: E2eEnvironment;
  let alice: ApiPlayer;
  let bob: ApiPlayer;
  let adminToken: string;
  let betId: string;
  beforeAll(async () => {
    env = await startE2e('accessibility');
    alice = await apiRegisterVerified(env.baseUrl, freshPlayer('ally'));
    bob = await apiRegisterVerified(env.baseUrl, freshPlayer('bobby'));
    for (const p of [alice, bob]) await apiFundViaPaystack(env.baseUrl, p, '5000');
    const created = await api<{ bet: { id: string } }>(env.baseUrl, 'POST', '/api/bets', alice.token, { gameType: 'fc25', amount: '1000', visibility: 'public' });
    betId = created.bet.id;
    await api(env.baseUrl, 'POST', `/api/challenges/join/${betId}`, bob.token, {});
    await api(env.baseUrl, 'POST', `/api/bets/${betId}/result`, alice.token, { result: 'won' });
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
    adminToken = (await api<{ token: string }>(env.baseUrl, 'POST', '/api/auth/login', null, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
  }, 180_000);
  afterAll(async () => {
    await env?.close();
  });

  async function visitAll(token: string | null, paths: string[], language: 'en' | 'es' | 'fr', mobile: boolean): Promise<{ findings: Finding[]; wide: string[] }> {
    const { context, page } = await env.newPage({ locale: language === 'en' ? 'en-NG' : language === 'es' ? 'es-ES' : 'fr-FR', mobile });
    await context.addInitScript(
      ([stored, lang]) => {
        if (stored) window.localStorage.setItem('auth_token', stored);
        window.localStorage.setItem('i18nextLng', lang);
        window.sessionStorage.setItem('locationPrompted', 'true');
      },
      [token, language] as const,
    );
    const findings: Finding[] = [];
    const wide: string[] = [];
    const shot = screenshotter(env, page);
    for (const path of paths) {
      await settled(page, path);
      const label = `${path} ${language} ${mobile ? 390 : 1280}`;
      findings.push(...(await axeFindings(page, label)));
      if (mobile) wide.push(...(await overflowing(page, label)));
      if (mobile && language !== 'en') await shot(`a11y-${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'bet').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-390-${language}`);
    }
    await context.close();
    return { findings, wide };
  }

  const PUBLIC = ['/', '/auth', '/auth-legacy', '/marketplace', '/legal/terms', '/legal/privacy', '/legal/kyc', '/responsible-gaming', '/help', '/contact', '/report'];
  const player = () => ['/dashboard', '/matches', `/matches/${betId}`, `/chat/${betId}`, '/deposit', '/wallet', '/profile', '/notifications', '/fpl-pools', '/opponents', '/marketplace'];
  const admin = () => ['/admin', '/admin?tab=disputes', '/moderation', `/chat/${betId}`];

  it('public and player pages in en at 1280 px and on a 390 px phone', async () => {
    const runs = [
      await visitAll(null, PUBLIC, 'en', false),
      await visitAll(null, PUBLIC, 'en', true),
      await visitAll(alice.token, player(), 'en', false),
      await visitAll(alice.token, player(), 'en', true),
    ];
    expect({ findings: runs.flatMap((r) => r.findings), wide: runs.flatMap((r) => r.wide) }).toEqual({ findings: [], wide: [] });
  }, 600_000);

  it('a few pages in es and fr on a phone', async () => {
    const pages = () => ['/dashboard', '/matches', `/chat/${betId}`, '/deposit', '/profile', '/fpl-pools', '/opponents'];
    const runs = [await visitAll(alice.token, pages(), 'es', true), await visitAll(bob.token, pages(), 'fr', true)];
    expect({ findings: runs.flatMap((r) => r.findings), wide: runs.flatMap((r) => r.wide) }).toEqual({ findings: [], wide: [] });
  }, 400_000);

  it('the admin pages at 1280 px and on a phone', async () => {
    const runs = [await visitAll(adminToken, admin(), 'en', false), await visitAll(adminToken, admin(), 'en', true)];
    expect({ findings: runs.flatMap((r) => r.findings), wide: runs.flatMap((r) => r.wide) }).toEqual({ findings: [], wide: [] });
  }, 300_000);

  it('on a 390 px phone in fr and es: chat times and status badges on one line, My Matches’ tabs all reachable', async () => {
    for (const [language, token] of [['fr', alice.token], ['es', bob.token]] as const) {
      const { context, page } = await env.newPage({ locale: language === 'es' ? 'es-ES' : 'fr-FR', mobile: true });
      await context.addInitScript(
        ([stored, lang]) => {
          window.localStorage.setItem('auth_token', stored);
          window.localStorage.setItem('i18nextLng', lang);
          window.sessionStorage.setItem('locationPrompted', 'true');
        },
        [token, language] as const,
      );
      const shot = screenshotter(env, page);
      // Elements of one short line: a time or a badge broken over two lines or more ("04:" over "37", letter by letter) is taller than one and a half lines of its text.
      const brokenLines = (selector: string) =>
        page.evaluate((s) => {
          return Array.from(document.querySelectorAll<HTMLElement>(s))
            .filter((element) => {
              const style = getComputedStyle(element);
              const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
              return element.getBoundingClientRect().height > line * 1.5;
            })
            .map((element) => element.textContent ?? '');
        }, selector);
      await settled(page, `/chat/${betId}`);
      await page.getByTestId('chat-message').first().waitFor();
      expect(await page.locator('[data-testid="chat-message"] time').count()).toBeGreaterThan(0);
      expect(await brokenLines('[data-testid="chat-message"] time')).toEqual([]);
      expect(await brokenLines('.badge')).toEqual([]);
      await shot(`a11y-chat-times-390-${language}`);
      await settled(page, '/matches');
      for (const tab of ['tab-active', 'tab-pending', 'tab-created', 'tab-completed', 'tab-payouts', 'tab-disputed']) {
        const trigger = page.getByTestId(tab);
        await trigger.scrollIntoViewIfNeeded();
        expect(await trigger.isVisible(), tab).toBe(true);
        const box = await trigger.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 391, tab).toBe(true);
      }
      expect(await brokenLines('.badge')).toEqual([]);
      await shot(`a11y-matches-tabs-390-${language}`);
      await context.close();
    }
  }, 180_000);
});
