/**
 * The registration time-zone picker (spec section 3): about 40 IANA zones in five groups, each
 * with a label and its standard UTC offset; UTC is labelled GMT (London).
 */
export type TimezoneGroup = 'northAmerica' | 'europe' | 'asiaPacific' | 'africaMiddleEast' | 'southAmerica';

export interface TimezoneEntry {
  value: string;
  label: string;
  offset: string;
  group: TimezoneGroup;
}

const rows: [TimezoneGroup, string, string, string][] = [
  ['northAmerica', 'America/New_York', 'Eastern Time (New York)', 'UTC-5'],
  ['northAmerica', 'America/Chicago', 'Central Time (Chicago)', 'UTC-6'],
  ['northAmerica', 'America/Denver', 'Mountain Time (Denver)', 'UTC-7'],
  ['northAmerica', 'America/Phoenix', 'Arizona (Phoenix)', 'UTC-7'],
  ['northAmerica', 'America/Los_Angeles', 'Pacific Time (Los Angeles)', 'UTC-8'],
  ['northAmerica', 'America/Anchorage', 'Alaska (Anchorage)', 'UTC-9'],
  ['northAmerica', 'Pacific/Honolulu', 'Hawaii (Honolulu)', 'UTC-10'],
  ['northAmerica', 'America/Toronto', 'Eastern Time (Toronto)', 'UTC-5'],
  ['northAmerica', 'America/Vancouver', 'Pacific Time (Vancouver)', 'UTC-8'],
  ['northAmerica', 'America/Mexico_City', 'Mexico City', 'UTC-6'],
  ['europe', 'UTC', 'GMT (London)', 'UTC+0'],
  ['europe', 'Europe/London', 'London', 'UTC+0'],
  ['europe', 'Europe/Dublin', 'Dublin', 'UTC+0'],
  ['europe', 'Europe/Lisbon', 'Lisbon', 'UTC+0'],
  ['europe', 'Europe/Paris', 'Paris', 'UTC+1'],
  ['europe', 'Europe/Berlin', 'Berlin', 'UTC+1'],
  ['europe', 'Europe/Madrid', 'Madrid', 'UTC+1'],
  ['europe', 'Europe/Rome', 'Rome', 'UTC+1'],
  ['europe', 'Europe/Amsterdam', 'Amsterdam', 'UTC+1'],
  ['europe', 'Europe/Stockholm', 'Stockholm', 'UTC+1'],
  ['europe', 'Europe/Warsaw', 'Warsaw', 'UTC+1'],
  ['europe', 'Europe/Athens', 'Athens', 'UTC+2'],
  ['europe', 'Europe/Kyiv', 'Kyiv', 'UTC+2'],
  ['europe', 'Europe/Istanbul', 'Istanbul', 'UTC+3'],
  ['europe', 'Europe/Moscow', 'Moscow', 'UTC+3'],
  ['asiaPacific', 'Asia/Dubai', 'Dubai', 'UTC+4'],
  ['asiaPacific', 'Asia/Kolkata', 'India (Kolkata)', 'UTC+5:30'],
  ['asiaPacific', 'Asia/Bangkok', 'Bangkok', 'UTC+7'],
  ['asiaPacific', 'Asia/Singapore', 'Singapore', 'UTC+8'],
  ['asiaPacific', 'Asia/Hong_Kong', 'Hong Kong', 'UTC+8'],
  ['asiaPacific', 'Asia/Shanghai', 'Shanghai', 'UTC+8'],
  ['asiaPacific', 'Asia/Tokyo', 'Tokyo', 'UTC+9'],
  ['asiaPacific', 'Asia/Seoul', 'Seoul', 'UTC+9'],
  ['asiaPacific', 'Australia/Sydney', 'Sydney', 'UTC+10'],
  ['asiaPacific', 'Pacific/Auckland', 'Auckland', 'UTC+12'],
  ['africaMiddleEast', 'Africa/Lagos', 'Lagos', 'UTC+1'],
  ['africaMiddleEast', 'Africa/Cairo', 'Cairo', 'UTC+2'],
  ['africaMiddleEast', 'Africa/Johannesburg', 'Johannesburg', 'UTC+2'],
  ['africaMiddleEast', 'Africa/Nairobi', 'Nairobi', 'UTC+3'],
  ['africaMiddleEast', 'Asia/Jerusalem', 'Jerusalem', 'UTC+2'],
  ['africaMiddleEast', 'Asia/Riyadh', 'Riyadh', 'UTC+3'],
  ['southAmerica', 'America/Sao_Paulo', 'São Paulo', 'UTC-3'],
  ['southAmerica', 'America/Argentina/Buenos_Aires', 'Buenos Aires', 'UTC-3'],
  ['southAmerica', 'America/Santiago', 'Santiago', 'UTC-4'],
  ['southAmerica', 'America/Bogota', 'Bogotá', 'UTC-5'],
  ['southAmerica', 'America/Lima', 'Lima', 'UTC-5'],
];

export const TIMEZONES: TimezoneEntry[] = rows.map(([group, value, label, offset]) => ({ group, value, label, offset }));
export const TIMEZONE_GROUPS: TimezoneGroup[] = ['northAmerica', 'europe', 'asiaPacific', 'africaMiddleEast', 'southAmerica'];

/** The browser's zone, or UTC when it cannot be read (spec section 3 default). */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The current time in a zone, "14:05"; the zone's own name if the runtime does not know it. */
export function localTimeIn(timezone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', timeZone: timezone }).format(now);
  } catch {
    return timezone;
  }
}
