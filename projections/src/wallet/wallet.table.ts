import type { ColumnType, Selectable } from 'kysely';
import type { TransactionDescriptionCode, TransactionDescriptionParams } from '@wager/domain/wallet/index';

type Numeric = ColumnType<string, string, string>;
type Bigint = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Per user: the fiat balance (wallet currency), the crypto balance (USD) and today's stakes. */
export interface WalletsTable {
  user_id: string;
  currency: string | null;
  balance: Numeric;
  crypto_balance: Numeric;
  daily_spent_day: string | null;
  daily_spent: Numeric;
  /** The last wallet-stream revision applied: makes the projector idempotent. */
  stream_revision: number;
  updated_at: Timestamp;
}

export interface TransactionsTable {
  id: string;
  user_id: string;
  /** deposit | withdrawal | bet_escrow | fee | refund | bet_payout | pool_entry | pool_payout */
  type: string;
  status: string;
  amount: Numeric;
  currency: string;
  bet_id: string | null;
  pool_id: string | null;
  reference: string | null;
  /** What the row is, as the projector decided it from the event (domain transaction-descriptions.ts); the apps say it in the reader's language. */
  description_code: TransactionDescriptionCode;
  /** The code's parameters (strings), JSON text on write. */
  description_params: ColumnType<TransactionDescriptionParams, string, string>;
  commit_position: Bigint;
  prepare_position: Bigint;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaystackDepositsTable {
  id: string;
  user_id: string;
  reference: string;
  amount: Numeric;
  currency: string;
  email: string;
  /** pending | success | failed | abandoned */
  status: string;
  channel: string | null;
  gateway_response: string | null;
  authorization_url: string | null;
  credited: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CryptoDepositsTable {
  id: string;
  user_id: string;
  cryptocurrency: string;
  network: string;
  crypto_amount: Numeric;
  rate: string;
  usd_amount: Numeric;
  address: string;
  /** pending | confirming | confirmed | failed | expired */
  status: string;
  confirmations: number;
  tx_hash: string | null;
  credited: boolean;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CryptoWithdrawalsTable {
  id: string;
  user_id: string;
  cryptocurrency: string;
  network: string;
  crypto_amount: Numeric;
  usd_amount: Numeric;
  withdrawal_address: string;
  /** pending | processing | completed | cancelled */
  status: string;
  /** not_required | pending | approved */
  kyc_status: string;
  requires_kyc: boolean;
  /** The payout rules that held it for review (payout-policy.ts in domain); `kyc_status` is pending while any holds it. */
  review_reasons: ColumnType<string[], string[] | undefined, string[]>;
  provider_reference: string | null;
  tx_hash: string | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WalletRow = Selectable<WalletsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type PaystackDepositRow = Selectable<PaystackDepositsTable>;
export type CryptoDepositRow = Selectable<CryptoDepositsTable>;
export type CryptoWithdrawalRow = Selectable<CryptoWithdrawalsTable>;
