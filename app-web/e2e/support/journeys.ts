/**
 * Steps shared by the browser journeys. Screen steps drive the UI the way a person does (labels,
 * button names, URLs, visible texts: no fixed sleeps). The `api*` helpers prepare ANOTHER
 * player's preconditions (an account, funds from the Paystack sandbox, a challenge) through the
 * product's own public HTTP API, never through the database.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { SCREENSHOT_DIR, type E2eEnvironment } from './browser.js';

export const STEP_TIMEOUT_MS = 15_000;

export interface Player {
  username: string;
  email: string;
  password: string;
  dateOfBirth: string;
}

/** A player no earlier run has used: username within 20 characters, a strong password, 18+. */
export function freshPlayer(prefix: string): Player {
  const id = randomUUID().replace(/-/g, '').slice(0, 8);
  return {
    username: `${prefix}_${id}`.slice(0, 20),
    email: `${prefix}.${id}@example.com`.toLowerCase(),
    password: `Wager${id}9Zz`,
    dateOfBirth: '1994-05-17',
  };
}

/**
 * Screenshots of one page into docs/screenshots/<name>.png, taken from the top of the page (a
 * full-page shot of a scrolled page would paint the sticky header over the middle).
 */
export function screenshotter(env: E2eEnvironment, page: Page): (name: string) => Promise<void> {
  return async (name) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await env.screenshot(page, name);
  };
}

/** What the screen shows right now (the viewport only): for drawers and overlays fixed to the viewport. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A form control by its label's text, with or without the required-field mark (" *"). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** Resolves when the locator is visible (auto-waits up to the step timeout). */
export async function visible(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** The toast carrying `title` (toasts show one at a time; this waits for it). */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** Waits until `read()` returns a value `accept` takes, polling; for server-side effects seen through HTTP. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  createdAt: string;
}

