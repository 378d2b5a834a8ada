// Proves the prerender's inline guard marks the page stale exactly when the app will not show the English auth screen: a stored session, or a language that i18next would detect as Spanish or French.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from '../../lib/i18n';
import { PRERENDER_STALE_ATTRIBUTE, prerenderGuardScript } from './guard';

const script = prerenderGuardScript({ tokenKey: AUTH_TOKEN_KEY, languageKey: LANGUAGE_STORAGE_KEY, languages: SUPPORTED_LANGUAGES });

/** Runs the guard as the browser would, in a browser with these languages and this storage. */
function runGuard(browser: { languages: string[]; stored?: Record<string, string> }): boolean {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(browser.stored ?? {})) window.localStorage.setItem(key, value);
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(browser.languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(browser.languages[0] ?? '');
  document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  new Function(script)();
  return document.documentElement.hasAttribute(PRERENDER_STALE_ATTRIBUTE);
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
});

describe('the prerendered /auth guard', () => {
  it('given a signed-out visitor whose browser is in English (or in no supported language), the prerender stays', () => {
    expect(runGuard({ languages: ['en-NG', 'en'] })).toBe(false);
    expect(runGuard({ languages: ['de-DE', 'de'] })).toBe(false);
    expect(runGuard({ languages: ['es-ES'], stored: { [LANGUAGE_STORAGE_KEY]: 'en' } })).toBe(false);
  });

  it('given Spanish or French detected, from the browser (first supported language) or the stored choice, it is stale', () => {
    expect(runGuard({ languages: ['fr-FR', 'en'] })).toBe(true);
    expect(runGuard({ languages: ['de-DE', 'es-MX', 'en'] })).toBe(true);
    expect(runGuard({ languages: ['en-US'], stored: { [LANGUAGE_STORAGE_KEY]: 'es' } })).toBe(true);
  });

  it('given a stored session token, it is stale whatever the language', () => {
    expect(runGuard({ languages: ['en-US'], stored: { [AUTH_TOKEN_KEY]: 'a-session-token' } })).toBe(true);
  });
});
