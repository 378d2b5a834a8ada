import type { Translation } from './en';

export const es: Translation = {} as Translation;
