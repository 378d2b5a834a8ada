import { i18n } from './i18n';

/**
 * The one way the app shows a moment: the interface language's medium date and short time
 * ("26 Nov 2026, 14:05" in en-GB terms, "26 nov 2026, 14:05" in es, "26 nov. 2026, 14:05" in fr),
 * in the browser's time zone. Every list, card and message uses it, so a screen never shows the
 * same kind of moment in two formats.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
