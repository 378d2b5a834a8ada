/**
 * How long a dispute has been open, in the reader's language: "2 d 3 h", "5 h 12 min", "4 min"
 * (units from Intl.NumberFormat, so "2 j 3 h" in French). Whole minutes, never negative.
 */
export function disputeAge(fromIso: string | null | undefined, now: Date, language: string): string {
  if (!fromIso) return '—';
  const from = Date.parse(fromIso);
  if (Number.isNaN(from)) return '—';
  const minutes = Math.max(0, Math.floor((now.getTime() - from) / 60_000));
  const unit = (value: number, name: 'day' | 'hour' | 'minute') => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  const [days, hours, mins] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')}`;
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(mins, 'minute')}`;
  return unit(mins, 'minute');
}
