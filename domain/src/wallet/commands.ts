import type { PayoutPolicy, PayoutRiskFacts } from './payout-policy.js';
import type { Command } from '../shared/command.js';
import type { HoldKind } from './events.js';
import type { SaferPlayCommand } from './limits-events.js';
import type { BankWithdrawalCommand } from './bank-withdrawal.js';
import type { BankTransferAttentionCommand } from './bank-transfer-attention.js';

/**
 * Commands of the wallet decider. Amounts are decimal strings already parsed by the caller
 * (see `parseAmount`); `now` arrives in the metadata, never read from a clock.
 */
export type CreditDeposit = Command<
  'CreditDeposit',
  {
    readonly userId: string;
    readonly depositId: string;
    readonly provider: 'paystack';
    readonly reference: string;
    readonly amount: string;
    readonly currency: string;
  }
>;
export type CreditCryptoDeposit = Command<
  'CreditCryptoDeposit',
  {
    readonly userId: string;
    readonly depositId: string;
    readonly cryptocurrency: string;
    readonly network: string;
    readonly cryptoAmount: string;
    readonly rate: string;
    readonly usdAmount: string;
  }
>;
export type RequestWithdrawal = Command<
  'RequestWithdrawal',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly cryptocurrency: string;
    readonly network: string;
    readonly cryptoAmount: string;
    readonly withdrawalAddress: string;
    readonly rate: string;
    readonly usdAmount: string;
    /** The tier (in USD: the crypto balance's unit) and the risk facts, as for bank withdrawals (payout-policy.ts). */
    readonly policy: PayoutPolicy;
    readonly facts: PayoutRiskFacts;
  }
>;
export type ClearWithdrawalKyc = Command<
  'ClearWithdrawalKyc',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly clearedBy: string;
  }
>;
export type MarkWithdrawalSubmitted = Command<
  'MarkWithdrawalSubmitted',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly providerReference: string;
  }
>;
export type CompleteWithdrawal = Command<
  'CompleteWithdrawal',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly txHash: string;
  }
>;
export type CancelWithdrawal = Command<
  'CancelWithdrawal',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly reason: string;
  }
>;
/** An admin refuses a withdrawal held for KYC: it is cancelled and its hold returns to the balance. */
export type RejectWithdrawalKyc = Command<
  'RejectWithdrawalKyc',
  {
    readonly userId: string;
    readonly withdrawalId: string;
    readonly rejectedBy: string;
  }
>;
export type LockStake = Command<
  'LockStake',
  {
    readonly userId: string;
    /** The bet id or pool id the stake is held for. */
    readonly holdId: string;
    readonly holdKind: HoldKind;
    readonly stake: string;
    readonly fee: string;
    readonly currency: string;
    /** The user's IANA time zone: the daily limit counts the user's own calendar day. */
    readonly timeZone: string;
    readonly dailyLimit: string;
  }
>;
export type ReleaseStake = Command<
  'ReleaseStake',
  {
    readonly userId: string;
    readonly holdId: string;
    readonly reason: string;
  }
>;
export type CreditPayout = Command<
  'CreditPayout',
  {
    readonly userId: string;
    readonly holdId: string;
    readonly holdKind: HoldKind;
    readonly amount: string;
    readonly currency: string;
    /** One payout per (hold, payoutId); defaults to the hold id. */
    readonly payoutId?: string;
  }
>;

/**
 * An overturned appeal's correction of one player's money on a bet (docs/ledger.md, "Appeals"):
 * a signed amount, negative taken from the player into the bet's escrow, positive paid to them
 * from it. Once per (hold, player): one appeal per bet.
 */
export type AdjustForAppeal = Command<
  'AdjustForAppeal',
  {
    readonly userId: string;
    readonly holdId: string;
    readonly holdKind: HoldKind;
    readonly amount: string;
    readonly currency: string;
    /** The DisputeResolved event whose settlement this corrects. */
    readonly reversesEventId: string;
  }
>;

export type WalletCommand =
  | AdjustForAppeal
  | CreditDeposit
  | CreditCryptoDeposit
  | RequestWithdrawal
  | ClearWithdrawalKyc
  | MarkWithdrawalSubmitted
  | CompleteWithdrawal
  | CancelWithdrawal
  | LockStake
  | ReleaseStake
  | CreditPayout
  | RejectWithdrawalKyc
  | SaferPlayCommand
  | BankWithdrawalCommand
  | BankTransferAttentionCommand;
