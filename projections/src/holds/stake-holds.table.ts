import type { ColumnType, Selectable } from 'kysely';
import type { HoldKind } from '@wager/domain/wallet/events';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(20,2): written and read as decimal strings. */
type Amount = ColumnType<string, string, string>;

/**
 * A stake a wallet locked for a bet or a pool entry, by (hold_kind, hold_id, user_id), from the
 * wallet's StakeLocked / StakeReleased / PayoutCredited (and, for a bet's loser, BetSettled).
 * `forfeited` only ever closes a bet hold.
 */
export interface StakeHoldsTable {
  hold_kind: HoldKind;
  hold_id: string;
  user_id: string;
  total: Amount;
  currency: string;
  status: 'locked' | 'released' | 'paid' | 'forfeited';
  locked_at: Timestamp;
  closed_at: NullableTimestamp;
}
export type StakeHoldRow = Selectable<StakeHoldsTable>;
