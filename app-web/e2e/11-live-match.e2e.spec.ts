// Proves live match tracking in Chromium: a player watches the FC25 panel on /chat/:betId update live (score, clock, possession, events) as the match stats sandbox plays goals, sees the tracker's suggestion at full time and on Upload Result; on a COD bet a player sees 'No live match detected', then the LIVE stats, and reports a manual event; a second bet between the same players shows only its own match, never their previous one.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../api/src/sandbox/match-stats/simulation.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, closeLocationDialogIfOpen, markDocument, screenshotter, signIn, toastWith, visible, STEP_TIMEOUT_MS, type ApiPlayer } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);


function player(prefix: string) {
  const tag = randomUUID().slice(0, 6);
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: 'Str0ng-Passw0rd!', dateOfBirth: '1995-05-05' };
}

/** A player with a PSN id and an Activision id (the providers' handles), funded. */
async function trackedPlayer(baseUrl: string, prefix: string): Promise<ApiPlayer & { psn: string; activision: string }> {
  const p = await apiRegisterVerified(baseUrl, player(prefix));
  const psn = `${prefix}_psn_${randomUUID().slice(0, 4)}`;
  const activision = `${prefix}#${Math.floor(1000 + Math.random() * 9000)}`;
  await api(baseUrl, 'PATCH', '/api/user/profile', p.token, { psnUsername: psn, activisionId: activision });
  await apiFundViaPaystack(baseUrl, p, '20000');
  return { ...p, psn, activision };
}

/** A seed whose FC25 match has goals for both sides, so the panel has something to show. */
function seedWithGoals(players: [string, string]): number {
  for (let seed = 1; ; seed++) {
    const plan = planOf({ game: 'fc25', players, seed, matchDuration: 90, gameMode: 'x', roundLimit: 1, timeLimit: 10 });
    if (plan.goals.some((g) => g.team === 'home') && plan.goals.some((g) => g.team === 'away') && plan.goals.length >= 3) return seed;
  }
}

type Fc25View = { status: string; minute: number; home: { score: number }; away: { score: number } };
const control = <T>(baseUrl: string, path: string, body: unknown = {}) => api<T>(baseUrl, 'POST', `/sandbox/match-stats/_control${path}`, null, body);

async function openChat(page: Page, who: ApiPlayer, betId: string): Promise<void> {
  await signIn(page, who);
  await closeLocationDialogIfOpen(page);
  await page.goto(`/chat/${betId}`);
  await visible(page.getByRole('heading', { name: 'Match Chat' }));
}

