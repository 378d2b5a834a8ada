import type { Kysely } from 'kysely';
import pg from 'pg';
import { START, comparePositions, type Position } from '@wager/domain';
import type { Database } from '../database.js';
import { readCheckpoints } from './queries.js';
import { PROJECTIONS_APPLIED_CHANNEL, parseAppliedPayload, projectorSetFingerprint } from './announce.js';

/** How often waiters poll the checkpoint table when no announcement can reach them. */
export const CHECKPOINT_POLL_MS = 25;
/** While listening to the runner's announcements, the poll is only a safety net (a lost notification, the runner's fallback path). */
export const CHECKPOINT_LISTENING_POLL_MS = 250;

interface Waiter {
  readonly position: Position;
  readonly deadline: number;
  readonly resolve: (ok: boolean) => void;
}

/**
 * Read-your-writes in a process that does not project (ROLE=serve). With `listen()`, the
 * runner's announcements (PROJECTIONS_APPLIED_CHANNEL, sent at the commit of each batch that
 * all projectors applied together) answer waiters the moment their position is applied, with
 * no query; a shared poll of the checkpoint table (every CHECKPOINT_LISTENING_POLL_MS) covers
 * what an announcement cannot (a lost notification, a batch the runner applied one projector at
 * a time). Without it (or while the listening connection is down), the shared poll runs every
 * CHECKPOINT_POLL_MS while anyone waits, none otherwise: with C requests waiting, one query per
 * poll instead of C.
 */
export class CheckpointWatcher {
  private readonly waiters = new Set<Waiter>();
  private polling = false;
  private wake: (() => void) | undefined;
  /** The highest position an announcement or a poll showed every named projector at. */
  private reached: Position = START;
  private listener: pg.Client | undefined;
  private closed = false;
  private readonly fingerprint: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly names: readonly string[],
    private readonly pollMs = CHECKPOINT_POLL_MS,
    private readonly listeningPollMs = CHECKPOINT_LISTENING_POLL_MS,
  ) {
    this.fingerprint = projectorSetFingerprint(names);
  }

  /** LISTENs for the runner's announcements on its own connection; a lost connection falls back to polling and is reopened on the next wait. */
  async listen(connectionString: string): Promise<void> {
    if (this.listener || this.closed) return;
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== PROJECTIONS_APPLIED_CHANNEL) return;
      const position = parseAppliedPayload(message.payload, this.fingerprint);
      if (position) this.advance(position);
    });
    client.on('error', () => {
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${PROJECTIONS_APPLIED_CHANNEL}`);
    } catch (error) {
      if (this.listener === client) this.listener = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  get listening(): boolean {
    return this.listener !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
    for (const waiter of [...this.waiters]) {
      this.waiters.delete(waiter);
      waiter.resolve(false);
    }
    this.wake?.();
  }

  /** Resolves true once every named checkpoint has reached `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.reached, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.waiters.add({ position, deadline: Date.now() + timeoutMs, resolve });
      if (!this.polling) void this.poll();
    });
  }

  private advance(position: Position): void {
    if (comparePositions(position, this.reached) > 0) this.reached = position;
    let answered = false;
    for (const waiter of [...this.waiters]) {
      if (comparePositions(this.reached, waiter.position) < 0) continue;
      this.waiters.delete(waiter);
      waiter.resolve(true);
      answered = true;
    }
    if (answered && this.waiters.size === 0) this.wake?.();
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      // Listening, the first answer usually comes by announcement: the first query waits for the interval too.
      let query = this.listener === undefined;
      while (this.waiters.size > 0) {
        if (query) {
          const reached = await this.lowestCheckpoint().catch(() => undefined);
          if (reached) this.advance(reached);
        }
        query = true;
        const now = Date.now();
        for (const waiter of [...this.waiters]) {
          if (now < waiter.deadline) continue;
          this.waiters.delete(waiter);
          waiter.resolve(false);
        }
        if (this.waiters.size === 0) break;
        // The earliest of: the poll interval, the next deadline; an announcement that answers everyone ends the sleep.
        const nextDeadline = Math.min(...[...this.waiters].map((w) => w.deadline));
        const interval = this.listener ? this.listeningPollMs : this.pollMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.max(1, Math.min(interval, nextDeadline - Date.now())));
          function done(): void {
            clearTimeout(timer);
            resolve();
          }
          this.wake = done;
        });
        this.wake = undefined;
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
