/**
 * Complete answers of the API, as its contract (`../contracts`) describes them: the one set of
 * samples for the web app's component specs and the API's contract specs. Each spec overrides only
 * the fields its case is about, and a field the contract adds fails typecheck here once instead
 * of in every spec. Each sample parses under its schema (api/src/plugins/contracts.unit.spec.ts).
 * Test code only: `testing/` folders are outside the layering check and no production module
 * imports them.
 */
import type { SessionUser } from '../contracts/accounts.js';
import type { BetView, UserSummary } from '../contracts/bets.js';
import type { Transaction } from '../contracts/wallet.js';

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
    disputeReasonCode: null,
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

/** A signed-in user as GET /api/user answers (no bell counts unless given): unverified, no phone, naira display. */
export function aUser(overrides: Partial<SessionUser> & Pick<SessionUser, 'id' | 'username'>): SessionUser {
  return {
    email: `${overrides.username}@example.com`,
    phoneNumber: null,
    psnUsername: null,
    activisionId: null,
    country: null,
    timezone: null,
    dateOfBirth: null,
    balance: '0.00',
    cryptoBalance: '0.00',
    dailySpent: '0.00',
    dailyLimit: '50000.00',
    preferredCurrency: 'NGN',
    preferredLanguage: 'en',
    isAdmin: false,
    isModerator: false,
    isEmailVerified: false,
    isPhoneVerified: false,
    isPsnVerified: false,
    isAgeVerified: false,
    locationDetectedAt: null,
    currencySetByUser: false,
    ipAddress: null,
    fplTeamId: null,
    rating: 1000,
    wins: 0,
    losses: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    selfExcludedUntil: null,
    coolOffUntil: null,
    freezeReason: null,
    ...overrides,
  };
}

/** A line of GET /api/transactions. */
export function aTransaction(overrides: Partial<Transaction> & Pick<Transaction, 'id' | 'type' | 'amount' | 'createdAt'>): Transaction {
  return { status: 'completed', currency: 'NGN', betId: null, poolId: null, reference: null, description: 'Card deposit (Paystack)', descriptionCode: 'card_deposit', descriptionParams: {}, ...overrides };
}
