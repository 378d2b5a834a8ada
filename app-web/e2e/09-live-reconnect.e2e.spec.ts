// Proves the live-updates socket survives a server restart: the header dot goes from connected to reconnecting while the app server is down, back to connected when it is up again on the same port, and a change made after the restart still reaches the page live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, skipReason, startE2e, type E2eEnvironment } from './support/browser.js';
import {
  apiFundViaPaystack,
  apiRegisterVerified,
  closeLocationDialogIfOpen,
  expectHeaderBalance,
  freshPlayer,
  markDocument,
  recordLiveChanges,
  signIn,
  viewportScreenshot,
  visible,
  waitForLiveStatus,
} from './support/journeys.js';

const suite = browserAvailable ? describe : describe.skip;
if (!browserAvailable) console.log(`[e2e] ${skipReason}`);

/** Reconnect waits stop growing at 10 s (plus the restart itself). */
const RECONNECTED_WITHIN_MS = 30_000;

suite('live updates: reconnect after a server restart', () => {
  let env: E2eEnvironment;
  beforeAll(async () => {
    env = await startE2e('live-reconnect');
  });
  afterAll(async () => {
    await env?.close();
  });

  it('connected → reconnecting while the server is down → connected after it restarts → a deposit still shows live', async () => {
    // Given a signed-in player whose dot says connected
    const player = await apiRegisterVerified(env.baseUrl, freshPlayer('restart'));
    const { page, context } = await env.newPage({ locale: 'en-NG' });
    const heard = recordLiveChanges(page);
    await signIn(page, player);
    await closeLocationDialogIfOpen(page);
    await waitForLiveStatus(page, 'connected');
    await expectHeaderBalance(page, '₦0.00');
    const sameDocument = await markDocument(page);
    const dot = page.getByTestId('connection-indicator');
    expect(await dot.getAttribute('aria-label')).toBe('Live updates: connected');

    // When the app server stops, the dot says it is reconnecting (and never reloads the page)
    await env.stopServer();
    const down = await waitForLiveStatus(page, ['reconnecting', 'offline']);
    expect(await dot.getAttribute('aria-label')).toMatch(/^Live updates: (reconnecting|offline)$/);
    if (down === 'reconnecting') {
      // The tooltip says what the dot means
      await dot.hover();
      await visible(page.getByTestId('connection-tooltip').filter({ hasText: 'Connection lost. Reconnecting…' }));
      await viewportScreenshot(page, 'live-reconnecting');
      await page.mouse.move(0, 600);
    }

    // and when it is back on the same port, the socket reconnects and authenticates again by itself
    await env.startServerAgain();
    await waitForLiveStatus(page, 'connected', RECONNECTED_WITHIN_MS);
    expect(await sameDocument(), 'the page was reloaded').toBe(true);

    // Then a change made after the restart arrives live: a ₦2,500 deposit from another client shows in the header
    const before = heard.length;
    await apiFundViaPaystack(env.baseUrl, player, '2500');
    const fundedAt = Date.now();
    await visible(page.getByTestId('header-balance').filter({ hasText: '₦2,500.00' }));
    console.log(`[e2e] live: the deposit showed ${Date.now() - fundedAt} ms after its answer, on the reconnected socket`);
    expect(heard.slice(before).some((change) => change.streamType === 'wallet' && change.id === player.id)).toBe(true);
    expect(await sameDocument(), 'the page was reloaded').toBe(true);
    await context.close();
  });
});
