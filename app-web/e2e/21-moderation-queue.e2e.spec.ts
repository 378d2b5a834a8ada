// Proves the moderation queue in Chromium: two moderators watch the queue; a player's request appears on both without a reload; one claims it and the other sees it taken by them, live; the claimant resolves it with a note the players read in the chat; a second request is handed to an admin, who sees it arrive and resolves it.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../scripts/src/seed.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  api,
  apiCreateChallenge,
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  eventually,
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

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
const ADMIN_PASSWORD = 'Admin-Passw0rd!';

function player(prefix: string) {
  const tag = randomUUID().slice(0, 6);
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: 'Str0ng-Passw0rd!', dateOfBirth: '1995-05-05' };
}

/** The queue's card of one chat. */
const item = (page: Page, chatId: string) => page.locator(`[data-testid="moderation-item"][data-chat-id="${chatId}"]`);

/** Signs in and opens the queue from the header's Moderation link. */
async function openQueue(page: Page, who: ApiPlayer | { username: string; password: string; email: string }): Promise<void> {
  await signIn(page, who as ApiPlayer);
  await closeLocationDialogIfOpen(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Moderation' }).click();
  await visible(page.getByRole('heading', { name: 'Moderation' }));
  await waitForLiveStatus(page, 'connected');
}

/** An accepted bet between two fresh funded players; returns its chat id. */
async function acceptedBet(baseUrl: string): Promise<{ challenger: ApiPlayer; opponent: ApiPlayer; betId: string; chatId: string }> {
  const [challenger, opponent] = await Promise.all([apiRegisterVerified(baseUrl, player('mq_a')), apiRegisterVerified(baseUrl, player('mq_b'))]);
  await Promise.all([apiFundViaPaystack(baseUrl, challenger, '5000'), apiFundViaPaystack(baseUrl, opponent, '5000')]);
  const { betId } = await apiCreateChallenge(baseUrl, challenger, '1500', 'public');
  await api(baseUrl, 'POST', `/api/challenges/join/${betId}`, opponent.token);
  const chat = await eventually(
    () => fetch(`${baseUrl}/api/chats/${betId}`, { headers: { authorization: `Bearer ${challenger.token}` } }),
    (res) => res.ok,
    'the bet chat',
  );
  return { challenger, opponent, betId, chatId: ((await chat.json()) as { id: string }).id };
}

suite('the moderation queue: moderators see who waits, claim, resolve, hand to an admin, live', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('moderation');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a request appears live for every moderator; one claims it, the other sees it taken; it is resolved or handed to an admin', async () => {
    // Given an admin (seeded as `npm run seed` does) who makes two users moderators, and an accepted bet
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
    const login = await api<{ token: string }>(env.baseUrl, 'POST', '/api/auth/login', null, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const [m1, m2] = await Promise.all([apiRegisterVerified(env.baseUrl, player('mq_m1')), apiRegisterVerified(env.baseUrl, player('mq_m2'))]);
    for (const m of [m1, m2]) await api(env.baseUrl, 'PATCH', `/api/admin/users/${m.id}`, login.token, { isModerator: true });
    const first = await acceptedBet(env.baseUrl);

    // And both moderators have the queue open, with nobody waiting yet
    const one = await env.newPage({ locale: 'en-NG' });
    const two = await env.newPage({ locale: 'en-NG' });
    await openQueue(one.page, m1);
    await openQueue(two.page, m2);
    await visible(one.page.getByTestId('moderation-empty'));
    const oneSameDocument = await markDocument(one.page);
    const twoSameDocument = await markDocument(two.page);

    // When the opponent asks for a moderator in the chat
    await api(env.baseUrl, 'POST', `/api/chats/${first.chatId}/invite-moderator`, first.opponent.token);

    // Then the request appears on both queues without a reload: the bet, both players, who asked, waiting
    for (const page of [one.page, two.page]) {
      const card = await visible(item(page, first.chatId));
      await expect.poll(() => card.getAttribute('data-status'), { timeout: STEP_TIMEOUT_MS }).toBe('open');
      expect(await card.getByTestId('moderation-players').textContent()).toBe(`${first.challenger.username} vs ${first.opponent.username}`);
      expect(await card.textContent()).toContain(`Requested by ${first.opponent.username}`);
      expect(await card.getByTestId('moderation-waited').textContent()).toMatch(/^Waiting for \d+ minutes?$/);
    }
    await screenshotter(env, one.page)('moderation-queue-waiting');

    // When the first moderator claims it
    await item(one.page, first.chatId).getByRole('button', { name: 'Claim' }).click();
    await visible(toastWith(one.page, 'You moderate this chat now.'));
    await visible(item(one.page, first.chatId).getByTestId('moderation-claimed-by').filter({ hasText: 'Taken by you' }));

    // Then the second sees it taken by the first, live, and can no longer claim it
    await visible(item(two.page, first.chatId).getByTestId('moderation-claimed-by').filter({ hasText: `Taken by ${m1.username}` }));
    await expect.poll(() => item(two.page, first.chatId).getByRole('button', { name: 'Claim' }).count(), { timeout: STEP_TIMEOUT_MS }).toBe(0);
    await screenshotter(env, two.page)('moderation-queue-taken');

    // When the claimant resolves it with a note
    await item(one.page, first.chatId).getByRole('button', { name: 'Resolve' }).click();
    const dialog = await visible(one.page.getByTestId('moderation-resolve-dialog'));
    await dialog.getByRole('textbox', { name: /Note/ }).fill('Both agreed the replay counts: 2-1 to the challenger.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await visible(toastWith(one.page, 'Request resolved'));

    // Then it leaves both queues live, and the players read the note in the chat
    for (const page of [one.page, two.page]) await expect.poll(() => item(page, first.chatId).count(), { timeout: STEP_TIMEOUT_MS }).toBe(0);
    const messages = await api<{ content: string }[]>(env.baseUrl, 'GET', `/api/chats/${first.chatId}/messages`, first.challenger.token);
    expect(messages.map((m) => m.content)).toContain(`${m1.username} resolved the moderation request: Both agreed the replay counts: 2-1 to the challenger.`);
    expect(await oneSameDocument(), 'the first moderator’s queue was reloaded').toBe(true);
    expect(await twoSameDocument(), 'the second moderator’s queue was reloaded').toBe(true);

    // When a second request is claimed by the other moderator and handed to an admin, who has the queue open
    const second = await acceptedBet(env.baseUrl);
    const admin = await env.newPage({ locale: 'en-NG' });
    await openQueue(admin.page, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD, email: ADMIN_EMAIL });
    await api(env.baseUrl, 'POST', `/api/chats/${second.chatId}/invite-moderator`, second.challenger.token);
    await visible(item(admin.page, second.chatId));
    await visible(item(two.page, second.chatId)).then((card) => card.getByRole('button', { name: 'Claim' }).click());
    await visible(item(two.page, second.chatId).getByRole('button', { name: 'Hand to an admin' })).then((button) => button.click());
    const escalate = await visible(two.page.getByTestId('moderation-escalate-dialog'));
    await escalate.getByRole('textbox', { name: /Reason/ }).fill('The screenshots contradict each other');
    await escalate.getByRole('button', { name: 'Hand to an admin' }).click();
    await visible(toastWith(two.page, 'Request handed to an admin'));

    // Then the admin sees it with an admin, and why, live; the moderator may no longer resolve it; the admin does
    const withAdmin = item(admin.page, second.chatId);
    await visible(withAdmin.getByTestId('moderation-escalated-by').filter({ hasText: `Handed to an admin by ${m2.username}: The screenshots contradict each other` }));
    expect(await item(two.page, second.chatId).getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    await screenshotter(env, admin.page)('moderation-queue-escalated');
    await withAdmin.getByRole('button', { name: 'Resolve' }).click();
    const adminDialog = await visible(admin.page.getByTestId('moderation-resolve-dialog'));
    await adminDialog.getByRole('textbox', { name: /Note/ }).fill('Voided after review; stakes returned.');
    await adminDialog.getByRole('button', { name: 'Resolve' }).click();
    for (const page of [admin.page, two.page]) await expect.poll(() => item(page, second.chatId).count(), { timeout: STEP_TIMEOUT_MS }).toBe(0);
    await Promise.all([one.context.close(), two.context.close(), admin.context.close()]);
  });
});
