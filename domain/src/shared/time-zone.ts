/**
 * The profile's time zone is free text: a mail or a notification that shows a time in it falls
 * back to UTC for a zone the runtime does not know, rather than failing to render.
 */
export function timeZoneOrUtc(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
