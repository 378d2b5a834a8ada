import type { ColumnType, Selectable } from 'kysely';

/** One row per projector: the last global position whose effects its tables hold. */
export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: ColumnType<string, string | number, string | number>;
  prepare_position: ColumnType<string, string | number, string | number>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}
export type ProjectionCheckpoint = Selectable<ProjectionCheckpointsTable>;
