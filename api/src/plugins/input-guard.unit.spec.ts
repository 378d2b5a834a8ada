// Proves the input guard's text check: a string is storable exactly when it survives a UTF-8 round trip (no lone surrogate) and holds no NUL, and the guard finds such a string in any key or value at any depth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertStorableInput, isStorableText } from './input-guard.js';

/** Strings of arbitrary UTF-16 code units: lone surrogates, NUL and pairs all occur. */
const anyUtf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 });

describe('isStorableText', () => {
  it('is true exactly for NUL-free text that UTF-8 round-trips unchanged', () => {
    fc.assert(
      fc.property(anyUtf16, (text) => {
        expect(isStorableText(text)).toBe(!text.includes('\u0000') && Buffer.from(text, 'utf8').toString('utf8') === text);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts astral characters, right-to-left marks and every other valid code point', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(isStorableText(text.replaceAll('\u0000', ''))).toBe(true);
      }),
    );
    expect(isStorableText('\u{1F3C6}\u200F\u202E')).toBe(true);
  });
});

describe('assertStorableInput', () => {
  it('refuses an unstorable string wherever it sits in a JSON value, as a key or a value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom('\ud800', '\udfff', '\u0000'), fc.boolean(), (value, bad, asKey) => {
        const nested = { outer: [value, asKey ? { [`k${bad}`]: 1 } : `v${bad}`] };
        expect(() => assertStorableInput(nested)).toThrow(expect.objectContaining({ status: 400, code: 'invalid_characters' }));
      }),
    );
  });
});
