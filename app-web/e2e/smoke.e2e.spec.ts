// Proves the product as `npm start` runs it answers in a real browser: protected routes send a visitor to /auth, unknown paths show the 404 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

suite('smoke: the served web app in Chromium', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('smoke');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('redirects a visitor from a protected route to /auth', async () => {
    const { page, context } = await env.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth/);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page, context } = await env.newPage();
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
    await env.screenshot(page, 'not-found');
    await context.close();
  });
});
