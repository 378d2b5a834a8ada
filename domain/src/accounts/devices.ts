/**
 * A device, for an account, is the user agent a session signed in with (the payout rules and the
 * new-device notice share this notion; the sessions table holds it). What the owner is shown of
 * it is a short label: browser and system, never the raw header and never the IP address.
 */
export const UNKNOWN_DEVICE = 'unknown';

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bPlayStation\b/, 'PlayStation'],
  [/\bXbox\b/, 'Xbox'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bPlayStation\b/, 'PlayStation'],
  [/\bXbox\b/, 'Xbox'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(userAgent: string, table: readonly (readonly [RegExp, string])[]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

/** `Chrome · Windows`, `Safari · iPhone`, `Firefox`, or `unknown` (no user agent, or nothing recognised). */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = first(userAgent, BROWSERS);
  const system = first(userAgent, SYSTEMS);
  const parts = [...new Set([browser, system].filter((p): p is string => p !== null))];
  return parts.length === 0 ? UNKNOWN_DEVICE : parts.join(' · ');
}