/** The newest 6-digit verification code the dev mailbox (`/dev/mailbox/messages`) holds for `email`. */
export async function verificationCodeFor(baseUrl: string, email: string): Promise<string> {
  const messages = await eventually(
    async () => {
      const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
      return response.ok ? ((await response.json()) as MailboxMessage[]) : [];
    },
    (rows) => rows.some((m) => /\b\d{6}\b/.test(m.subject)),
    `a verification code for ${email} in the dev mailbox`,
  );
  const newest = messages.filter((m) => /\b\d{6}\b/.test(m.subject)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
  return /\b(\d{6})\b/.exec(newest.subject)![1]!;
}

/** The newest password reset link the dev mailbox holds for `email`. */
export async function resetLinkFor(baseUrl: string, email: string): Promise<string> {
  const messages = await eventually(
    async () => {
      const response = await fetch(`${baseUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
      return response.ok ? ((await response.json()) as MailboxMessage[]) : [];
    },
    (rows) => rows.some((m) => /resetToken=/.test(m.text)),
    `a password reset link for ${email} in the dev mailbox`,
  );
  const newest = messages.filter((m) => /resetToken=/.test(m.text)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
  return /(https?:\/\/\S+resetToken=[\w-]+)/.exec(newest.text)![1]!;
}

// ---------------------------------------------------------------- screens

/** Variant B (/auth): Quick Start → Continue with Email → the sign-up form, filled and sent. Lands on /verify-email. */
export async function quickSignUp(page: Page, player: Player, shot?: (name: string) => Promise<void>): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth')) await page.goto('/auth');
  await visible(page.getByRole('button', { name: 'Continue with Email' }));
  await shot?.('auth-quick-start');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  const form = page.getByRole('form', { name: 'Create Account' });
  await visible(form);
  await form.getByLabel('Username', { exact: true }).fill(player.username);
  await form.getByLabel('Email', { exact: true }).fill(player.email);
  await form.getByLabel('Password', { exact: true }).fill(player.password);
  await form.getByLabel('Date of birth', { exact: true }).fill(player.dateOfBirth);
  await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
  await shot?.('auth-quick-signup');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await visible(toastWith(page, 'Verification Required'));
  // With `?redirect=` when signing up from an invitation (verification returns to it).
  await page.waitForURL(/\/verify-email(\?|$)/, { timeout: STEP_TIMEOUT_MS });
}

/** /verify-email: the code from the dev mailbox, Verify Email, 'Email Verified!', then `expectPath` (the dashboard, or the invitation signed up from) after 2 s. */
export async function verifyEmail(page: Page, baseUrl: string, email: string, shot?: (name: string) => Promise<void>, expectPath = '/dashboard'): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Verify your email' }));
  await visible(page.getByText(`We sent a 6-digit code to ${email}`));
  const code = await verificationCodeFor(baseUrl, email);
  const verify = page.getByRole('button', { name: 'Verify Email' });
  await page.getByLabel('Verification code').fill(code.slice(0, 5));
  if (!(await verify.isDisabled())) throw new Error('Verify Email is enabled with 5 digits; the spec disables it until 6 are entered');
  await page.getByLabel('Verification code').fill(code);
  await shot?.('verify-email');
  await verify.click();
  await visible(page.getByTestId('email-verified'));
  await shot?.('verify-email-verified');
  // A player lands on the dashboard, an admin on the admin overview (issue #29).
  if (expectPath === '/dashboard') await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/admin', { timeout: STEP_TIMEOUT_MS });
  else await page.waitForURL(`**${expectPath}`, { timeout: STEP_TIMEOUT_MS });
}

/** Variant B's Sign In tab with email and password; lands on `expectPath` (the dashboard by default). */
export async function signIn(page: Page, player: Player, expectPath = '/dashboard'): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/auth')) await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  const form = page.getByRole('form', { name: 'Sign In' });
  await visible(form);
  await form.getByLabel('Email', { exact: true }).fill(player.email);
  await form.getByLabel('Password', { exact: true }).fill(player.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  // A player lands on the dashboard, an admin on the admin overview (issue #29).
  if (expectPath === '/dashboard') await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/admin', { timeout: STEP_TIMEOUT_MS });
  else await page.waitForURL(`**${expectPath}`, { timeout: STEP_TIMEOUT_MS });
}

/** The dashboard opens the location dialog once per browser session; a player who closes it keeps their currency. */
export async function closeLocationDialogIfOpen(page: Page): Promise<void> {
  // An admin lands on the admin overview and is never asked for a location (issue #29).
  if (new URL(page.url()).pathname.startsWith('/admin')) return;
  const dialog = page.getByTestId('location-dialog');
  // The dialog opens on the first render of the dashboard, or not at all. (A modal dialog hides
  // the page from the accessibility tree, so the heading is found by tag, not by role.)
  await page.locator('h1').filter({ hasText: /^Welcome( back)?, / }).waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
  }
}

/** The amount the header shows as the balance ("₦5,000.00"). */
export async function headerBalance(page: Page): Promise<string> {
  return ((await page.getByTestId('header-balance').textContent()) ?? '').replace(/^Balance:\s*/, '').trim();
}

/** Waits for the header balance to read `expected`. */
export async function expectHeaderBalance(page: Page, expected: string): Promise<void> {
  await page.getByTestId('header-balance').filter({ hasText: expected }).waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
}

// ---------------------------------------------------------------- another player's preconditions, through the public API

export interface ApiPlayer extends Player {
  id: string;
  token: string;
}

/** One JSON call to the API as a player (or a visitor with no token); a non-2xx answer throws with its body. */
export async function api<T>(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function untilAccountReadable(baseUrl: string, token: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    if (response.ok) return;
    if (Date.now() > deadline) throw new Error(`GET /api/user still answers ${response.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs a player up (quick-signup payload, a Nigerian player: NGN display) and verifies the email with the mailbox code. */
export async function apiRegisterVerified(baseUrl: string, player: Player): Promise<ApiPlayer> {
  const signup = await api<{ token: string; user?: { id: string }; userId?: string }>(baseUrl, 'POST', '/api/auth/signup', null, {
    username: player.username,
    email: player.email,
    password: player.password,
    dateOfBirth: player.dateOfBirth,
    agreeTerms: true,
    timezone: 'Africa/Lagos',
    preferredLanguage: 'en',
    preferredCurrency: 'NGN',
    country: 'NG',
    phoneNumber: '',
    psnUsername: '',
    activisionId: '',
  });
  // Under load the server may answer 202 ("still processing": the account is recorded, its read
  // model not yet): the body then carries the token and userId, and the session works once
  // /api/user answers, as the web app itself waits.
  const userId = signup.user?.id ?? signup.userId;
  if (!userId) throw new Error(`signup of ${player.email} answered without a user id`);
  if (!signup.user) await untilAccountReadable(baseUrl, signup.token);
  const code = await verificationCodeFor(baseUrl, player.email);
  await api(baseUrl, 'POST', '/api/auth/verify-email', signup.token, { code, userId });
  return { ...player, id: userId, token: signup.token };
}

/** Funds a player through the Paystack sandbox: initialize, the checkout's Pay button (a form post), verify. */
export async function apiFundViaPaystack(baseUrl: string, player: ApiPlayer, amount: string): Promise<void> {
  const init = await api<{ data: { authorization_url: string; reference: string } }>(baseUrl, 'POST', '/api/paystack/deposits/initialize', player.token, { amount, email: player.email });
  const pay = await fetch(`${init.data.authorization_url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'do=pay', redirect: 'manual' });
  if (pay.status >= 400) throw new Error(`sandbox checkout Pay → ${pay.status}`);
  const verified = await api<{ data: { status: string } }>(baseUrl, 'POST', '/api/paystack/deposits/verify', player.token, { reference: init.data.reference });
  if (verified.data.status !== 'success') throw new Error(`sandbox deposit ${init.data.reference} is ${verified.data.status}`);
}

/** Creates a challenge for a player (a precondition of another player's journey); returns the bet and its invitation path. */
export async function apiCreateChallenge(baseUrl: string, player: ApiPlayer, amount: string, visibility: 'private' | 'public'): Promise<{ betId: string; invitePath: string }> {
  const created = await api<{ bet: { id: string }; shareableLink: string }>(baseUrl, 'POST', '/api/bets', player.token, {
    gameType: 'fc25',
    amount,
    visibility,
    platformUsername: null,
    matchRules: { noAiAssistance: true, standardLength: true, allowReplays: false },
    customRulesEnabled: false,
  });
  return { betId: created.bet.id, invitePath: new URL(created.shareableLink, baseUrl).pathname };
}

export async function apiBalance(baseUrl: string, player: ApiPlayer): Promise<string> {
  const user = await api<{ balance: string }>(baseUrl, 'GET', '/api/user', player.token);
  return user.balance;
}

// ---------------------------------------------------------------- live updates (docs/web.md, "Live updates")

/** Waits for the header's live-updates dot to show `status` ('connected', 'reconnecting', 'offline', …). */
export async function waitForLiveStatus(page: Page, status: string | string[], timeout = STEP_TIMEOUT_MS): Promise<string> {
  const wanted = Array.isArray(status) ? status : [status];
  const handle = await page.waitForFunction(
    (statuses) => {
      const value = document.querySelector('[data-testid="connection-indicator"]')?.getAttribute('data-status');
      return value && statuses.includes(value) ? value : null;
    },
    wanted,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Marks the page's document; the returned check says whether it is still the same document. A
 * reload or a full navigation makes a new document without the mark, so a change that shows
 * while the mark holds arrived live.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  const mark = randomUUID();
  await page.evaluate((value) => {
    (window as unknown as { e2eDocumentMark?: string }).e2eDocumentMark = value;
  }, mark);
  return async () => (await page.evaluate(() => (window as unknown as { e2eDocumentMark?: string }).e2eDocumentMark)) === mark;
}

export interface LiveChange {
  type: 'changed';
  streamType: string;
  streamId: string;
  id: string;
  eventType: string;
}

/** Records every `changed` message the page's /ws socket receives; call before the page opens it. */
export function recordLiveChanges(page: Page): LiveChange[] {
  const changes: LiveChange[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/ws') return;
    socket.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(String(payload)) as { type?: string };
        if (message.type === 'changed') changes.push(message as LiveChange);
      } catch {
        // not JSON: not ours
      }
    });
  });
  return changes;
}
