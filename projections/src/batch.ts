import { sql, type RawBuilder } from 'kysely';

/** A column of an `unnest` row source: its name and the PostgreSQL type of its array. */
export type UnnestColumn<Row> = readonly [name: keyof Row & string, type: string];

/**
 * `unnest($1::type[], $2::type[], …) with ordinality as <alias>(col, …, ord)`: many rows as one
 * row source with one parameter per column (a multi-row VALUES would take one per cell, and
 * PostgreSQL allows 65,535 parameters per statement). `ord` is each row's 1-based place in
 * `rows`, for folds that must keep the order of the events.
 */
export function unnestRows<Row extends Record<string, unknown>>(rows: readonly Row[], columns: readonly UnnestColumn<Row>[], alias = 'input'): RawBuilder<unknown> {
  const arrays = columns.map(([name, type]) => sql`${rows.map((row) => toParameter(row[name]))}::${sql.raw(type)}[]`);
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
