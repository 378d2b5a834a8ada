/**
 * Test support: wait until the process managers are done, as a condition, not a pause. Reactors
 * wake reactors (a settlement raises a notification, which is then mailed), so this waits, round
 * after round, until every reactor has handled everything appended and nothing new was appended.
 */
import { sql } from 'kysely';
import { comparePositions, type Position } from '@wager/domain';
import { waitForCheckpoints } from '@wager/projections';
import type { TestHarness } from './app.js';

const ROUNDS_MAX = 20;
const ROUND_TIMEOUT_MS = 20_000;

/** The last committed event, whether or not $all readers may see it yet. */
async function lastCommitted(h: TestHarness): Promise<Position | null> {
  const { rows } = await sql<{ t: string; g: string }>`select transaction_id as t, global_position as g from es_events order by transaction_id desc, global_position desc limit 1`.execute(h.deps.db);
  return rows[0] ? { commit: Number(rows[0].t), prepare: Number(rows[0].g) } : null;
}

export async function settleReactors(h: TestHarness): Promise<void> {
  for (let round = 0; round < ROUNDS_MAX; round++) {
    await h.settle();
    const last = await lastCommitted(h);
    if (!last) return;
    const names = h.reactors.reactorNames.map((n) => `reactor:${n}`);
    if (!(await waitForCheckpoints(h.deps.db, names, last, { timeoutMs: ROUND_TIMEOUT_MS }))) throw new Error(`reactors did not catch up: ${JSON.stringify(h.reactors.lastErrors())}`);
    const after = await lastCommitted(h);
    if (after && comparePositions(after, last) === 0) {
      await h.settle();
      return;
    }
  }
  throw new Error(`reactors still appending after ${ROUNDS_MAX} rounds`);
}
