// Proves the export and erasure flows a player sees in the profile, in English, Spanish and French: the "Your data" card's button saves a JSON file built by the server, holding what the player entered (email, username, a chat message they sent) and none of the opponent's messages; erasure is asked with the password, shows when it happens and what must happen first (an open bet), and is cancelled; every text in the player's language.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiCreateChallenge, apiFundViaPaystack, apiRegisterVerified, freshPlayer, screenshotter, visible, type ApiPlayer } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

const LANGUAGES = [
  { lng: 'en', locale: 'en-NG', title: 'Your data', button: 'Download my data', ready: 'Your copy is downloaded', password: 'Your password', erase: 'Erase my account', scheduled: 'Your account will be erased after', bet: 'Finish or cancel your open bet first', cancel: 'Cancel the erasure' },
  { lng: 'es', locale: 'es-ES', title: 'Tus datos', button: 'Descargar mis datos', ready: 'Tu copia se ha descargado', password: 'Tu contraseña', erase: 'Borrar mi cuenta', scheduled: 'Tu cuenta se borrará después del', bet: 'Termina o cancela antes tu apuesta abierta', cancel: 'Cancelar el borrado' },
  { lng: 'fr', locale: 'fr-FR', title: 'Vos données', button: 'Télécharger mes données', ready: 'Votre copie est téléchargée', password: 'Votre mot de passe', erase: 'Effacer mon compte', scheduled: 'Votre compte sera effacé après le', bet: 'Terminez ou annulez d’abord votre pari ouvert', cancel: 'Annuler l’effacement' },
] as const;

suite('your data: the export in the profile', () => {
  let env: E2eEnvironment;
  let me: ApiPlayer;
  beforeAll(async () => {
    env = await startE2e('erasure_export');
    // A player with a bet and a chat, where both players wrote something.
    const [player, opponent] = await Promise.all([apiRegisterVerified(env.baseUrl, freshPlayer('export_a')), apiRegisterVerified(env.baseUrl, freshPlayer('export_b'))]);
    me = player;
    await Promise.all([apiFundViaPaystack(env.baseUrl, me, '5000'), apiFundViaPaystack(env.baseUrl, opponent, '5000')]);
    const { betId, invitePath } = await apiCreateChallenge(env.baseUrl, me, '1000', 'private');
    await api(env.baseUrl, 'POST', `/api/challenges/accept/${invitePath.split('/').pop()}`, opponent.token);
    const chat = await api<{ id: string }>(env.baseUrl, 'GET', `/api/chats/${betId}`, me.token);
    await api(env.baseUrl, 'POST', `/api/chats/${chat.id}/messages`, me.token, { content: 'mine: kick-off at nine' });
    await api(env.baseUrl, 'POST', `/api/chats/${chat.id}/messages`, opponent.token, { content: 'theirs: fine by me' });
  });
  afterAll(async () => {
    await env?.close();
  });

  for (const language of LANGUAGES) {
    it(`${language.lng}: the button saves my copy, with what I entered and not what the opponent wrote; I ask for erasure with my password, see when and what is left, and cancel it`, async () => {
      const { page, context } = await env.newPage({ locale: language.locale });
      // Signed in with my token, in my language (the sign-in form itself is proven by other journeys).
      await context.addInitScript(
        ([token, lng]) => {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('i18nextLng', lng);
        },
        [me.token, language.lng] as const,
      );
      const shot = screenshotter(env, page);
      await page.goto('/profile');
      const card = page.getByTestId('your-data');
      await visible(card);
      await visible(card.getByRole('heading', { name: language.title }));

      const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: language.button }).click()]);
      expect(download.suggestedFilename()).toBe(`wager-data-${me.id}.json`);
      const copy = JSON.parse(await readFile((await download.path())!, 'utf8')) as { userId: string; profile: { email: string; username: string }; chatMessages: { content: string }[] };
      expect(copy.userId).toBe(me.id);
      expect(copy.profile).toMatchObject({ email: me.email, username: me.username });
      expect(copy.chatMessages.map((m) => m.content)).toEqual(['mine: kick-off at nine']);
      expect(JSON.stringify(copy)).not.toContain('theirs: fine by me');

      await expect.poll(() => card.getByTestId('download-my-data-status').innerText()).toContain(language.ready);
      await card.scrollIntoViewIfNeeded();
      if (language.lng === 'en') await shot('25-your-data-export');

      // Erasure: asked with my password, it waits, says what must happen first (my bet is open), and I cancel it.
      await card.getByLabel(language.password).fill(me.password);
      await card.getByRole('button', { name: language.erase }).click();
      await expect.poll(() => card.getByTestId('erasure-scheduled').innerText()).toContain(language.scheduled);
      await expect.poll(() => card.getByTestId('erasure-blockers').innerText()).toContain(language.bet);
      expect((await api<{ effectiveAt: string | null }>(env.baseUrl, 'GET', '/api/user/erasure', me.token)).effectiveAt).not.toBeNull();
      if (language.lng === 'en') await shot('25-erasure-requested');
      await card.getByRole('button', { name: language.cancel }).click();
      await visible(card.getByLabel(language.password));
      expect((await api<{ effectiveAt: string | null }>(env.baseUrl, 'GET', '/api/user/erasure', me.token)).effectiveAt).toBeNull();
      await context.close();
    });
  }
});
