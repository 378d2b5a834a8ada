import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A person's data key, wrapped by the master key; null once destroyed (erasure). Written by the api, not a projector. */
export interface PersonDataKeysTable {
  user_id: string;
  wrapped_key: string | null;
  wrapped_by: string;
  created_at: Timestamp;
  destroyed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
