import type { ColumnType, Selectable } from 'kysely';

type Numeric = ColumnType<string, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A player's payout bank account; the number only masked (`******7890`). */
export interface BankAccountsTable {
  id: string;
  user_id: string;
  bank_code: string;
  bank_name: string;
  account_name: string;
  account_number_masked: string;
  recipient_code: string;
  added_at: Timestamp;
  /** 'legacy': the id was derived from the number (an account added before ids were random) until replaced; 'random' otherwise. */
  id_scheme: ColumnType<'legacy' | 'random', 'legacy' | 'random' | undefined, 'legacy' | 'random'>;
}

/** One bank withdrawal: requested → sent → paid, or returned; the time of each step. */
export interface BankWithdrawalsTable {
  id: string;
  user_id: string;
  bank_account_id: string;
  bank_name: string;
  account_name: string;
  account_number_masked: string;
  recipient_code: string;
  amount: Numeric;
  currency: string;
  reference: string;
  /** requested | sent | paid | returned */
  status: string;
  transfer_code: string | null;
  provider_status: string | null;
  requires_kyc: boolean;
  /** Waiting for an admin's review (any review reason; named when KYC was the only one). */
  kyc_pending: boolean;
  /** The payout rules that held it for review (payout-policy.ts in domain); empty: none. */
  review_reasons: ColumnType<string[], string[] | undefined, string[]>;
  /** Paid (or to be paid) with no person in the loop: no review reason, never held or released by an admin. */
  automatic: ColumnType<boolean, boolean | undefined, boolean>;
  admin_held: boolean;
  hold_reason: string | null;
  return_reason: string | null;
  not_before: Timestamp;
  requested_at: Timestamp;
  sent_at: Timestamp | null;
  paid_at: Timestamp | null;
  returned_at: Timestamp | null;
  updated_at: Timestamp;
  /** Failed sends in the current round (an admin retry starts a new one). */
  send_attempts: ColumnType<number, number | undefined, number>;
  last_send_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_send_failed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The sender waits until then (backoff); null: no wait. */
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why it waits for a person (Paystack's refusal, or the last failure of a round); null: it does not. */
  attention_reason: ColumnType<string | null, string | null | undefined, string | null>;
  attention_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type BankAccountRow = Selectable<BankAccountsTable>;
export type BankWithdrawalRow = Selectable<BankWithdrawalsTable>;
