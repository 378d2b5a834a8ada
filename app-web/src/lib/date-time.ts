import { i18n } from './i18n';

/**
 * The one way the app shows a moment: the interface language's medium date and short time
 * ("26 Nov 2026, 14:05" in en-GB terms, "26 nov 2026, 14:05" in es, "26 nov. 2026, 14:05" in fr),
 * in the signed-in player's profile time zone (the `timezone` of `/api/user`, the zone their
 * emails and SMS use too), else the browser's. Every list, card and message uses it, so a screen
 * never shows the same kind of moment in two formats or two zones.
 */
let profileTimeZone: string | undefined;

/** A zone Intl knows, or undefined (an unknown name would make every format throw). */
function knownZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** Sets the zone moments are shown in: the signed-in player's profile zone, or none (the browser's) when signed out. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  profileTimeZone = knownZone(zone);
}

/** The zone moments are shown in (undefined: the browser's). */
export function displayTimeZone(): string | undefined {
  return profileTimeZone;
}

function format(value: string | null | undefined, options: Intl.DateTimeFormatOptions): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { ...options, timeZone: profileTimeZone }).format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  return format(value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The date alone, in the same style and zone ("26 Nov 2026"). */
export function formatDate(value: string | null | undefined): string {
  return format(value, { dateStyle: 'medium' });
}

/** The time of day alone, in the same zone ("14:05"): chat messages, a live panel's last update. */
export function formatTime(value: string | null | undefined): string {
  return format(value, { timeStyle: 'short' });
}
