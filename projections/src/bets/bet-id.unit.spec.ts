// Proves bet projectors recognise only UUID bet ids, so a wallet hold named otherwise is skipped instead of stalling the runner.
import { describe, expect, it } from 'vitest';
import { isBetId } from './bet-id.js';

describe('isBetId', () => {
  it('accepts a UUID and refuses anything else', () => {
    expect(isBetId('690153ed-6ead-4b20-9010-93e8a1838b84')).toBe(true);
    expect(isBetId('bet-16-690153ed-6ead-4b20-9010-93e8a1838b84')).toBe(false);
    expect(isBetId('690153ed6ead4b20901093e8a1838b84')).toBe(false);
    expect(isBetId(undefined)).toBe(false);
    expect(isBetId(42)).toBe(false);
  });
});
