// Proves the Match Chat end to end in Chromium: two players chat live over /ws, one requests a moderator, an admin makes a third user a moderator, the moderator joins and posts, and the players see 'Moderated' and the moderator's badge without a reload.
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


/** A player's own short-lived name (usernames are limited in length). */
function player(prefix: string) {
  const tag = randomUUID().slice(0, 6);
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@example.com`, password: 'Str0ng-Passw0rd!', dateOfBirth: '1995-05-05' };
}

const connected = (page: Page) => visible(page.locator('[data-testid="chat-connection"][data-status="connected"]'));

async function openChat(page: Page, who: ApiPlayer, betId: string): Promise<void> {
  await signIn(page, who);
  await closeLocationDialogIfOpen(page);
  await page.goto(`/chat/${betId}`);
  await visible(page.getByRole('heading', { name: 'Match Chat' }));
}

async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect.poll(() => box.isEnabled(), { timeout: STEP_TIMEOUT_MS }).toBe(true);
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => box.inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe('');
}

const message = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

suite('match chat: players talk live, and a moderator joins on request', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('chat');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('two players chat, one invites a moderator, a granted moderator joins and posts, the players see it live', async () => {
    // Given an accepted bet between two funded players, a third user, and an admin (seeded as `npm run seed` does)
    const [challenger, opponent, moderator] = await Promise.all([
      apiRegisterVerified(env.baseUrl, player('chat_a')),
      apiRegisterVerified(env.baseUrl, player('chat_b')),
      apiRegisterVerified(env.baseUrl, player('chat_m')),
    ]);
    await Promise.all([apiFundViaPaystack(env.baseUrl, challenger, '5000'), apiFundViaPaystack(env.baseUrl, opponent, '5000')]);
    const { betId } = await apiCreateChallenge(env.baseUrl, challenger, '1000', 'public');
    await api(env.baseUrl, 'POST', `/api/challenges/join/${betId}`, opponent.token);
    await seed({ ...env.config, ADMIN_EMAIL, ADMIN_PASSWORD }, () => undefined);
    const admin = await fetch(`${env.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
    expect(admin.status).toBe(200);
    const adminToken = ((await admin.json()) as { token: string }).token;

    // When both players open the chat and write to each other
    const a = await env.newPage({ locale: 'en-NG' });
    const b = await env.newPage({ locale: 'en-NG' });
    await openChat(a.page, challenger, betId);
    await openChat(b.page, opponent, betId);
    await Promise.all([connected(a.page), connected(b.page)]);
    const aSameDocument = await markDocument(a.page);
    const bSameDocument = await markDocument(b.page);
    await say(a.page, 'Ready at 9pm?');
    await visible(message(b.page, 'Ready at 9pm?'));
    await say(b.page, 'Deal, lobby code 4242');
    await visible(message(a.page, 'Deal, lobby code 4242'));
    // Then each sees their own message on the right
    await expect.poll(() => message(a.page, 'Ready at 9pm?').getAttribute('data-own')).toBe('true');
    await expect.poll(() => message(b.page, 'Ready at 9pm?').getAttribute('data-own')).toBe('false');
    await screenshotter(env, a.page)('chat-players');

    // When the challenger invites a moderator: the spec's toast, and both players see 'Moderator Requested'
    await a.page.getByRole('button', { name: 'Invite Moderator' }).click();
    await visible(toastWith(a.page, 'A moderator has been notified and will join shortly to help resolve the dispute.'));
    await visible(a.page.getByTestId('chat-moderator-requested'));
    await visible(b.page.getByTestId('chat-moderator-requested'));
    await screenshotter(env, b.page)('chat-moderator-requested');

    // And an admin makes the third user a moderator, who joins the chat and posts
    await api(env.baseUrl, 'PATCH', `/api/admin/users/${moderator.id}`, adminToken, { isModerator: true });
    const m = await env.newPage({ locale: 'en-NG' });
    await openChat(m.page, moderator, betId);
    // A moderator may not read the chat before joining: the screen finds it in the moderators' queue
    await visible(m.page.getByTestId('moderation-request'));
    await screenshotter(env, m.page)('chat-moderation-request');
    await m.page.getByRole('button', { name: 'Join as moderator' }).click();
    await connected(m.page);
    const box = m.page.getByRole('textbox', { name: 'Message' });
    await visible(box);
    await expect.poll(() => box.getAttribute('placeholder'), { timeout: STEP_TIMEOUT_MS }).toBe('Type a message as moderator...');
    await say(m.page, 'Moderator here: please share the final score screenshot.');
    await screenshotter(env, m.page)('chat-moderator-view');

    // Then both players see 'Moderated' and the moderator's message with its badge, without a reload
    for (const page of [a.page, b.page]) {
      await visible(page.getByTestId('chat-moderated'));
      await visible(message(page, 'Moderator here').getByTestId('moderator-badge'));
    }
    expect(await aSameDocument(), 'the challenger’s chat was reloaded').toBe(true);
    expect(await bSameDocument(), 'the opponent’s chat was reloaded').toBe(true);
    await screenshotter(env, a.page)('chat-moderated');
    await Promise.all([a.context.close(), b.context.close(), m.context.close()]);
  });
});
