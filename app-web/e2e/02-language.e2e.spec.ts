// Proves the interface switches between English, Spanish and French in the browser: the language selector changes the visible texts at once, the choice is cached in localStorage and survives a reload, and without a stored choice the browser language decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { apiRegisterVerified, closeLocationDialogIfOpen, freshPlayer, screenshotter, signIn, visible } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

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
    await visible(page.getByRole('heading', { name: `Welcome back, ${player.username}!` }));

    await languageSelect.selectOption('fr');
    await visible(page.getByRole('heading', { name: `Bon retour, ${player.username} !` }));
    const nav = page.getByRole('navigation').first();
    await visible(nav.getByRole('link', { name: 'Tableau de bord' }));
    await visible(nav.getByRole('link', { name: 'Marché' }));
    await visible(page.getByRole('button', { name: 'Créer un défi', exact: true }));
    await page.reload();
    await visible(page.getByRole('heading', { name: `Bon retour, ${player.username} !` }));
    await shot('dashboard-fr');

    await languageSelect.selectOption('es');
    await visible(page.getByRole('heading', { name: `¡Bienvenido de nuevo, ${player.username}!` }));
    await visible(nav.getByRole('link', { name: 'Panel' }));
    await visible(nav.getByRole('link', { name: 'Mercado' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: `¡Bienvenido de nuevo, ${player.username}!` }));
    await shot('dashboard-es');

    // Another screen keeps the language too
    await page.goto('/marketplace');
    await visible(page.getByRole('heading', { name: 'No se encontraron desafíos' }));
    await shot('marketplace-empty-es');
    await context.close();
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
