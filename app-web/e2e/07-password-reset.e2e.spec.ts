// Proves a forgotten password can be replaced in the browser: request the link, open it from the dev mailbox, choose a new password, and only the new one signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { STEP_TIMEOUT_MS, apiRegisterVerified, field, freshPlayer, resetLinkFor, screenshotter, signIn, toastWith, visible } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 7: password reset', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-reset');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('Forgot your password? → link from the mailbox → new password → sign in with it', async () => {
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('reset'));
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);

    // Given a player who asks for a reset link from the Sign In tab
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const request = page.getByRole('form', { name: 'Reset your password' });
    await field(request, 'Email').fill(player.email);
    await request.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByTestId('reset-sent'));

    // When they open the emailed link and choose a new password
    const link = await resetLinkFor(env.baseUrl, player.email);
    expect(new URL(link).origin).toBe(env.baseUrl);
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await visible(form);
    await shot('auth-new-password');
    const newPassword = 'N3w-Passw0rd-42';
    await field(form, 'New password').fill(newPassword);
    await field(form, 'Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Set new password' }).click();
    await visible(toastWith(page, 'Password updated'));
    await page.waitForURL(/\/auth\?view=login/, { timeout: STEP_TIMEOUT_MS });

    // Then the old password no longer signs in, the new one does, and the link cannot be used twice
    const old = await fetch(`${env.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: player.email, password: player.password }) });
    expect(old.status).toBe(401);
    await signIn(page, { ...player, password: newPassword });
    const reused = await fetch(`${env.baseUrl}/api/auth/reset-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: new URL(link).searchParams.get('resetToken'), password: 'An0ther-Passw0rd' }) });
    expect(reused.status).toBe(400);
    await context.close();
  });
});
