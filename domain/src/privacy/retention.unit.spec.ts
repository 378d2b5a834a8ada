// Proves the retention rule against an independent restatement: a bet is due only once it has ended, its retention period has passed since, and no appeal is open or still possible; never while it is pending, accepted or disputed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, retentionDue } from './retention.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const statuses = ['pending', 'accepted', 'disputed', 'completed', 'cancelled', 'expired', 'voided'] as const;

describe('retentionDue', () => {
  it('agrees with the rule as the docs state it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.integer({ min: 0, max: 400 * DAY_MS }),
        fc.integer({ min: 1, max: 365 }),
        fc.constantFrom(null, 'open', 'upheld', 'overturned'),
        fc.option(fc.integer({ min: -10 * DAY_MS, max: 400 * DAY_MS }), { nil: null }),
        (status, elapsedMs, days, appealStatus, deadlineOffset) => {
          const now = new Date(T0 + elapsedMs);
          const facts = { status, endedAt: new Date(T0), appealStatus, appealDeadlineAt: deadlineOffset === null ? null : new Date(T0 + deadlineOffset) };
          const ended = ['completed', 'cancelled', 'expired', 'voided'].includes(status);
          const appealPossible = appealStatus === 'open' || (appealStatus === null && deadlineOffset !== null && T0 + deadlineOffset > now.getTime());
          expect(retentionDue(facts, now, days * DAY_MS)).toBe(ended && !appealPossible && elapsedMs >= days * DAY_MS);
        },
      ),
    );
  });
});
