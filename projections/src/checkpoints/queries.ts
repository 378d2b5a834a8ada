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
