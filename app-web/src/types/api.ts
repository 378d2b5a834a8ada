/**
 * The shapes the API answers with (spec section 3 of both documents). Amounts are decimal
 * strings: the client shows them and never does arithmetic on them beyond display conversion.
 */
export interface User {
  id: string;
  /** GET /api/user only: the bell's counts (notifications shown by now). */
  notifications?: { unread: number; total: number };
  username: string;
  email: string;
  phoneNumber?: string | null;
  psnUsername?: string | null;
  activisionId?: string | null;
  country?: string | null;
  timezone?: string | null;
  balance: string;
  cryptoBalance: string;
  preferredCurrency?: string | null;
  isAdmin?: boolean;
  /** Granted by an admin: may join any chat as its moderator. */
  isModerator?: boolean;
  isEmailVerified?: boolean;
  isPhoneVerified?: boolean;
  isPsnVerified?: boolean;
  isAgeVerified?: boolean;
  dailyLimit?: string | null;
  dailySpent?: string | null;
  rating?: number | null;
  wins?: number | null;
  losses?: number | null;
  locationDetectedAt?: string | null;
  currencySetByUser?: boolean | null;
  createdAt?: string;
  fplTeamId?: string | null;
  /** Safer play: the end of a self-exclusion or cool-off in force (ISO), else null. */
  selfExcludedUntil?: string | null;
  coolOffUntil?: string | null;
  /** A freeze in force (issue #29): the player can sign in and read, but moves no money. */
  freezeReason?: string | null;
}

export interface AuthResponse {
  token?: string;
  user: User;
  requiresVerification?: boolean;
}

export interface UserSummary {
  id: string;
  username: string;
  psnUsername?: string | null;
  activisionId?: string | null;
  isPsnVerified?: boolean;
  rating?: number | null;
  wins?: number | null;
  losses?: number | null;
}

export type GameType = 'fc25' | 'cod';
export type BetStatus = 'pending' | 'accepted' | 'in_progress' | 'completed' | 'disputed' | 'cancelled' | 'expired' | 'voided';

export interface Bet {
  id: string;
  gameType: GameType;
  amount: string;
  feeAmount?: string;
  currency?: string;
  status: BetStatus | string;
  challengerId: string;
  opponentId?: string | null;
  challenger?: UserSummary | null;
  opponent?: UserSummary | null;
  actualWinner?: string | null;
  challengerResult?: string | null;
  opponentResult?: string | null;
  disputeReason?: string | null;
  createdAt: string;
  updatedAt?: string;
  expiresAt?: string | null;
  acceptedAt?: string | null;
  settledAt?: string | null;
  inviteLinkId?: string | null;
  visibility?: 'private' | 'public';
  platformUsername?: string | null;
  customRulesEnabled?: boolean;
  goalHandicap?: number | null;
  matchDuration?: number | null;
  bannedTeams?: string[] | null;
  allowedGameModes?: string[] | null;
  additionalTerms?: string | null;
  gameMode?: string | null;
  timeLimit?: number | null;
  roundLimit?: number | null;
  killHandicap?: number | null;
  bannedWeapons?: string[] | null;
  allowKillstreaks?: boolean | null;
  voidReason?: string | null;
  settledBy?: string | null;
  /** Until when the admin's resolution may be appealed (null: no admin resolution). */
  appealDeadlineAt?: string | null;
  appeal?: BetAppeal | null;
}

/** A bet's appeal (issue 23); `notes` and `resolvedBy` reach admins only. */
export interface BetAppeal {
  status: 'open' | 'upheld' | 'overturned';
  appellantId: string;
  reason: string;
  filedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  notes?: string | null;
  resolvedBy?: string | null;
}

export interface Transaction {
  id: string;
  type: string;
  status: string;
  amount: string;
  currency?: string;
  betId?: string | null;
  createdAt: string;
  description?: string | null;
}

export interface PublicChallenge {
  id: string;
  gameType: GameType;
  amount: string;
  currency?: string;
  challengerUsername: string;
  challengerPsnUsername?: string | null;
  expiresAt: string;
  createdAt: string;
  goalHandicap?: number | null;
  matchDuration?: number | null;
  bannedTeams?: string[] | null;
  allowedGameModes?: string[] | null;
  customRulesEnabled?: boolean;
  /** The fee and the total (stake + fee) the server charges a player who joins. */
  feeAmount?: string;
  totalCost?: string;
  additionalTerms?: string | null;
  gameMode?: string | null;
  timeLimit?: number | null;
  roundLimit?: number | null;
  killHandicap?: number | null;
  bannedWeapons?: string[] | null;
}

export interface CryptoCurrencyOption {
  code: string;
  name: string;
  networks: string[];
  minAmount: string | number;
  maxAmount: string | number;
}

export interface CryptoDeposit {
  id: string;
  status: 'pending' | 'confirming' | 'confirmed' | 'failed' | 'expired' | string;
  address: string;
  amount: string;
  currency: string;
  network?: string;
  usdAmount: string;
  confirmations: number;
  createdAt: string;
}

export interface CryptoWithdrawal {
  id: string;
  amount: string;
  currency: string;
  usdAmount: string;
  status: string;
  kycStatus?: string | null;
  createdAt: string;
  requiresKyc?: boolean;
}

export interface PaystackDeposit {
  id: string;
  reference: string;
  amount: string;
  status: 'pending' | 'success' | 'failed' | 'abandoned' | string;
  channel?: string | null;
  created_at: string;
  gateway_response?: string | null;
}

export interface DetectedLocation {
  country: string;
  city?: string | null;
  currency: string;
}
