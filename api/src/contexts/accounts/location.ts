import { isIP } from 'node:net';
import { findCountry, type DetectedLocation, type LocationSource } from '@wager/domain/accounts/index';

type GeoIpLookup = (ip: string) => { country: string; city: string } | null;
let geoip: Promise<GeoIpLookup> | undefined;

/** geoip-lite loads its bundled database into memory on import: load it on first use only. */
function loadGeoIp(): Promise<GeoIpLookup> {
  geoip ??= import('geoip-lite').then((m) => {
    const lib = (m.default ?? m) as { lookup: (ip: string) => { country: string; city: string } | null };
    return (ip: string) => lib.lookup(ip);
  });
  return geoip;
}

/** Loopback, private and link-local addresses have no location; the Accept-Language region stands in. */
export function isPublicAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return !(a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127));
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase();
    return !(lower === '::1' || lower === '::' || lower.startsWith('fe80:') || lower.startsWith('fc') || lower.startsWith('fd'));
  }
  return false;
}

/** `en-GB,en;q=0.9` → `GB`: the region of the most preferred tag that has one. */
export function regionFromAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null;
  const tags = header
    .slice(0, 512)
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
      return { tag: tag ?? '', q: q ? Number(q[1]) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const region = tag.split('-').slice(1).find((s) => /^[A-Za-z]{2}$/.test(s));
    if (region) return region.toUpperCase();
  }
  return null;
}

export interface Detection {
  readonly location: DetectedLocation;
  readonly source: LocationSource;
}

/** Country from the IP (bundled geo-IP database), else the Accept-Language region, else US. */
export async function detectLocation(ip: string | null, acceptLanguage: string | undefined): Promise<Detection> {
  if (ip && isPublicAddress(ip)) {
    const found = (await loadGeoIp())(ip);
    if (found?.country) return { location: { country: found.country, city: found.city ?? '', currency: findCountry(found.country)?.currency ?? 'USD' }, source: 'geoip' };
  }
  const region = regionFromAcceptLanguage(acceptLanguage);
  if (region) return { location: { country: region, city: '', currency: findCountry(region)?.currency ?? 'USD' }, source: 'accept-language' };
  return { location: { country: 'US', city: '', currency: 'USD' }, source: 'default' };
}
