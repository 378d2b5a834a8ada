import { fr } from '../locales/fr';

/** The fr interface texts: their own chunk, loaded by `lib/i18n.ts` when the language is chosen. */
export const translation = fr;
