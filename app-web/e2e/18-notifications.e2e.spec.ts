// Proves the bell: a player sitting on the dashboard sees the unread count go up live (no reload) when the opponent reports a result, and the notification says who reported what and when the bet settles if they do nothing, in their own time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, closeLocationDialogIfOpen, eventually, freshPlayer, markDocument, screenshotter, signIn, visible, waitForLiveStatus } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('notifications: the bell updates live', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('notifications');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('the opponent reports a win → my bell counts it without a reload, and the notification shows the deadline', async () => {
    // Given a bet between two funded players, the opponent (me) on the dashboard with the live dot connected
    const [reporter, me] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('bell_a')), apiRegisterVerified(env.baseUrl, freshPlayer('bell_b'))]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, reporter, '5000'), apiFundViaPaystack(env.baseUrl, me, '5000')]);
    const { betId, invitePath } = await apiCreateChallenge(env.baseUrl, reporter, '1000', 'private');
    await api(env.baseUrl, 'POST', `/api/challenges/accept/${invitePath.split('/').pop()}`, me.token);
    const { page } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    await signIn(page, me);
    await closeLocationDialogIfOpen(page);
    await waitForLiveStatus(page, 'connected');
    const bell = page.getByTestId('notification-bell');
    await visible(bell);
    const bellCount = async () => Number((await page.getByTestId('notification-count').count()) > 0 ? await page.getByTestId('notification-count').innerText() : '0');
    const countBefore = await bellCount();
    const sameDocument = await markDocument(page);

    // When the other player reports that they won (their own client, the API)
    await api(env.baseUrl, 'POST', `/api/bets/${betId}/result`, reporter.token, { result: 'won' });

    // Then my bell counts it, by itself. Notifications are raised after the fact, in the log's
    // order: the sign-in's and the deposit's may still come after countBefore was read, so the
    // bell is compared with the server's unread count once the server lists the result's
    // notification (every earlier one is raised by then), not with countBefore + 1.
    const listed = await eventually(
      () => api<{ notifications: { type: string; params: { deadlineAt: string } }[] }>(env.baseUrl, 'GET', '/api/notifications', me.token),
      (answer) => answer.notifications.some((n) => n.type === 'result_reported'),
      'the result_reported notification',
    );
    const unread = async () => (await api<{ notifications: { unread: number } }>(env.baseUrl, 'GET', '/api/user', me.token)).notifications.unread;
    const unreadWithResult = await unread();
    expect(unreadWithResult).toBeGreaterThan(countBefore);
    await expect.poll(bellCount).toBe(unreadWithResult);
    expect(await sameDocument()).toBe(true);
    await shot('18-notifications-bell');

    // And the notification says who reported what and when the bet settles for them, in my zone
    const deadlineAt = listed.notifications.find((n) => n.type === 'result_reported')!.params.deadlineAt;
    const hhmm = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(deadlineAt));
    await bell.click();
    await page.waitForURL('**/notifications');
    const item = page.locator('[data-testid="notification-item"][data-type="result_reported"]');
    await visible(item);
    await expect.poll(() => item.getByTestId('notification-body').innerText()).toBe(`${reporter.username} reported a win. If you do nothing, the bet settles for ${reporter.username} at ${hhmm} tomorrow.`);
    await shot('18-notifications-list');

    // And opening it marks it read and takes me to the bet
    await item.getByTestId('notification-body').click();
    await page.waitForURL(`**/matches/${betId}`);
    await expect.poll(unread).toBe(unreadWithResult - 1);
  });
});
