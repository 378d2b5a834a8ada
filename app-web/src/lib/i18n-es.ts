import { es } from '../locales/es';

/** The es interface texts: their own chunk, loaded by `lib/i18n.ts` when the language is chosen. */
export const translation = es;
