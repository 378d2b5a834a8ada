// Proves Web Push in Chromium: the built app registers its service worker; a player with notifications allowed turns push on in the profile (headless Chromium has no push service to reach, and the toggle then says so truthfully and keeps push off); a subscription the page hands to the server is kept and listed; a notification written to push_outbox is pushed by the server's own job to the push service, and that push shown by the service worker with its title; turning the device off in the list forgets it; offline, the app still starts from the kept shell.
import { randomUUID } from 'node:crypto';
import { globalAgent } from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PUSH_SERVICE_CERTIFICATE, startFakePushService, type FakePushService } from '../../api/src/testing/fake-push-service/fake-push-service.js';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import { api, apiRegisterVerified, closeLocationDialogIfOpen, eventually, freshPlayer, screenshotter, signIn, visible } from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

interface ShownNotification {
  title: string;
  tag: string;
  data: { url: string } | null;
}

suite('journey 20: push notifications', () => {
  let env: E2eEnvironment;
  let service: FakePushService;
  const previousCa = globalAgent.options.ca;
  beforeAll(async () => {
    service = await startFakePushService();
    // The server runs in this process and pushes through Node's global agent: it trusts the
    // local push service's certificate as it trusts the real services' (their roots stay).
    globalAgent.options.ca = [...rootCertificates, FAKE_PUSH_SERVICE_CERTIFICATE.toString()];
    env = await startE2e('journey-push');
  });
  afterAll(async () => {
    await env?.close();
    await service?.close();
    globalAgent.options.ca = previousCa;
  });

  it('turn push on in the profile → the device is kept → a notification is pushed and shown by the service worker', async () => {
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('push'));
    const { page, context } = await env.newPage();
    await context.grantPermissions(['notifications'], { origin: env.baseUrl });
    const shot = screenshotter(env, page);
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);

    // Given the installable app: a manifest and the service worker controlling the whole site
    await page.goto('/profile');
    const manifest = await page.evaluate(async () => (await fetch((document.querySelector('link[rel=manifest]') as HTMLLinkElement).href)).json());
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', icons: expect.arrayContaining([expect.objectContaining({ sizes: '192x192' }), expect.objectContaining({ sizes: '512x512' })]) });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${env.baseUrl}/`);

    // When the player turns push on for this device (notifications already allowed)
    const settings = page.getByTestId('push-settings');
    await visible(settings.getByText('Push notifications are off for this device.'));
    await settings.getByLabel('Push notifications on this device').click();
    const on = settings.getByText('Push notifications are on for this device.');
    const failed = settings.getByTestId('push-error');
    await visible(on.or(failed));
    const devices = () => api<{ devices: { id: string; label: string }[] }>(env.baseUrl, 'GET', '/api/user/push-subscriptions', player.token);
    if (await failed.isVisible()) {
      // Then, with no push service to reach (headless Chromium offline), it says so and push stays off everywhere
      await visible(failed.getByText('This browser could not reach its push service, so push is still off.', { exact: false }));
      await expect(settings.getByLabel('Push notifications on this device').isChecked()).resolves.toBe(false);
      expect((await devices()).devices).toEqual([]);
    } else {
      // Then the server keeps the browser's own subscription
      const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);
      const kept = await env.server.deps.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', player.id).execute();
      expect(kept.map((k) => k.endpoint)).toEqual([endpoint]);
      await settings.getByLabel('Push notifications on this device').click();
      await visible(settings.getByText('Push notifications are off for this device.'));
    }
    await shot('push-settings-toggle');

    // Given a subscription from a push service the server can reach, handed over by the page as the toggle does
    const device = service.device('journey-20');
    const status = await page.evaluate(
      async (subscription) =>
        (await fetch('/api/user/push-subscriptions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('auth_token')}` }, body: JSON.stringify(subscription) })).status,
      device.subscription,
    );
    expect(status).toBe(201);
    await page.reload();
    await visible(settings.getByTestId('push-device').getByText('Chrome on Linux'));
    await shot('push-settings-devices');

    // When something is worth a notification (the notifications context writes push_outbox)
    const notification = { id: randomUUID(), user_id: player.id, title: 'Your challenge was accepted', url: '/matches' };
    await env.server.deps.db.insertInto('push_outbox').values(notification).execute();
    // Then the server's push job pushes it: the title and the path to open, nothing else
    const [pushed] = await eventually(async () => service.received(device), (received) => received.length > 0, 'the push at the push service');
    expect(pushed!.payload).toEqual({ title: notification.title, url: notification.url, tag: notification.id });

    // And the push, as the push service hands it to the browser, is shown by the service worker with its title
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((r) => r.scopeURL === `${env.baseUrl}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: env.baseUrl, registrationId: await registrationId, data: JSON.stringify(pushed!.payload) });
    const shown = await eventually(
      () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, tag: n.tag, data: n.data as { url: string } | null }))),
      (list: ShownNotification[]) => list.length > 0,
      'the notification shown by the service worker',
    );
    expect(shown).toEqual([{ title: 'Your challenge was accepted', tag: notification.id, data: { url: '/matches' } }]);

    // When the player turns push off for that device in the list, the server forgets it
    await settings.getByTestId('push-device').getByRole('button', { name: 'Turn off' }).click();
    await visible(settings.getByText('No device has push on.'));
    expect((await devices()).devices).toEqual([]);

    // And with the network gone, the app still starts: the service worker answers with the kept shell and scripts
    await context.setOffline(true);
    const offline = await page.goto('/matches');
    expect(offline?.fromServiceWorker()).toBe(true);
    await visible(page.locator('#root').getByText('Wager').first());
    await context.setOffline(false);
  });
});
