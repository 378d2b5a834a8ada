/**
 * Test support: the payout review inputs of a withdrawal request that no rule but verification
 * can hold (a generous tier, a known device, no recent change, no linked player), for specs
 * whose subject is something else.
 */
import type { PayoutPolicy, PayoutRiskFacts } from '../payout-policy.js';

export const GENEROUS_PAYOUT_POLICY: PayoutPolicy = { dailyMax: '100000000.00', monthlyMax: '100000000.00', withdrawalsPerDayMax: 1000, newAccountWaitMs: 0, credentialsChangeWindowMs: 0, newDeviceWindowMs: 0 };

export function reviewInputs(verified: boolean): { policy: PayoutPolicy; facts: PayoutRiskFacts } {
  return {
    policy: GENEROUS_PAYOUT_POLICY,
    facts: { emailVerified: verified, phoneVerified: verified, credentialsChangedAt: null, deviceFirstSeenAt: null, firstDeviceSeenAt: null, linkedPlayerBetIds: [] },
  };
}
