/**
 * Browser-test support: the product as `npm start` runs it (built web app served by the API,
 * projection runner, process managers, jobs and sandboxes in one process) on a fresh database,
 * and Debian's Chromium driven by playwright-core. Journeys skip, saying so, when Chromium is
 * not installed (`.ci/run` installs it).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { configSchema, type Config } from '../../../api/src/config.js';
import { startServer, type RunningServer } from '../../../api/src/main.js';
import { HARNESS_PROJECTION_WAIT_MS } from '../../../api/src/testing/app.js';
import { WEB_DIST_DIR } from '../../../api/src/plugins/web.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const browserAvailable = existsSync(CHROMIUM_PATH) && existsSync(join(WEB_DIST_DIR, 'index.html'));
export const skipReason = !existsSync(CHROMIUM_PATH)
  ? `Chromium not found at ${CHROMIUM_PATH}: browser journeys skipped (apt-get install chromium)`
  : `web app not built (${WEB_DIST_DIR}): browser journeys skipped (npm run build)`;

export const SCREENSHOT_DIR = join(import.meta.dirname, '../../../docs/screenshots');

export interface E2eEnvironment {
  /** The server now running (a new one after `startServerAgain`). */
  readonly server: RunningServer;
  readonly baseUrl: string;
  /** The server's configuration (its database): for setup the public API cannot do, such as seeding an admin. */
  readonly config: Config;
  readonly browser: Browser;
  newPage(options?: { locale?: string; mobile?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  screenshot(page: Page, name: string): Promise<void>;
  /** Stops the app server (HTTP, /ws, projections), keeping its database: a restart's first half. */
  stopServer(): Promise<void>;
  /** Starts the app again on the same port and database, as a restarted `npm start` would. */
  startServerAgain(): Promise<void>;
  close(): Promise<void>;
}

export async function startE2e(label: string, env: Record<string, string> = {}): Promise<E2eEnvironment> {
  const databaseUrl = await freshDatabaseUrl(label);
  const config = configSchema.parse({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), `wager-e2e-${label}-${Date.now()}`),
    LOG_LEVEL: 'silent',
    // As in the API specs' harness: a command's answer waits this long for the read models, so a
    // loaded CI machine (the journeys run beside the other suites) does not turn a journey's 200
    // into a 202 "processing" and its screen into another branch.
    PROJECTION_WAIT_MS: String(HARNESS_PROJECTION_WAIT_MS),
    ...env,
  });
  let server = await startServer(config, { serveWebApp: true, log: () => undefined });
  let running = true;
  const baseUrl = server.url!.replace('localhost', '127.0.0.1');
  const port = Number(new URL(baseUrl).port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    get server() {
      return server;
    },
    baseUrl,
    config,
    browser,
    newPage: async (options = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: options.locale ?? 'en-US',
        viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        ...(options.mobile ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      return { context, page };
    },
    screenshot: async (page, name) => {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
    stopServer: async () => {
      if (!running) return;
      running = false;
      await server.close();
    },
    startServerAgain: async () => {
      if (running) throw new Error('the app server is already running');
      server = await startServer({ ...config, PORT: port }, { serveWebApp: true, log: () => undefined });
      running = true;
    },
    close: async () => {
      await browser.close();
      if (running) await server.close();
    },
  };
}
