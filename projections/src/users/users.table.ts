import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/**
 * The `users` read model: every User field the two spec documents read, projected from the
 * `user-<id>` streams. Balance fields live in the wallet's own read model. `revision` is the
 * stream revision of the last event applied, so a repeated event changes nothing.
 */
export interface UsersTable {
  id: string;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  phone_number: string | null;
  psn_username: string | null;
  activision_id: string | null;
  country: string | null;
  timezone: string | null;
  preferred_currency: ColumnType<string, string | undefined, string>;
  preferred_language: ColumnType<string, string | undefined, string>;
  date_of_birth: string | null;
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set by ModeratorRoleSet (2026_11_23 migration). */
  is_moderator: ColumnType<boolean, boolean | undefined, boolean>;
  is_email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  is_phone_verified: ColumnType<boolean, boolean | undefined, boolean>;
  is_psn_verified: ColumnType<boolean, boolean | undefined, boolean>;
  is_age_verified: ColumnType<boolean, boolean | undefined, boolean>;
  location_detected_at: NullableTimestamp;
  currency_set_by_user: ColumnType<boolean, boolean | undefined, boolean>;
  ip_address: string | null;
  admin_notes: string | null;
  fpl_team_id: string | null;
  rating: ColumnType<number, number | undefined, number>;
  wins: ColumnType<number, number | undefined, number>;
  losses: ColumnType<number, number | undefined, number>;
  /** The suspension in force (AccountSuspended), null when none (2026_11_27 migration). */
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The freeze in force (AccountFrozen), null when none. */
  freeze_reason: ColumnType<string | null, string | null | undefined, string | null>;
  frozen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  revision: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserRowUpdate = Updateable<UsersTable>;
