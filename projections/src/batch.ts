import { sql, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '@wager/domain';

/** A column of an `unnest` row source: its name and the PostgreSQL type of its array. */
export type UnnestColumn<Row> = readonly [name: keyof Row & string, type: string];

/**
 * `unnest($1::type[], $2::type[], …) with ordinality as <alias>(col, …, ord)`: many rows as one
 * row source with one parameter per column (a multi-row VALUES would take one per cell, and
 * PostgreSQL allows 65,535 parameters per statement). `ord` is each row's 1-based place in
 * `rows`, for folds that must keep the order of the events.
 */
export function unnestRows<Row extends object>(rows: readonly Row[], columns: readonly UnnestColumn<Row>[], alias = 'input'): RawBuilder<unknown> {
  const arrays = columns.map(([name, type]) => sql`${rows.map((row) => toParameter((row as Record<string, unknown>)[name]))}::${sql.raw(type)}[]`);
  const names = [...columns.map(([name]) => sql.id(name)), sql.id('ord')];
  return sql`unnest(${sql.join(arrays)}) with ordinality as ${sql.id(alias)}(${sql.join(names)})`;
}

/** Array elements as pg sends them: dates as ISO instants, objects as JSON text. */
function toParameter(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/**
 * `insert into <table> (cols) select cols from unnest(…) order by ord <conflict>`: a batch of
 * rows in one statement of one parameter per column, inserted in the order given.
 */
export function insertRows<Row extends object>(table: string, rows: readonly Row[], columns: readonly UnnestColumn<Row>[], conflict: RawBuilder<unknown>): RawBuilder<unknown> {
  const names = sql.join(columns.map(([name]) => sql.id(name)));
  return sql`insert into ${sql.table(table)} (${names}) select ${names} from ${unnestRows(rows, columns)} order by ord ${conflict}`;
}

/** PostgreSQL's limit of bind parameters per statement. */
export const STATEMENT_PARAMETERS_MAX = 65_535;

/** `rows` cut into pieces small enough for a multi-row VALUES of `columns` parameters per row. */
export function chunksFor<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(STATEMENT_PARAMETERS_MAX / columns));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/**
 * A batch applied as runs of its common event (`inRun`), each run written at once by
 * `writeRun`, and every other event in its place by `applyOne`: the log's order is kept, and
 * the rows come out as event-by-event application makes them.
 */
export async function applyInRuns(
  events: readonly RecordedEvent[],
  inRun: (event: RecordedEvent) => boolean,
  writeRun: (run: readonly RecordedEvent[]) => Promise<void>,
  applyOne: (event: RecordedEvent) => Promise<void>,
): Promise<void> {
  let from = 0;
  for (const [i, recorded] of events.entries()) {
    if (inRun(recorded)) continue;
    await writeRun(events.slice(from, i));
    await applyOne(recorded);
    from = i + 1;
  }
  await writeRun(events.slice(from));
}

/**
 * The rows of `events` (`rowOf`; null: no row) inserted in one statement, one per `key` as first
 * written, `on conflict (key) do nothing`, so a repeated event is kept once; no statement for none.
 */
export async function insertFirstByKey<Row extends object>(
  db: Parameters<RawBuilder<unknown>['execute']>[0],
  table: string,
  key: keyof Row & string,
  events: readonly RecordedEvent[],
  rowOf: (event: RecordedEvent) => Row | null,
  columns: readonly UnnestColumn<Row>[],
): Promise<void> {
  const rows = new Map<unknown, Row>();
  for (const recorded of events) {
    const row = rowOf(recorded);
    if (row && !rows.has(row[key])) rows.set(row[key], row);
  }
  if (rows.size === 0) return;
  await insertRows(table, [...rows.values()], columns, sql`on conflict (${sql.id(key)}) do nothing`).execute(db);
}
