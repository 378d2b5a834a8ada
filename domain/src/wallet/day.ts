/**
 * The calendar day (`YYYY-MM-DD`) of an instant in a user's time zone. The profile's time zone
 * is free text, so an unknown zone counts days in UTC rather than refusing the user.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      formatter = formatterFor(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function dayInTimeZone(instant: Date, timeZone: string | null | undefined): string {
  const parts = formatterFor(timeZone || DEFAULT_TIME_ZONE).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
