/**
 * Test support: fast-check arbitraries for hostile input. Strings full of Unicode edge cases (lone
 * surrogates, NUL, control characters, right-to-left and zero-width marks, astral and combining
 * characters, up to 1 MB), bodies in every content type the fuzz sends, header values as an HTTP
 * parser would let them through, and path and query values with their encodings.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';

function fuzzScale(): number {
  const scale = Number(process.env.FUZZ_SCALE ?? '1');
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** A size multiplier: 1 in CI, more from `npm run fuzz` (FUZZ_SCALE). */
export function fuzzRuns(ciRuns: number): number {
  return Math.max(1, Math.round(ciRuns * fuzzScale()));
}

/** A property's time limit, grown with its size (the CI limit at scale 1). */
export function fuzzTimeoutMs(ciMs = 60_000): number {
  return Math.round(ciMs * Math.max(1, fuzzScale()));
}

/** Single characters and short sequences that break naive text handling. */
export const EDGE_TEXTS = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\udc00\ud800', // a pair the wrong way round
  '\u0000', // NUL: PostgreSQL text refuses it
  '\u0007',
  '\u001b[31m',
  '\r\n',
  '\u2028\u2029',
  '\u200f', // right-to-left mark
  '\u202e', // right-to-left override
  '\u200b\u200d\ufeff', // zero-width space, joiner, BOM
  '\u{1F3C6}', // astral (a surrogate pair)
  '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}', // a ZWJ sequence
  'e\u0301\u0301\u0301', // combining marks
  '\uff21\uff44\uff4d\uff49\uff4e', // full-width "Admin"
  '\ufffd',
  '\uffff',
  '%00',
  '%ED%A0%80',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${jndi:x}',
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  'NaN',
  '',
  ' ',
] as const;

/** Strings of any UTF-16 code units (lone surrogates and NUL included). */
const anyUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 });

/** A hostile string: edge cases alone or mixed into ordinary text, arbitrary code units, or long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
  { weight: 3, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...EDGE_TEXTS), fc.string({ maxLength: 12 })).map((parts) => parts.join('')) },
  { weight: 3, arbitrary: anyUnits },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(300, 5000, 70_000).chain((n) => fc.constantFrom('x', '\u{1F3C6}', '\u200f').map((c) => c.repeat(n))) },
);

/** Text PostgreSQL cannot store as it is: ordinary text around a lone surrogate or a NUL. */
export const unstorableString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\u0000', '\udc00\ud800'), fc.string({ maxLength: 12 }))
  .map((parts) => parts.join(''));

/** A value for a body field: hostile strings, numbers at the edges, other JSON. */
export function fieldValue(candidates: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 3, arbitrary: candidates.length > 0 ? fc.constantFrom(...candidates) : fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER, true, false, null, [], {}, '100', '100.001', '-5', '1e3') },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** An object shaped like a route's body: some of its own field names, a hostile key now and then. */
export function shapedObject(fieldNames: readonly string[], candidates: readonly unknown[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fieldNames.length > 0 ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fieldNames) }, { weight: 1, arbitrary: hostileString }) : hostileString;
  return fc.dictionary(key, fieldValue(candidates), { maxKeys: Math.max(4, fieldNames.length + 2) });
}

