// Proves the interface switches between English, Spanish and French in the browser: the language selector changes the visible texts at once, the choice is cached in localStorage and survives a reload, and without a stored choice the browser language decides; and that /auth's prerendered English screen paints without JavaScript, is hidden from a browser in another language or with a session, and gives way to the app (sign-in works, no console error).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { apiRegisterVerified, closeLocationDialogIfOpen, freshPlayer, screenshotter, signIn, visible, STEP_TIMEOUT_MS } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

/** Every console error and uncaught exception of a page, as text. */
function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  return errors;
}

/** The prerendered markup's inert wrapper (app-web/src/app/prerender/guard.ts) is gone once the app has rendered. */
async function appTookOver(page: Page): Promise<void> {
  await page.locator('[data-prerendered]').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
}

suite('journey 2: Spanish and French', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('journey-language');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a visitor switches the auth screen to Spanish, then French; each choice persists across a reload', async () => {
    const { page, context } = await env.newPage({ locale: 'en-US' });
    const shot = screenshotter(env, page);
    const languageSelect = page.locator('#language-selector');
    await page.goto('/auth');
    await visible(page.getByRole('heading', { name: 'Welcome to Wager' }));
    expect(await languageSelect.inputValue()).toBe('en');

    // Spanish
    await languageSelect.selectOption('es');
    await visible(page.getByRole('heading', { name: 'Bienvenido a Wager' }));
    await visible(page.getByRole('tab', { name: 'Inicio rápido' }));
    await visible(page.getByRole('button', { name: 'Continuar con correo' }));
    expect(await page.getByText('Welcome to Wager').count()).toBe(0);
    expect(await page.evaluate(() => [window.localStorage.getItem('i18nextLng'), document.documentElement.lang])).toEqual(['es', 'es']);
    await shot('auth-quick-start-es');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Bienvenido a Wager' }));
    expect(await languageSelect.inputValue()).toBe('es');

    // French
    await languageSelect.selectOption('fr');
    await visible(page.getByRole('heading', { name: 'Bienvenue sur Wager' }));
    await visible(page.getByRole('tab', { name: 'Démarrage rapide' }));
    expect(await page.evaluate(() => [window.localStorage.getItem('i18nextLng'), document.documentElement.lang])).toEqual(['fr', 'fr']);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Bienvenue sur Wager' }));
    expect(await languageSelect.inputValue()).toBe('fr');
    await shot('auth-quick-start-fr');
    await context.close();
  });

  it('a signed-in player sees the dashboard, header and navigation in French and in Spanish, kept after reloads', async () => {
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('lang'));
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const shot = screenshotter(env, page);
    const languageSelect = page.locator('#language-selector');
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);
    await visible(page.getByRole('heading', { name: `Welcome, ${player.username}!` }));

    await languageSelect.selectOption('fr');
    await visible(page.getByRole('heading', { name: `Bienvenue, ${player.username} !` }));
    const nav = page.getByRole('navigation').first();
    await visible(nav.getByRole('link', { name: 'Tableau de bord' }));
    await visible(nav.getByRole('link', { name: 'Marché' }));
    await visible(page.getByRole('button', { name: 'Créer un défi', exact: true }));
    await page.reload();
    await visible(page.getByRole('heading', { name: `Bienvenue, ${player.username} !` }));
    await shot('dashboard-fr');

    await languageSelect.selectOption('es');
    await visible(page.getByRole('heading', { name: `¡Te damos la bienvenida, ${player.username}!` }));
    await visible(nav.getByRole('link', { name: 'Panel' }));
    await visible(nav.getByRole('link', { name: 'Mercado' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: `¡Te damos la bienvenida, ${player.username}!` }));
    await shot('dashboard-es');

    // Another screen keeps the language too
    await page.goto('/marketplace');
    await visible(page.getByRole('heading', { name: 'No se encontraron desafíos' }));
    await shot('marketplace-empty-es');
    await context.close();
  });

  it('/auth paints the prerendered English screen before any JavaScript; a browser in Spanish or with a session never shows it', async () => {
    // Given the page with its scripts blocked: what a visitor sees before the JavaScript has run
    const blockScripts = async (page: Page) => page.route('**/assets/*.js', (route) => route.abort());
    const english = await env.newPage({ locale: 'en-NG' });
    await blockScripts(english.page);
    const response = await english.page.goto('/auth');
    expect(await response?.text()).toContain('Welcome to Wager');
    // Then the auth screen is painted, in English, with its tabs and buttons
    await visible(english.page.getByRole('heading', { name: 'Welcome to Wager' }));
    await visible(english.page.getByRole('tab', { name: 'Sign In' }));
    await visible(english.page.getByRole('button', { name: 'Continue with Email' }));
    await english.context.close();

    // But a browser whose language is Spanish, or one holding a session, is shown nothing of it
    const spanish = await env.newPage({ locale: 'es-ES' });
    await blockScripts(spanish.page);
    await spanish.page.goto('/auth');
    expect(await spanish.page.getByRole('heading', { name: 'Welcome to Wager' }).isVisible()).toBe(false);
    await spanish.context.close();
    const signedIn = await env.newPage({ locale: 'en-US' });
    await signedIn.context.addInitScript(() => window.localStorage.setItem('auth_token', 'a-stored-session'));
    await blockScripts(signedIn.page);
    await signedIn.page.goto('/auth');
    expect(await signedIn.page.getByRole('heading', { name: 'Welcome to Wager' }).isVisible()).toBe(false);
    await signedIn.context.close();
  });

  it('the app takes over the prerendered /auth: sign-in works in English, the Spanish app replaces it, no console error', async () => {
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('prerender'));
    const { page, context } = await env.newPage({ locale: 'en-US' });
    const errors = recordConsoleErrors(page);
    await page.goto('/auth');
    await appTookOver(page);
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);
    await context.close();

    const spanish = await env.newPage({ locale: 'es-ES' });
    const spanishErrors = recordConsoleErrors(spanish.page);
    await spanish.page.goto('/auth');
    await visible(spanish.page.getByRole('heading', { name: 'Bienvenido a Wager' }));
    await appTookOver(spanish.page);
    expect(await spanish.page.getByText('Welcome to Wager').count()).toBe(0);
    await spanish.page.getByRole('tab', { name: 'Iniciar sesión' }).click();
    await visible(spanish.page.getByRole('form', { name: 'Iniciar sesión' }));
    await spanish.context.close();
    expect([...errors, ...spanishErrors]).toEqual([]);
  });

  it('without a stored choice the browser language decides; a stored choice wins over it', async () => {
    const { page, context } = await env.newPage({ locale: 'fr-FR' });
    const languageSelect = page.locator('#language-selector');
    await page.goto('/auth');
    await visible(page.getByRole('heading', { name: 'Bienvenue sur Wager' }));
    expect(await languageSelect.inputValue()).toBe('fr');

    await languageSelect.selectOption('es');
    await visible(page.getByRole('heading', { name: 'Bienvenido a Wager' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Bienvenido a Wager' }));
    await context.close();
  });
});
