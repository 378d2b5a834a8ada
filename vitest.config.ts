import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure code, no services), `integration` (real PostgreSQL, and NATS or
 * EventStoreDB when their variables are set) and `web` (components in jsdom). The browser
 * journeys (`*.e2e.spec.ts`) run in the `e2e` project against the app as `npm start` runs it.
 */
export default defineConfig({
  test: {
    globalSetup: ['scripts/src/testing/global-setup.ts'],
    reporters: ['default'],
    projects: [
      {
        // Property tests run hundreds of cases: on a loaded 2-core machine 5 s is not enough.
        test: { name: 'unit', include: ['{domain,projections,api,scripts}/src/**/*.unit.spec.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['{domain,projections,api,scripts}/src/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['app-web/src/**/*.spec.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['app-web/src/testing/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['app-web/e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // expect.poll's own default (1 s) is a deadline a loaded machine misses (a hash chain
          // recomputed in the browser, a live change): a poll without its own bound gets the
          // journeys' step timeout (STEP_TIMEOUT_MS in e2e/support/journeys.ts).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
