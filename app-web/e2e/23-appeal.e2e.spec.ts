// Proves appeals in Chromium: a dispute resolved by one admin is appealed by the losing player from the match page; both players watch the appeal go under review without a reload; the resolving admin is told another admin must decide; a second admin overturns it from the Appeals queue, and both players see the new outcome and their wallet corrections arrive live.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { grantAdmin } from '../../api/src/contexts/accounts/commands.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  api,
  apiBalance,
  apiCreateChallenge,
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  markDocument,
  screenshotter,
  signIn,
  toastWith,
  visible,
  waitForLiveStatus,
  STEP_TIMEOUT_MS,
  type ApiPlayer,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const PASSWORD = 'Admin-Passw0rd!';
const RESOLVER_EMAIL = `resolver-${randomUUID().slice(0, 8)}@example.com`;

function player(prefix: string) {
  const tag = randomUUID().slice(0, 6);
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: 'Str0ng-Passw0rd!', dateOfBirth: '1995-05-05' };
}

/** Signs an admin in and opens the Appeals tab of the admin panel. */
async function openAppeals(page: Page, who: ApiPlayer): Promise<void> {
  await signIn(page, who);
  await closeLocationDialogIfOpen(page);
  await page.goto('/admin?tab=appeals');
  await visible(page.getByTestId('admin-tab-appeals'));
  await waitForLiveStatus(page, 'connected');
}

/** Signs a player in and opens the bet's match page, live. */
async function openMatch(page: Page, who: ApiPlayer, betId: string): Promise<void> {
  await signIn(page, who);
  await closeLocationDialogIfOpen(page);
  await page.goto(`/matches/${betId}`);
  await visible(page.getByTestId('match-details'));
  await waitForLiveStatus(page, 'connected');
}

suite('appeals: dispute → appeal → a second admin’s decision, seen live by both players', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('appeal');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('the loser appeals from the match page; the resolver may not decide; another admin overturns; both players see it without a reload', async () => {
    // Given two admins (seeded as `npm run seed` does) and a disputed bet resolved by the first in the challenger's favour
    await seed({ ...env.config, ADMIN_EMAIL: RESOLVER_EMAIL, ADMIN_PASSWORD: PASSWORD }, () => undefined);
    // The second admin: a registered user granted the role through their stream (AdminGranted), as the seed does.
    const reviewer = await apiRegisterVerified(env.baseUrl, player('ap_admin'));
    await grantAdmin(env.server.deps, reviewer.id, 'e2e');
    const resolver = await api<{ token: string }>(env.baseUrl, 'POST', '/api/auth/login', null, { username: RESOLVER_EMAIL, password: PASSWORD });
    const [challenger, opponent] = await Promise.all([apiRegisterVerified(env.baseUrl, player('ap_a')), apiRegisterVerified(env.baseUrl, player('ap_b'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, challenger, '5000'), apiFundViaPaystack(env.baseUrl, opponent, '5000')]);
    const { betId } = await apiCreateChallenge(env.baseUrl, challenger, '1000', 'public');
    await api(env.baseUrl, 'POST', `/api/challenges/join/${betId}`, opponent.token);
    for (const p of [challenger, opponent]) await api(env.baseUrl, 'POST', `/api/bets/${betId}/result`, p.token, { result: 'won' });
    await api(env.baseUrl, 'PUT', `/api/admin/bets/${betId}/resolve`, resolver.token, { winnerId: challenger.id, adminNotes: 'The first clip shows the winning goal' });

    // And both players have the match page open
    const a = await env.newPage({ locale: 'en-NG' });
    const b = await env.newPage({ locale: 'en-NG' });
    await openMatch(a.page, challenger, betId);
    await openMatch(b.page, opponent, betId);
    const aSameDocument = await markDocument(a.page);
    const bSameDocument = await markDocument(b.page);
    await visible(b.page.getByTestId('appeal-section').filter({ hasText: 'You may appeal this resolution until' }));

    // When the opponent appeals with a reason
    await b.page.getByTestId(`appeal-button-${betId}`).click();
    const dialog = await visible(b.page.getByTestId('appeal-dialog'));
    await dialog.getByTestId('appeal-reason').fill('The second clip shows my equaliser was onside');
    await screenshotter(env, b.page)('appeal-dialog');
    await dialog.getByTestId('appeal-submit').click();
    await visible(toastWith(b.page, 'Appeal filed: another admin will review it'));

    // Then both players see it under review, live
    for (const page of [a.page, b.page]) await visible(page.getByTestId('appeal-section').filter({ hasText: 'Under review' }));
    await visible(a.page.getByTestId('appeal-section').filter({ hasText: 'The second clip shows my equaliser was onside' }));

    // And the admin who resolved the dispute may read it but not decide it
    const first = await env.newPage({ locale: 'en-NG' });
    await openAppeals(first.page, { username: RESOLVER_EMAIL, email: RESOLVER_EMAIL, password: PASSWORD } as ApiPlayer);
    await (await visible(first.page.getByTestId(`admin-appeal-review-${betId}`))).click();
    await visible(first.page.getByTestId('admin-appeal-same-admin'));
    expect(await first.page.getByTestId('admin-appeal-form').count()).toBe(0);

    // When the second admin overturns it from the Appeals queue, giving the win to the opponent
    const second = await env.newPage({ locale: 'en-NG' });
    await openAppeals(second.page, reviewer);
    await (await visible(second.page.getByTestId(`admin-appeal-review-${betId}`))).click();
    const panel = await visible(second.page.getByTestId('admin-appeal-panel'));
    await visible(panel.getByTestId('admin-appeal-reason').filter({ hasText: 'The second clip shows my equaliser was onside' }));
    await panel.getByLabel(`Overturn: ${opponent.username} wins`).check();
    await panel.getByTestId('admin-appeal-notes').fill('The second clip is conclusive: the equaliser stands and the winner scored later.');
    await screenshotter(env, second.page)('appeal-admin-review');
    await panel.getByTestId('admin-appeal-submit').click();
    await visible(toastWith(second.page, 'Appeal overturned, wallets corrected'));

    // Then both players see the new outcome and the corrections arrive, without a reload
    for (const page of [a.page, b.page]) {
      await visible(page.getByTestId('appeal-section').filter({ hasText: 'Overturned' }));
      await visible(page.getByTestId('appeal-outcome').filter({ hasText: `The appeal changed the outcome: ${opponent.username} won.` }));
      await expect.poll(() => page.getByTestId('money-appeal-correction').count(), { timeout: STEP_TIMEOUT_MS }).toBe(2);
      // The proof of escrow lists the corrections too, reopening and draining the escrow
      await visible(page.getByTestId('bet-money').getByText('Appeal correction taken back'));
      await visible(page.getByTestId('bet-money').getByText('Appeal correction paid'));
    }
    await screenshotter(env, b.page)('appeal-overturned-player');
    expect(await aSameDocument(), 'the challenger’s page was reloaded').toBe(true);
    expect(await bSameDocument(), 'the opponent’s page was reloaded').toBe(true);
    // And the money moved once: 2 × 1,000 from the challenger to the opponent
    expect(await Promise.all([challenger, opponent].map((p) => apiBalance(env.baseUrl, p)))).toEqual(['3980.00', '5980.00']);
    await Promise.all([a.context.close(), b.context.close(), first.context.close(), second.context.close()]);
  });
});
