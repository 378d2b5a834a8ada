import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { enMessages, esMessages, frMessages } from '../locales/messages';
import { enErrors, esErrors, frErrors } from '../locales/errors';
import { enSafer, esSafer, frSafer } from '../locales/safer-play';
import { enPush, esPush, frPush } from '../locales/push';
import { enNotify, esNotify, frNotify } from '../locales/notifications';
import { enOps, esOps, frOps } from '../locales/operations';
import { enPrivacy, esPrivacy, frPrivacy } from '../locales/privacy';
import { enNotice, esNotice, frNotice } from '../locales/chat-notices';
import { enRecord, enRestrictionErrors, esRecord, esRestrictionErrors, frRecord, frRestrictionErrors } from '../locales/user-record';

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

/**
 * English is bundled; the Spanish and French interface texts (the `translation` namespace, the
 * largest: about 10 KB brotli each) are their own chunks, loaded before i18next switches to the
 * language (init, changeLanguage), so a visitor in English does not download them.
 */
export const resources = {
  en: { translation: en, messages: enMessages, errors: { ...enErrors, ...enRestrictionErrors }, safer: enSafer, notify: enNotify, push: enPush, ops: enOps, privacy: enPrivacy, notice: enNotice, record: enRecord },
  es: { messages: esMessages, errors: { ...esErrors, ...esRestrictionErrors }, safer: esSafer, notify: esNotify, push: esPush, ops: esOps, privacy: esPrivacy, notice: esNotice, record: esRecord },
  fr: { messages: frMessages, errors: { ...frErrors, ...frRestrictionErrors }, safer: frSafer, notify: frNotify, push: frPush, ops: frOps, privacy: frPrivacy, notice: frNotice, record: frRecord },
} as const;

const lazyTranslations: Record<string, () => Promise<{ translation: object }>> = {
  es: () => import('./i18n-es'),
  fr: () => import('./i18n-fr'),
};

const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyTranslations[language];
    if (!load || namespace !== 'translation') return callback(null, {});
    load().then(
      (module) => callback(null, module.translation as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

void i18n
  .use(LanguageDetector)
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'translation',
    ns: ['translation', 'messages', 'errors', 'safer', 'notify', 'push', 'ops', 'privacy', 'notice', 'record'],
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