export const BOUNDARY = 'wagerfuzz';
const multipartPart = fc.oneof(
  fc.tuple(hostileString, hostileString).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  fc.constantFrom('won', 'lost').map((r) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="result"\r\n\r\n${r}\r\n`),
  fc.tuple(hostileString, fc.constantFrom('image/png', 'video/mp4', 'text/plain', 'image/\u0000')).map(
    ([filename, type]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="evidence"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\nPNG\r\n`,
  ),
  fc.constant(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename*=UTF-8''%ED%A0%80.png\r\nContent-Type: image/png\r\n\r\nPNG\r\n`),
  fc.constant(`--${BOUNDARY}\r\nBroken header\r\n\r\n`),
  fc.constant(`--${BOUNDARY}--\r\n`),
  fc.string({ maxLength: 30 }),
);

export type ContentKind = 'none' | 'json' | 'text' | 'multipart' | 'multipart-no-boundary' | 'form' | 'octet-stream' | 'odd';

export const CONTENT_TYPES: Record<ContentKind, fc.Arbitrary<string | undefined>> = {
  none: fc.constant(undefined),
  json: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/vnd.api+json'),
  text: fc.constantFrom('text/plain', 'text/html'),
  multipart: fc.constantFrom(`multipart/form-data; boundary=${BOUNDARY}`, `multipart/form-data; boundary="${BOUNDARY}"`),
  'multipart-no-boundary': fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="', 'multipart/mixed'),
  form: fc.constant('application/x-www-form-urlencoded'),
  'octet-stream': fc.constant('application/octet-stream'),
  odd: fc.constantFrom('', ';', 'application/', '*/*', 'application/json; boundary=x; charset=utf-16', 'x'.repeat(2000), 'text/plain; charset=\u00ff'),
};

/** A request body in one content kind (JSON bodies shaped like the route's own when it has one). */
export function bodyFor(kind: ContentKind, shaped: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string | Buffer | undefined> {
  const junk = fc.oneof(fc.string({ maxLength: 200 }), fc.nat({ max: 3000 }).map((n) => 'x'.repeat(n)), fc.constant(''));
  const json = fc.oneof(
    { weight: 5, arbitrary: shaped.map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":}', '[1,2', '"\\ud800"', '{"a":"\\u0000"}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', 'null', '1', '""', '[]') },
    { weight: 1, arbitrary: fc.constant(null).map(() => '['.repeat(40) + ']'.repeat(40)) },
    // About 1 MB: just under and just over the body limit.
    { weight: 1, arbitrary: fc.constantFrom(1024 * 1024 - 16, 1024 * 1024 + 16).map((n) => JSON.stringify({ content: 'x'.repeat(n) })) },
  );
  switch (kind) {
    case 'json':
      return json;
    case 'multipart':
    case 'multipart-no-boundary':
      return fc.oneof(fc.array(multipartPart, { maxLength: 5 }).map((parts) => parts.join('')), junk);
    case 'form':
      return fc.oneof(fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })).map((o) => new URLSearchParams(o).toString()), fc.constantFrom('a=%ff', 'a=%', '=&=&'), junk);
    case 'octet-stream':
      return fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes));
    case 'none':
      return fc.oneof(fc.constant(undefined), junk);
    default:
      return fc.oneof(json, junk);
  }
}

/** Header values as Node's HTTP parser lets them through: visible ASCII, spaces, tabs and Latin-1 bytes. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'\t Aa0;=,"\u00e9\u00ff\u00a0'.split('')), maxLength: 30 }),
  fc.nat({ max: 8000 }).map((n) => `Mozilla/5.0 ${'A'.repeat(n)}`),
);

/** Extra request headers: a long or odd User-Agent and Accept-Language, junk authorization for a visitor. */
export function extraHeaders(visitor: boolean): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'user-agent': headerValue,
      'accept-language': fc.oneof(headerValue, fc.constantFrom('es', 'fr-FR,fr;q=0.9', '*', 'xx;q=abc')),
      'x-forwarded-for': fc.oneof(headerValue, fc.constantFrom('1.2.3.4', '::1', '300.1.1.1, 2.2.2.2')),
      ...(visitor ? { authorization: fc.oneof(headerValue, fc.constantFrom('Bearer ', 'Bearer x', `Bearer ${'a'.repeat(500)}`, 'Basic YTpi')) } : {}),
    },
    { requiredKeys: [] },
  );
}

/**
 * Percent-encodes any string into a path segment or query value, lone surrogates included
 * (`encodeURIComponent` throws on them): they go out as the UTF-8 bytes a naive encoder would write
 * (%ED%A0%80), which do not decode.
 */
export function encodeAny(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** A path parameter: mostly an id the world knows (so deep paths are reached), else hostile or raw. */
export function pathValue(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: known.length > 0 ? fc.constantFrom(...known).map(encodeAny) : fc.constant(randomUUID()) },
    { weight: 1, arbitrary: fc.uuid().map(encodeAny) },
    { weight: 3, arbitrary: hostileString.map(encodeAny) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '.', '%2F', 'a%2Fb', '%C0%AE') },
  );
}
