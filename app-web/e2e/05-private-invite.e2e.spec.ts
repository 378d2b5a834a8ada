// Proves a private challenge travels by its invitation link: the challenger creates it in the browser and gets the link, a visitor opens it, signs up as a new player, and accepts it through the terms modal ('I Agree & Accept'), after which both players' stakes are in escrow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  apiBalance,
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  expectHeaderBalance,
  field,
  freshPlayer,
  quickSignUp,
  screenshotter,
  signIn,
  toastWith,
  verifyEmail,
  visible,
  STEP_TIMEOUT_MS,
  type ApiPlayer,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 5: a private invitation link accepted by a new player', () => {
  let env: E2eEnvironment;
  let challenger: ApiPlayer;
  let shareLink = '';
  beforeAll(async () => {
    env = await startE2e('journey-private-invite');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('the challenger creates a private challenge and gets its invitation link', async () => {
    challenger = await apiRegisterVerified(env.baseUrl, freshPlayer('host'));
    await apiFundViaPaystack(env.baseUrl, challenger, '5000');
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    await signIn(page, challenger);
    await closeLocationDialogIfOpen(page);
    await page.getByRole('button', { name: 'Create New Challenge' }).click();
    const dialog = page.getByTestId('create-challenge-dialog');
    await field(dialog, 'Bet amount (₦)').fill('1000');
    // private is the default visibility
    expect(await dialog.getByLabel('Private (share a link)').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    await visible(toastWith(page, 'Challenge Created'));
    shareLink = await dialog.getByTestId('share-link').inputValue();
    expect(shareLink).toMatch(/\/challenge\/accept\/[0-9a-f-]{36}$/);
    // Copying flashes 'Link Copied'
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseUrl });
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await visible(dialog.getByRole('button', { name: 'Link Copied' }));
    await screenshotter(env, page)('create-challenge-private-link-copied');
    await context.close();
  });

  it('the link is a full address another person can open', () => {
    // A relative '/challenge/accept/…' cannot be pasted into a message to a friend.
    expect(shareLink, 'share link shown in the create-challenge dialog (app bug: relative when PUBLIC_URL is unset, as in npm start)').toMatch(/^https?:\/\//);
  });

  it('a visitor opens the link, signs up, and accepts through the terms modal', async () => {
    const newcomer = freshPlayer('guest');
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    const invitePath = new URL(shareLink, env.baseUrl).pathname;

    // Given the invitation, seen as a visitor
    await page.goto(invitePath);
    await visible(page.getByRole('heading', { name: 'Challenge Invitation' }));
    await visible(page.getByText(`${challenger.username} has challenged you`));
    await visible(page.getByTestId('invite-amount').filter({ hasText: '₦1,000.00' }));
    await visible(page.getByTestId('invite-total').filter({ hasText: '₦1,020.00' }));
    await visible(page.getByTestId('time-remaining').filter({ hasText: /4[78]h \d+m remaining/ }));
    await shot('challenge-invitation-visitor');

    // When they sign up from it (quick sign-up) and verify their email
    await page.getByRole('link', { name: 'Sign in to accept' }).click();
    await page.waitForURL(/\/auth\?redirect=/);
    await quickSignUp(page, newcomer);
    // verification returns them to the invitation they signed up from
    await verifyEmail(page, env.baseUrl, newcomer.email, undefined, invitePath);
    await visible(page.getByRole('heading', { name: 'Challenge Invitation' }));
    // (their wallet is funded meanwhile: a Paystack sandbox deposit, the subject of journey 3)
    const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
    const me = (await (await fetch(`${env.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
    const funded: ApiPlayer = { ...newcomer, id: me.id, token: token! };
    await apiFundViaPaystack(env.baseUrl, funded, '5000');

    // and open the link again, now signed in with enough balance
    await page.goto(invitePath);
    await visible(page.getByRole('heading', { name: 'Challenge Invitation' }));
    await visible(page.getByText('Your balance'));
    const accept = page.getByRole('button', { name: 'Accept Challenge' });
    await visible(accept);
    expect(await accept.isEnabled()).toBe(true);
    await shot('challenge-invitation');
    await accept.click();
    const terms = page.getByTestId('terms-modal');
    await visible(terms);
    for (const agreement of ['Comply with your local gambling laws', 'Play fairly without cheating or exploitation', 'Provide evidence if disputes arise', "Accept the platform's decision in disputes"]) {
      await visible(terms.getByText(agreement));
    }
    await shot('challenge-invitation-terms');
    await terms.getByRole('button', { name: 'I Agree & Accept' }).click();

    // Then the challenge is accepted, escrow is secured and they go to the match's chat
    await visible(toastWith(page, 'Challenge Accepted!'));
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: STEP_TIMEOUT_MS });
    await expectHeaderBalance(page, '₦3,980.00');
    await shot('chat-after-accept');
    expect(await apiBalance(env.baseUrl, funded)).toBe('3980.00');

    // and the challenger sees the match as active
    const host = await env.newPage({ locale: 'en-NG' });
    await signIn(host.page, challenger);
    await closeLocationDialogIfOpen(host.page);
    await host.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Matches' }).click();
    const row = host.page.getByTestId('bet-row').filter({ hasText: `You challenged ${newcomer.username}` });
    await visible(row.getByText('Active'));
    await visible(row.getByRole('button', { name: 'Upload Result' }));
    // the link is used up: opening it again says so
    await host.page.goto(invitePath);
    await visible(host.page.getByTestId('invite-not-found'));
    await screenshotter(env, host.page)('challenge-invitation-used');
    await host.context.close();
    await context.close();
  });
});
