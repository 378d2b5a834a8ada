import { sql, type RawBuilder } from 'kysely';

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
