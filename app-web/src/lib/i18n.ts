import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { es } from '../locales/es';
import { fr } from '../locales/fr';
import { enMessages, esMessages, frMessages } from '../locales/messages';
import { enErrors, esErrors, frErrors } from '../locales/errors';

/**
 * Interface languages (spec section 1): English, Spanish and French, English as the fallback.
 * Detection order: localStorage, then the browser, then `<html lang>`; the choice is cached in
 * localStorage. The `messages` namespace translates the server's and the shared schemas' English
 * messages, keyed by the English text itself; the `errors` namespace renders server refusals from
 * their `code` and `params` (see `lib/error-message.ts`).
 */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const resources = {
  en: { translation: en, messages: enMessages, errors: enErrors },
  es: { translation: es, messages: esMessages, errors: esErrors },
  fr: { translation: fr, messages: frMessages, errors: frErrors },
} as const;

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'translation',
    ns: ['translation', 'messages', 'errors'],
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      caches: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    },
    returnNull: false,
  });

function syncHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language.split('-')[0] ?? 'en';
}
syncHtmlLang(i18n.resolvedLanguage ?? i18n.language ?? 'en');
i18n.on('languageChanged', syncHtmlLang);

/** The interface language actually in use (one of the three). */
export function currentLanguage(): SupportedLanguage {
  const language = (i18n.resolvedLanguage ?? 'en').split('-')[0] as SupportedLanguage;
  return SUPPORTED_LANGUAGES.includes(language) ? language : 'en';
}

/** Translates an English message from the server or a shared schema; unknown ones pass through. */
export function translateMessage(message: string | undefined): string {
  if (!message) return '';
  return i18n.t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}

export { i18n };
