import { sql, type Kysely, type Transaction } from 'kysely';
import { START, comparePositions, type Position } from '@wager/domain';
import type { Database } from '../database.js';

export function toPosition(row: { commit_position: string | number; prepare_position: string | number } | undefined): Position {
  return row ? { commit: Number(row.commit_position), prepare: Number(row.prepare_position) } : START;
}

/** Reads a projector's checkpoint and locks its row until the transaction ends. */
export async function lockCheckpoint(trx: Transaction<Database>, name: string, now: Date): Promise<Position> {
  await trx
    .insertInto('projection_checkpoints')
    .values({ name, commit_position: START.commit, prepare_position: START.prepare, updated_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).forUpdate().executeTakeFirst();
  return toPosition(row);
}

export async function saveCheckpoint(trx: Transaction<Database>, name: string, position: Position, now: Date): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set({ commit_position: position.commit, prepare_position: position.prepare, updated_at: now })
    .where('name', '=', name)
    .execute();
}

/**
 * Locks the checkpoint rows of several projectors in one transaction with two statements (the
 * rows are created when missing), in name order so two runners never deadlock on them.
 */
export async function lockCheckpoints(trx: Transaction<Database>, names: readonly string[], now: Date): Promise<Map<string, Position>> {
  if (names.length === 0) return new Map();
  const sorted = [...new Set(names)].sort();
  await trx
    .insertInto('projection_checkpoints')
    .values(sorted.map((name) => ({ name, commit_position: START.commit, prepare_position: START.prepare, updated_at: now })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await trx.selectFrom('projection_checkpoints').selectAll().where('name', 'in', sorted).orderBy('name').forUpdate().execute();
  return new Map(rows.map((r) => [r.name, toPosition(r)]));
}

/** Moves several checkpoints (locked by `lockCheckpoints` in this transaction) to `position` in one statement. */
export async function saveCheckpoints(trx: Transaction<Database>, names: readonly string[], position: Position, now: Date): Promise<void> {
  if (names.length === 0) return;
  await trx
    .updateTable('projection_checkpoints')
    .set({ commit_position: position.commit, prepare_position: position.prepare, updated_at: now })
    .where('name', 'in', [...names])
    .execute();
}

/**
 * One statement, no explicit transaction: moves a checkpoint forward to `position`, never back
 * (a row that is already at or beyond it is left alone). For a reactor, whose handlers write
 * through the event store (another connection), so its checkpoint cannot share their
 * transaction anyway; a crash before it runs means the events are handled again (idempotent).
 */
export async function advanceCheckpoint(db: Kysely<Database> | Transaction<Database>, name: string, position: Position, now: Date): Promise<void> {
  await sql`insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
    values (${name}, ${position.commit}, ${position.prepare}, ${now})
    on conflict (name) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, updated_at = excluded.updated_at
    where (projection_checkpoints.commit_position, projection_checkpoints.prepare_position) < (excluded.commit_position, excluded.prepare_position)`.execute(db);
}

/** `advanceCheckpoint` for several checkpoints moving to the same position: one statement for all. */
export async function advanceCheckpoints(db: Kysely<Database> | Transaction<Database>, names: readonly string[], position: Position, now: Date): Promise<void> {
  if (names.length === 0) return;
  const rows = [...new Set(names)].sort().map((name) => sql`(${name}, ${position.commit}::bigint, ${position.prepare}::bigint, ${now}::timestamptz)`);
  await sql`insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
    values ${sql.join(rows)}
    on conflict (name) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, updated_at = excluded.updated_at
    where (projection_checkpoints.commit_position, projection_checkpoints.prepare_position) < (excluded.commit_position, excluded.prepare_position)`.execute(db);
}

export async function readCheckpoints(db: Kysely<Database>): Promise<Map<string, Position>> {
  const rows = await db.selectFrom('projection_checkpoints').selectAll().execute();
  return new Map(rows.map((r) => [r.name, toPosition(r)]));
}

/**
 * Read-your-writes across processes: waits until every named projector has applied
 * `position`. Polls the checkpoint table; the in-process runner offers a faster path.
 */
export async function waitForCheckpoints(db: Kysely<Database>, names: readonly string[], position: Position, options: { timeoutMs: number; pollMs?: number }): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const checkpoints = await readCheckpoints(db);
    if (names.every((n) => comparePositions(checkpoints.get(n) ?? START, position) >= 0)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 25));
  }
}

export async function setSearchPath(trx: Transaction<Database>, schema: string): Promise<void> {
  await sql`select set_config('search_path', ${`"${schema}", public`}, true)`.execute(trx);
}

/** One checkpoint's position, or undefined when that projector or reactor has none yet. */
export async function readCheckpoint(db: Kysely<Database>, name: string): Promise<Position | undefined> {
  const row = await db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).executeTakeFirst();
  return row ? toPosition(row) : undefined;
}

/** Every reactor's checkpoint (the rows named `reactor:<name>`), by name. */
export async function reactorCheckpoints(db: Kysely<Database>): Promise<{ reactor: string; position: Position }[]> {
  const rows = await db.selectFrom('projection_checkpoints').selectAll().where('name', 'like', 'reactor:%').orderBy('name').execute();
  return rows.map((r) => ({ reactor: r.name.slice('reactor:'.length), position: toPosition(r) }));
}
