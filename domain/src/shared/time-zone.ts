/**
 * The profile's time zone is free text: a mail or a notification that shows a time in it falls
 * back to UTC for a zone the runtime does not know, rather than failing to render.
 */
export function timeZoneOrUtc(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  let known = checked.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = timeZone;
    } catch {
      known = 'UTC';
    }
    remember(checked, timeZone, known);
  }
  return known;
}

/** Zones already checked: building a formatter to check one costs more than a notification's whole rendering. */
const checked = new Map<string, string>();

/** Keeps a memo bounded (free text can name any number of zones): past its bound it starts again. */
export function remember<V>(memo: Map<string, V>, key: string, value: V, max = 1_000): V {
  if (memo.size >= max) memo.clear();
  memo.set(key, value);
  return value;
}
