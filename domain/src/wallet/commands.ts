import type { HoldKind } from './events.js';

/**
 * Commands of the wallet decider. Amounts are decimal strings already parsed by the caller
 * (see `parseAmount`); `now` is passed in, never read from a clock.
 */
export interface CreditDeposit {
  readonly type: 'CreditDeposit';
  readonly userId: string;
  readonly depositId: string;
  readonly provider: 'paystack';
  readonly reference: string;
  readonly amount: string;
  readonly currency: string;
  readonly now: Date;
}
export interface CreditCryptoDeposit {
  readonly type: 'CreditCryptoDeposit';
  readonly userId: string;
  readonly depositId: string;
  readonly cryptocurrency: string;
  readonly network: string;
  readonly cryptoAmount: string;
  readonly rate: string;
  readonly usdAmount: string;
  readonly now: Date;
}
export interface RequestWithdrawal {
  readonly type: 'RequestWithdrawal';
  readonly userId: string;
  readonly withdrawalId: string;
  readonly cryptocurrency: string;
  readonly network: string;
  readonly cryptoAmount: string;
  readonly withdrawalAddress: string;
  readonly rate: string;
  readonly usdAmount: string;
  readonly requiresKyc: boolean;
  readonly now: Date;
}
export interface ClearWithdrawalKyc {
  readonly type: 'ClearWithdrawalKyc';
  readonly userId: string;
  readonly withdrawalId: string;
  readonly clearedBy: string;
  readonly now: Date;
}
export interface MarkWithdrawalSubmitted {
  readonly type: 'MarkWithdrawalSubmitted';
  readonly userId: string;
  readonly withdrawalId: string;
  readonly providerReference: string;
  readonly now: Date;
}
export interface CompleteWithdrawal {
  readonly type: 'CompleteWithdrawal';
  readonly userId: string;
  readonly withdrawalId: string;
  readonly txHash: string;
  readonly now: Date;
}
export interface CancelWithdrawal {
  readonly type: 'CancelWithdrawal';
  readonly userId: string;
  readonly withdrawalId: string;
  readonly reason: string;
  readonly now: Date;
}
export interface LockStake {
  readonly type: 'LockStake';
  readonly userId: string;
  /** The bet id or pool id the stake is held for. */
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly stake: string;
  readonly fee: string;
  readonly currency: string;
  readonly now: Date;
  /** The user's IANA time zone: the daily limit counts the user's own calendar day. */
  readonly timeZone: string;
  readonly dailyLimit: string;
}
export interface ReleaseStake {
  readonly type: 'ReleaseStake';
  readonly userId: string;
  readonly holdId: string;
  readonly reason: string;
  readonly now: Date;
}
export interface CreditPayout {
  readonly type: 'CreditPayout';
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly amount: string;
  readonly currency: string;
  /** One payout per (hold, payoutId); defaults to the hold id. */
  readonly payoutId?: string;
  readonly now: Date;
}

export type WalletCommand =
  | CreditDeposit
  | CreditCryptoDeposit
  | RequestWithdrawal
  | ClearWithdrawalKyc
  | MarkWithdrawalSubmitted
  | CompleteWithdrawal
  | CancelWithdrawal
  | LockStake
  | ReleaseStake
  | CreditPayout;
