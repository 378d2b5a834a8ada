import type { Kysely } from 'kysely';
import { START, comparePositions, type Position } from '@wager/domain';
import type { Database } from '../database.js';
import { readCheckpoints } from './queries.js';

export const CHECKPOINT_POLL_MS = 25;

interface Waiter {
  readonly position: Position;
  readonly deadline: number;
  readonly resolve: (ok: boolean) => void;
}

/**
 * Read-your-writes in a process that does not project (ROLE=serve): every request waiting for
 * the projections shares one poll of the checkpoint table (every CHECKPOINT_POLL_MS while
 * anyone waits, none otherwise), instead of each request polling on its own: with C requests
 * waiting, one query per poll instead of C.
 */
export class CheckpointWatcher {
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly names: readonly string[],
    private readonly pollMs = CHECKPOINT_POLL_MS,
  ) {}

  /** Resolves true once every named checkpoint has reached `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiters.add({ position, deadline: Date.now() + timeoutMs, resolve });
      if (!this.polling) void this.poll();
    });
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        const reached = await this.lowestCheckpoint().catch(() => undefined);
        const now = Date.now();
        for (const waiter of [...this.waiters]) {
          const ok = reached !== undefined && comparePositions(reached, waiter.position) >= 0;
          if (!ok && now < waiter.deadline) continue;
          this.waiters.delete(waiter);
          waiter.resolve(ok);
        }
        if (this.waiters.size > 0) await new Promise((r) => setTimeout(r, this.pollMs));
      }
    } finally {
      this.polling = false;
    }
  }

  private async lowestCheckpoint(): Promise<Position> {
    const checkpoints = await readCheckpoints(this.db);
    return this.names.map((n) => checkpoints.get(n) ?? START).reduce((min, c) => (comparePositions(c, min) < 0 ? c : min), this.names.length > 0 ? (checkpoints.get(this.names[0]!) ?? START) : START);
  }
}
