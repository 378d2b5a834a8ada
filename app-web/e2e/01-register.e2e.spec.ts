// Proves a newcomer can register in the browser through both auth variants (quick sign-up and the full 12-field form), verify the email with the code from the dev mailbox, and land on the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { closeLocationDialogIfOpen, field, freshPlayer, quickSignUp, screenshotter, verifyEmail, viewportScreenshot, visible, STEP_TIMEOUT_MS } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('journey 1: register and verify the email', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-register');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('quick sign-up (variant B) → verify with the mailbox code → the dashboard', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const player = freshPlayer('quick');
    const shot = screenshotter(env, page);

    // Given a visitor on the auth screen, with the geo banner naming the country from the browser language
    await page.goto('/auth');
    await visible(page.getByRole('region', { name: 'Global Access Confirmed' }));
    await visible(page.getByText('Playing from Nigeria'));

    // When they sign up with the quick form and enter the code the app emailed them
    await quickSignUp(page, player, shot);
    await verifyEmail(page, env.baseUrl, player.email, shot);

    // Then they are on their dashboard, signed in, with the onboarding card of a new player
    await closeLocationDialogIfOpen(page);
    await visible(page.getByRole('heading', { name: `Welcome, ${player.username}!` }));
    await visible(page.getByTestId('onboarding'));
    await visible(page.getByTestId('header-balance').filter({ hasText: '₦0.00' }));
    await shot('dashboard-new-player');
    // and the session survives a reload (the token is in localStorage under auth_token)
    expect(await page.evaluate(() => Boolean(window.localStorage.getItem('auth_token')))).toBe(true);
    await page.reload();
    await visible(page.getByRole('heading', { name: `Welcome, ${player.username}!` }));

    // and their profile (user menu → Profile) shows the email as verified
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    await visible(page.getByRole('heading', { name: 'Profile Settings' }));
    await visible(page.getByText(player.email));
    await shot('profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    const email = page.locator('.verification-row').filter({ hasText: 'Email' });
    await visible(email.getByText('Verified', { exact: true }));
    await shot('profile-security');
    await context.close();
  });

  it('on a phone, the header drawer holds the links, Sign In and the language selector', async () => {
    const { page, context } = await env.newPage({ locale: 'en-NG', mobile: true });
    const shot = screenshotter(env, page);
    await page.goto('/auth');
    await visible(page.getByRole('button', { name: 'Continue with Email' }));
    await shot('mobile-auth');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Wager' });
    await visible(drawer.getByRole('link', { name: 'Marketplace' }));
    await visible(drawer.getByRole('link', { name: 'Sign In' }));
    await visible(drawer.getByLabel('Language'));
    await viewportScreenshot(page, 'mobile-drawer');
    await context.close();
  });

  it('full registration form (variant A) with the 12-field progress panel → verify → the dashboard', async () => {
    const { page, context } = await env.newPage({ locale: 'en-GB' });
    const player = freshPlayer('full');
    const shot = screenshotter(env, page);

    // Given a visitor on the full form (linked from the quick start)
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Full registration form' }).click();
    await page.waitForURL('**/auth-legacy');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await visible(form);
    const progress = page.getByTestId('registration-progress');
    await visible(progress);
    expect(await progress.locator('li[data-field]').count()).toBe(12);

    // When they send it empty, the error summary lists what to fix
    await form.getByRole('button', { name: 'Create Account' }).click();
    const summary = page.getByTestId('error-summary');
    await visible(summary.getByText('Please fix the following errors:'));
    await visible(summary.getByText('Username must be at least 3 characters'));
    await shot('auth-full-register-errors');

    // And when they fill every field
    await field(form, 'Username').fill(player.username);
    await field(form, 'Email').fill(player.email);
    await field(form, 'Password').fill(player.password);
    await field(form, 'Confirm password').fill(player.password);
    await field(form, 'Phone number').fill('+44 7700 900123');
    await field(form, 'Date of birth').fill(player.dateOfBirth);
    await visible(page.getByTestId('age-feedback').filter({ hasText: /^Age verified: \d+ years old$/ }));
    await field(form, 'Country').selectOption('GB');
    await field(form, 'Time zone').selectOption('Europe/London');
    await visible(page.getByTestId('timezone-local-time'));
    // choosing the country suggested its currency
    expect(await field(form, 'Preferred currency').inputValue()).toBe('GBP');
    await form.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
    // the date of birth ticked the age confirmation by itself
    expect(await form.getByLabel('I confirm I am 18 or older').isChecked()).toBe(true);

    // Then the progress panel is complete and says so
    await visible(page.getByTestId('progress-message').filter({ hasText: 'Ready to create account!' }));
    await visible(progress.getByText('100% complete'));
    await shot('auth-full-register-complete');

    // And creating the account leads through verification to the dashboard
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/verify-email', { timeout: STEP_TIMEOUT_MS });
    await verifyEmail(page, env.baseUrl, player.email);
    await closeLocationDialogIfOpen(page);
    await visible(page.getByRole('heading', { name: `Welcome, ${player.username}!` }));
    // One currency rule (issue 15): the wallet amount in naira; the player's pounds only as a labelled conversion
    await visible(page.getByTestId('header-balance').filter({ hasText: '₦0.00' }));
    await visible(page.getByTestId('stat-balance').filter({ hasText: '≈ £0.00 · display rate' }));
    await shot('dashboard-full-registration');
    await context.close();
  });
});
