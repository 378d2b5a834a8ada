import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A pending erasure request: gone once cancelled or carried out. */
export interface ErasureRequestsTable {
  user_id: string;
  requested_at: Timestamp;
  effective_at: Timestamp;
}
