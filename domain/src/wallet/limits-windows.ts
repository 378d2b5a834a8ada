import { dayInTimeZone } from './day.js';

/**
 * The player's day, week (Monday to Sunday) and month of an instant, in their own time zone:
 * the windows the deposit limits count. Keys compare by equality.
 */
export interface WindowKeys {
  readonly day: string;
  readonly week: string;
  readonly month: string;
}

export function windowKeys(instant: Date, timeZone: string | null | undefined): WindowKeys {
  const day = dayInTimeZone(instant, timeZone);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  const monday = new Date(Date.UTC(y, m - 1, d - ((weekday + 6) % 7)));
  return { day, week: monday.toISOString().slice(0, 10), month: day.slice(0, 7) };
}

/** Calendar months added in UTC, the day clamped to the target month (31 Aug + 6 months = 28/29 Feb). */
export function addMonths(instant: Date, months: number): Date {
  const target = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(instant.getUTCDate(), lastDay), instant.getUTCHours(), instant.getUTCMinutes(), instant.getUTCSeconds(), instant.getUTCMilliseconds()),
  );
}
