import type { ColumnType, JSONColumnType, Selectable } from 'kysely';
import type { LimitKind, LimitSetting } from '@wager/domain/wallet/index';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * Per user: the safer-play settings as the wallet stream last set them (limits with any pending
 * raise, the latest cool-off or self-exclusion, the reality check). Whether a pending raise or an
 * exclusion is in force is decided at read time against the clock (domain `limitInForce`).
 */
export interface WalletSaferPlayTable {
  user_id: string;
  limits: JSONColumnType<Partial<Record<LimitKind, LimitSetting>>, string, string>;
  /** cool_off | self_exclusion */
  exclusion_kind: string | null;
  exclusion_period: string | null;
  exclusion_started_at: Timestamp | null;
  exclusion_until: Timestamp | null;
  reality_check_minutes: number | null;
  stream_revision: number;
  updated_at: Timestamp;
}

export type WalletSaferPlayRow = Selectable<WalletSaferPlayTable>;
