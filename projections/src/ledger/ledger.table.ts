import type { ColumnType, Selectable } from 'kysely';

type Numeric = ColumnType<string, string, string>;
type Bigint = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One row per posting of every money event (the journal). */
export interface LedgerEntriesTable {
  event_id: string;
  posting_index: number;
  stream_id: string;
  event_type: string;
  commit_position: Bigint;
  prepare_position: Bigint;
  account: string;
  account_kind: string;
  owner_id: string | null;
  currency: string;
  amount: Numeric;
  recorded_at: Timestamp;
}

/** The running balance of every account in the chart. */
export interface AccountBalancesTable {
  account: string;
  account_kind: string;
  owner_id: string | null;
  currency: string;
  balance: Numeric;
  entry_count: number;
  updated_at: Timestamp;
}

export type LedgerEntry = Selectable<LedgerEntriesTable>;
export type AccountBalance = Selectable<AccountBalancesTable>;
