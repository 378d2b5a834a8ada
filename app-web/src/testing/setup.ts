/** Component-test setup: jest-dom matchers, English texts, a clean DOM and storage per test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../lib/i18n';

/**
 * How long `findBy…` and `waitFor` wait for their condition (they answer as soon as it holds).
 * Testing Library's default, one second, is a deadline a loaded CI machine misses (a lazy route's
 * first load, a render behind a busy event loop). Bounded instead by 20 s, inside the web
 * project's 30 s test timeout, so a missing element still fails with Testing Library's own
 * message. No spec passes a shorter one.
 */
configure({ asyncUtilTimeout: 20_000 });

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
});
