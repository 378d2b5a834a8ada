import type { Translation } from './en';

export const fr: Translation = {} as Translation;
