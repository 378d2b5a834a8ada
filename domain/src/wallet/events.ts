import type { PayoutReviewReason } from './payout-policy.js';
import type { Posting } from '../ledger/postings.js';
import { SAFER_PLAY_EVENT_TYPES, type SaferPlayEvent } from './limits-events.js';
import { BANK_WITHDRAWAL_EVENT_TYPES, type BankWithdrawalEvent } from './bank-withdrawal.js';
import { BANK_TRANSFER_ATTENTION_EVENT_TYPES, type BankTransferAttentionEvent } from './bank-transfer-attention.js';

/**
 * Events of a user's `wallet-<userId>` stream: every posting that touches one of the user's
 * accounts is recorded here (docs/ledger.md). Amounts are 2-decimal strings (crypto
 * amounts 8), times ISO strings.
 */
export type HoldKind = 'bet' | 'pool';
export type KycStatus = 'not_required' | 'pending' | 'approved';

export interface DepositCreditedData {
  readonly userId: string;
  readonly depositId: string;
  readonly provider: 'paystack';
  readonly reference: string;
  readonly amount: string;
  readonly currency: string;
  readonly postings: Posting[];
  readonly creditedAt: string;
}
export interface CryptoDepositCreditedData {
  readonly userId: string;
  readonly depositId: string;
  readonly cryptocurrency: string;
  readonly network: string;
  readonly cryptoAmount: string;
  readonly rate: string;
  readonly usdAmount: string;
  readonly postings: Posting[];
  readonly creditedAt: string;
}
export interface WithdrawalRequestedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly cryptocurrency: string;
  readonly network: string;
  readonly cryptoAmount: string;
  readonly withdrawalAddress: string;
  readonly rate: string;
  readonly usdAmount: string;
  /** Email or phone unverified (`unverified` is among the review reasons). */
  readonly requiresKyc: boolean;
  /** `pending` while it waits for an admin: any review reason (absent in older events: KYC was the only one). */
  readonly kycStatus: KycStatus;
  readonly reviewReasons?: readonly PayoutReviewReason[];
  readonly postings: Posting[];
  readonly requestedAt: string;
}
export interface WithdrawalKycClearedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly clearedBy: string;
  readonly clearedAt: string;
}
export interface WithdrawalSubmittedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly providerReference: string;
  readonly submittedAt: string;
}
export interface WithdrawalCompletedData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly txHash: string;
  readonly completedAt: string;
}
export interface WithdrawalCancelledData {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reason: string;
  readonly usdAmount: string;
  readonly postings: Posting[];
  readonly cancelledAt: string;
}
export interface StakeLockedData {
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly stake: string;
  readonly fee: string;
  /** stake + fee: what leaves the available balance. */
  readonly total: string;
  readonly currency: string;
  /** The user's calendar day (in their time zone) this stake counts towards. */
  readonly spentDay: string;
  readonly postings: Posting[];
  readonly lockedAt: string;
}
export interface StakeReleasedData {
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly amount: string;
  readonly currency: string;
  /** The day the released stake had counted towards (its spending is given back on that day). */
  readonly spentDay: string;
  readonly reason: string;
  readonly postings: Posting[];
  readonly releasedAt: string;
}
export interface PayoutCreditedData {
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly payoutId: string;
  readonly amount: string;
  readonly currency: string;
  readonly postings: Posting[];
  readonly creditedAt: string;
}

/**
 * An appeal's clawback: `amount` into the bet's escrow, `fromAvailable` of it from the available
 * balance (never below zero) and the rest, `toReceivable`, recorded as owed on
 * `user:<id>:receivable:<CUR>`.
 */
export interface AppealDebitedData {
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly amount: string;
  readonly fromAvailable: string;
  readonly toReceivable: string;
  readonly currency: string;
  readonly reversesEventId: string;
  readonly postings: Posting[];
  readonly debitedAt: string;
}
/** An appeal's payment to a player from the bet's escrow. */
export interface AppealCreditedData {
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly amount: string;
  readonly currency: string;
  readonly reversesEventId: string;
  readonly postings: Posting[];
  readonly creditedAt: string;
}

/**
 * What a user owed from an appeal's clawback (`user:<id>:receivable:<CUR>`), taken back from the
 * next money the user receives, in the same decision and so the same append as that credit
 * (docs/ledger.md, "Appeals", "Collecting it"): the available balance pays the receivable back,
 * up to the credit and up to what is owed. `source` says which credit it was taken from; events
 * recorded before winnings were collected have none and were all taken from a deposit.
 */
export type ReceivableCollectedData = ReceivableCollectedCommon & (ReceivableFromDeposit | ReceivableFromPayout | ReceivableFromAppealCredit);
interface ReceivableCollectedCommon {
  readonly userId: string;
  readonly currency: string;
  readonly amount: string;
  /** What is still owed after it. */
  readonly stillOwed: string;
  readonly postings: Posting[];
  readonly collectedAt: string;
}
/** From a Paystack deposit (`DepositCredited`). */
interface ReceivableFromDeposit {
  readonly source?: 'deposit';
  /** The deposit it was taken from. */
  readonly depositId: string;
}
/** From winnings: a bet's or a pool's payout (`PayoutCredited`), named by its hold and payout id. */
interface ReceivableFromPayout {
  readonly source: 'payout';
  readonly holdKind: HoldKind;
  readonly holdId: string;
  readonly payoutId: string;
}
/** From an overturned appeal's payment to the user (`AppealCredited`) on another bet. */
interface ReceivableFromAppealCredit {
  readonly source: 'appeal_credit';
  readonly holdKind: HoldKind;
  readonly holdId: string;
}

export type WalletEvent =
  | { type: 'AppealDebited'; data: AppealDebitedData }
  | { type: 'ReceivableCollected'; data: ReceivableCollectedData }
  | { type: 'AppealCredited'; data: AppealCreditedData }
  | { type: 'DepositCredited'; data: DepositCreditedData }
  | { type: 'CryptoDepositCredited'; data: CryptoDepositCreditedData }
  | { type: 'WithdrawalRequested'; data: WithdrawalRequestedData }
  | { type: 'WithdrawalKycCleared'; data: WithdrawalKycClearedData }
  | { type: 'WithdrawalSubmitted'; data: WithdrawalSubmittedData }
  | { type: 'WithdrawalCompleted'; data: WithdrawalCompletedData }
  | { type: 'WithdrawalCancelled'; data: WithdrawalCancelledData }
  | { type: 'StakeLocked'; data: StakeLockedData }
  | { type: 'StakeReleased'; data: StakeReleasedData }
  | { type: 'PayoutCredited'; data: PayoutCreditedData }
  | SaferPlayEvent
  | BankWithdrawalEvent
  | BankTransferAttentionEvent;

export type WalletEventType = WalletEvent['type'];

export const WALLET_EVENT_TYPES: readonly WalletEventType[] = [
  'DepositCredited',
  'CryptoDepositCredited',
  'WithdrawalRequested',
  'WithdrawalKycCleared',
  'WithdrawalSubmitted',
  'WithdrawalCompleted',
  'WithdrawalCancelled',
  'StakeLocked',
  'StakeReleased',
  'PayoutCredited',
  'AppealDebited',
  'AppealCredited',
  'ReceivableCollected',
  ...SAFER_PLAY_EVENT_TYPES,
  ...BANK_WITHDRAWAL_EVENT_TYPES,
  ...BANK_TRANSFER_ATTENTION_EVENT_TYPES,
];

export const WALLET_STREAM_TYPE = 'wallet';
export function walletStreamId(userId: string): string {
  return `${WALLET_STREAM_TYPE}-${userId}`;
}