suite('live match tracking on the chat screen', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    // Polls every half second instead of 15/30 s; a sandbox match lasts 10 minutes unless fast-forwarded.
    env = await startE2e('live', { LIVE_FC25_POLL_MS: '500', LIVE_COD_POLL_MS: '500', MATCH_SANDBOX_MATCH_SECONDS: '600' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a player watches the FC25 panel update live as the sandbox plays goals, and sees the suggestion at full time', async () => {
    // Given an accepted FC25 bet between two players with PSN ids
    const [home, away] = await Promise.all([trackedPlayer(env.baseUrl, 'lv_a'), trackedPlayer(env.baseUrl, 'lv_b')]);
    const { betId } = await apiCreateChallenge(env.baseUrl, home, '1000', 'public');
    await api(env.baseUrl, 'POST', `/api/challenges/join/${betId}`, away.token);

    // When the challenger opens the chat, the panel waits for a match
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await openChat(page, home, betId);
    const panel = page.getByTestId('fc25-live-panel');
    await visible(panel);
    await visible(panel.locator('[data-testid="live-status"][data-status="waiting"]'));
    const sameDocument = await markDocument(page);

    // And the sandbox kicks off their match (paused: the test moves its clock)
    const seed = seedWithGoals([home.psn, away.psn]);
    const { matchId } = await control<{ matchId: string }>(env.baseUrl, '/matches', { game: 'fc25', players: [home.psn, away.psn], seed, matchDuration: 90, realSeconds: 600 });
    await control(env.baseUrl, `/matches/${matchId}/pause`);

    // Then, step by step, the panel shows the sandbox's score and clock without a reload
    let shotMidway = false;
    for (let step = 0; step < 6; step++) {
      const { view } = await control<{ view: Fc25View }>(env.baseUrl, `/matches/${matchId}/advance`, { seconds: 100 });
      const score = `${view.home.score} – ${view.away.score}`;
      await expect.poll(() => panel.getByTestId('live-score-value').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe(score);
      await expect.poll(() => panel.getByTestId('live-clock').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe(`${view.minute}'`);
      if (!shotMidway && view.home.score + view.away.score > 0 && view.status !== 'completed') {
        await visible(panel.locator('[data-testid="live-event"][data-type="goal"]').first());
        // While the match is played the bet is Live (in_progress), without a reload
        await visible(page.locator('.chat-header').getByTestId('bet-status').filter({ hasText: /^Live$/ }));
        await screenshotter(env, page)('live-fc25-panel');
        shotMidway = true;
      }
      if (view.status === 'completed') break;
    }
    expect(shotMidway, 'a goal was shown before full time').toBe(true);
    await visible(panel.locator('[data-testid="live-status"][data-status="completed"]'));
    await visible(panel.locator('[data-testid="live-event"][data-type="full_time"]'));
    // Once it ended the bet is no longer Live, just accepted, waiting for the reports
    await visible(page.locator('.chat-header').getByTestId('bet-status').filter({ hasText: /^Active$/ }));
    // And the tracker's suggestion is offered (evidence: the player still reports)
    const note = panel.getByTestId('tracker-suggestion');
    await visible(note);
    await expect.poll(() => note.textContent()).toMatch(/^The tracker saw (you win|you lose|a draw)/);
    expect(await sameDocument(), 'the chat was reloaded').toBe(true);
    await screenshotter(env, page)('live-fc25-full-time');

    // And Upload Result shows it too, with Confirm choosing that result
    await page.goto('/matches');
    await page.getByRole('button', { name: 'Upload Result' }).first().click();
    const offered = page.getByTestId('upload-tracker-suggestion');
    await visible(offered);
    const result = await offered.getAttribute('data-result');
    if (result !== 'draw') {
      await offered.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => page.locator(`input[name="result"][value="${result}"]`).isChecked()).toBe(true);
    }
    await screenshotter(env, page)('live-upload-suggestion');
    await context.close();
  });

  it('a COD player sees no live match, then the LIVE stats, and reports a manual event', async () => {
    const [a, b] = await Promise.all([trackedPlayer(env.baseUrl, 'lc_a'), trackedPlayer(env.baseUrl, 'lc_b')]);
    const created = await api<{ bet: { id: string } }>(env.baseUrl, 'POST', '/api/bets', a.token, { gameType: 'cod', amount: '500', visibility: 'public', gameMode: 'search_destroy', roundLimit: 3, killHandicap: 0 });
    const betId = created.bet.id;
    await api(env.baseUrl, 'POST', `/api/challenges/join/${betId}`, b.token);

    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await openChat(page, b, betId);
    const panel = page.getByTestId('cod-live-panel');
    await visible(panel);
    await visible(panel.getByText('No live match detected').first());
    await visible(panel.getByText('Tracking will automatically start when a match begins').first());
    await screenshotter(env, page)('live-cod-waiting');

    const { matchId } = await control<{ matchId: string }>(env.baseUrl, '/matches', { game: 'cod', players: [a.activision, b.activision], seed: 11, gameMode: 'search_destroy', roundLimit: 3, realSeconds: 600 });
    await control(env.baseUrl, `/matches/${matchId}/pause`);
    await control(env.baseUrl, `/matches/${matchId}/advance`, { seconds: 250 });
    await visible(panel.getByTestId('cod-live-badge').first());
    await visible(panel.getByTestId('cod-stats').first());
    await visible(panel.getByTestId('cod-match-history').getByText(matchId));

    // The manual event card: Kill reveals kills, deaths and assists; 'Report Kill' submits
    const card = page.getByTestId('manual-event-card');
    await card.getByRole('button', { name: 'Kill', exact: true }).click();
    await card.getByLabel('Kills').fill('3');
    await card.getByLabel('Deaths').fill('1');
    await card.getByLabel('Assists').fill('2');
    await card.getByRole('button', { name: 'Report Kill' }).click();
    await visible(toastWith(page, 'Kill has been logged for this match.'));
    // Round Win reveals only the round number
    await card.getByRole('button', { name: 'Round Win' }).click();
    await expect.poll(() => card.getByLabel('Kills').count()).toBe(0);
    await visible(card.getByLabel('Round number'));
    await screenshotter(env, page)('live-cod-panel');
    const match = await api<{ manualEvents: { eventType: string; data: Record<string, number>; reporterId: string }[] }>(env.baseUrl, 'GET', `/api/matches/${betId}`, b.token);
    expect(match.manualEvents).toEqual([expect.objectContaining({ eventType: 'kill', data: { kills: 3, deaths: 1, assists: 2 }, reporterId: b.id })]);
    await context.close();
  });

  it('a second bet between the same players never shows their previous match: its panel waits, then shows only their new one', async () => {
    // Given two players whose first tracked match ended with goals and a suggestion
    const [home, away] = await Promise.all([trackedPlayer(env.baseUrl, 'lr_a'), trackedPlayer(env.baseUrl, 'lr_b')]);
    const first = await apiCreateChallenge(env.baseUrl, home, '1000', 'public');
    await api(env.baseUrl, 'POST', `/api/challenges/join/${first.betId}`, away.token);
    const old = await control<{ matchId: string }>(env.baseUrl, '/matches', { game: 'fc25', players: [home.psn, away.psn], seed: seedWithGoals([home.psn, away.psn]), matchDuration: 90, realSeconds: 600 });
    await control(env.baseUrl, `/matches/${old.matchId}/end`);
    await expect.poll(async () => (await api<{ suggestion: { matchId: string } | null }>(env.baseUrl, 'GET', `/api/matches/${first.betId}`, home.token)).suggestion?.matchId, { timeout: STEP_TIMEOUT_MS }).toBe(old.matchId);

    // When they play a second bet, while the provider still shows the first match as their last
    const second = await apiCreateChallenge(env.baseUrl, home, '1000', 'public');
    await api(env.baseUrl, 'POST', `/api/challenges/join/${second.betId}`, away.token);
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await openChat(page, home, second.betId);
    const panel = page.getByTestId('fc25-live-panel');
    await visible(panel.locator('[data-testid="live-status"][data-status="waiting"]'));

    // Then it shows their new match, and only it: one kick-off, its goals, its suggestion
    const own = await control<{ matchId: string }>(env.baseUrl, '/matches', { game: 'fc25', players: [home.psn, away.psn], seed: 2, matchDuration: 90, realSeconds: 600 });
    const { view } = await control<{ view: Fc25View }>(env.baseUrl, `/matches/${own.matchId}/end`);
    await visible(panel.locator('[data-testid="live-status"][data-status="completed"]'));
    await expect.poll(() => panel.getByTestId('live-score-value').textContent(), { timeout: STEP_TIMEOUT_MS }).toBe(`${view.home.score} – ${view.away.score}`);
    await visible(panel.getByTestId('tracker-suggestion'));
    expect(await panel.locator('[data-testid="live-event"][data-type="match_start"]').count()).toBe(1);
    expect(await panel.locator('[data-testid="live-event"][data-type="goal"]').count()).toBe(view.home.score + view.away.score);
    const match = await api<{ matchId: string; suggestion: { matchId: string } }>(env.baseUrl, 'GET', `/api/matches/${second.betId}`, away.token);
    expect(match).toMatchObject({ matchId: own.matchId, suggestion: { matchId: own.matchId } });
    const chat = await api<{ id: string }>(env.baseUrl, 'GET', `/api/chats/${second.betId}`, home.token);
    const said = async () => (await api<{ content: string }[]>(env.baseUrl, 'GET', `/api/chats/${chat.id}/messages`, home.token)).filter((m) => m.content.startsWith('The tracker saw'));
    await expect.poll(async () => (await said()).length, { timeout: STEP_TIMEOUT_MS }).toBe(1);
    expect((await said())[0]!.content).toContain(`${view.home.score}–${view.away.score}`);
    await context.close();
  });
});
