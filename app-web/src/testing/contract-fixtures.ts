/**
 * Complete answers of the API, as its contract describes them, for component specs: each spec
 * overrides only the fields its case is about, and a field the contract adds fails typecheck here
 * once instead of in every spec.
 */
import type { BetView, UserSummary } from '@wager/domain/contracts/bets';

export function aUserSummary(overrides: Partial<UserSummary> & Pick<UserSummary, 'id' | 'username'>): UserSummary {
  return { psnUsername: null, activisionId: null, isPsnVerified: false, rating: 1000, wins: 0, losses: 0, ...overrides };
}

export function aBet(overrides: Partial<BetView> & Pick<BetView, 'id'>): BetView {
  const createdAt = overrides.createdAt ?? '2026-11-20T10:00:00.000Z';
  return {
    gameType: 'fc25',
    amount: '100.00',
    feeAmount: '5.00',
    currency: 'NGN',
    status: 'pending',
    challengerId: overrides.challenger?.id ?? 'u-challenger',
    opponentId: overrides.opponent?.id ?? null,
    challenger: null,
    opponent: null,
    actualWinner: null,
    challengerResult: null,
    opponentResult: null,
    resultEvidence: [],
    disputeReason: null,
    createdAt,
    updatedAt: createdAt,
    expiresAt: new Date(Date.parse(createdAt) + 24 * 3600_000).toISOString(),
    acceptedAt: null,
    settledAt: null,
    visibility: 'private',
    platformUsername: null,
    matchRules: { noAiAssistance: true, standardLength: true, allowReplays: false },
    customRulesEnabled: false,
    settledBy: null,
    voidReason: null,
    appealDeadlineAt: null,
    appeal: null,
    ...overrides,
  };
}
