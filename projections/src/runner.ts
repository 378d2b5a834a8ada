import type { Kysely } from 'kysely';
import { START, comparePositions, type Bus, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import type { Database } from './database.js';
import { applyEvents, handles, type Projector } from './projector.js';
import { lockCheckpoint, lockCheckpoints, readCheckpoints, saveCheckpoint, saveCheckpoints, setSearchPath } from './checkpoints/queries.js';
import { announceApplied, projectorSetFingerprint } from './checkpoints/announce.js';

export const RUNNER_RETRY_DELAY_MS_MAX = 10_000;
export const LAG_COUNT_CAP = 10_000;

/**
 * The most events the runner reads and applies as one batch (one transaction for every
 * projector). A batch is what `$all` holds beyond the checkpoints, up to this: caught up, batches
 * are the few events since the last one; behind, they grow, and the batch's fixed cost (the read,
 * a connection, the checkpoint lock and save, the commit, and each projector's round trips,
 * about a third of a 500-event batch's time under the lifecycle benchmark) is shared by more
 * events, so the runner catches up instead of falling further behind (docs/benchmarks.md,
 * "Issue #25: what limits the projection lag at full rate"). Projectors' batch writes take one
 * parameter per column (`unnestRows`) and their `in` lists one per row touched, far below
 * PostgreSQL's 65,535 at this size.
 */
export const PROJECTION_BATCH_MAX = 2_000;

/**
 * What the runner reports as it works, for the process's metrics: projections know nothing of
 * how they are exported (the api wires a Prometheus implementation in). Every method is cheap and
 * must not throw.
 */
export interface ProjectionObserver {
  /** A projector applied its share of a batch (`events` of it were its own) in `seconds`. */
  projectorApplied(projector: string, events: number, seconds: number): void;
  /** A projector threw on a batch (the batch is retried; the read model is unchanged). */
  projectorFailed(projector: string): void;
  /** A whole batch committed for every projector, in `seconds`. */
  batchApplied(events: number, seconds: number): void;
}

export interface ProjectorStatus {
  readonly name: string;
  readonly checkpoint: Position;
  readonly lag: number;
}

/**
 * The checkpointed projection runner. It reads $all from the lowest checkpoint of its
 * projectors and, for each batch, gives each projector one PostgreSQL transaction in which it
 * locks its checkpoint row, applies the batch's events beyond that checkpoint, and moves the
 * checkpoint: the read-table changes and the checkpoint commit together, so a crash anywhere
 * neither loses nor double-applies an event. Only after every projector has committed a batch
 * is the batch published on the bus, so a client never hears of an event before the read
 * model it will refetch shows it.
 *
 * A projector that throws is a bug: the runner logs it, waits (growing delays), and resumes
 * from the checkpoints; the failed batch left nothing behind.
 */
export class ProjectionRunner {
  private controller: AbortController | undefined;
  private loop: Promise<void> | undefined;
  private applied: Position = START;
  private readonly waiters = new Set<{ position: Position; resolve: (ok: boolean) => void }>();
  private lastError: string | undefined;

  constructor(
    private readonly options: {
      store: EventStore;
      db: Kysely<Database>;
      projectors: readonly Projector[];
      bus?: Bus;
      batchSize?: number;
      now?: () => Date;
      log?: (message: string) => void;
      /**
       * ROLE=project: announce each batch all projectors applied together on
       * PROJECTIONS_APPLIED_CHANNEL, for the serve processes' read-your-writes waits.
       */
      announce?: boolean;
      /** Told of each batch and each failure (metrics). */
      observer?: ProjectionObserver;
    },
  ) {
    this.announceAs = options.announce ? projectorSetFingerprint(options.projectors.map((p) => p.name)) : undefined;
  }

  private readonly announceAs: string | undefined;

  get projectorNames(): string[] {
    return this.options.projectors.map((p) => p.name);
  }

  start(): void {
    if (this.loop) return;
    this.controller = new AbortController();
    this.loop = this.run(this.controller.signal);
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
    this.loop = undefined;
    for (const w of this.waiters) w.resolve(false);
    this.waiters.clear();
  }

  /** Resolves true once every projector has applied `position`, false on timeout or stop. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.applied, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (ok: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async status(): Promise<{ running: boolean; lastError?: string; projectors: ProjectorStatus[] }> {
    const projectors = await projectorStatuses(this.options.db, this.options.store, this.options.projectors);
    return { running: this.loop !== undefined, ...(this.lastError ? { lastError: this.lastError } : {}), projectors };
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const checkpoints = await readCheckpoints(this.options.db);
        const from = this.options.projectors
          .map((p) => checkpoints.get(p.name) ?? START)
          .reduce((min, c) => (comparePositions(c, min) < 0 ? c : min), checkpoints.get(this.options.projectors[0]?.name ?? '') ?? START);
        for await (const batch of this.options.store.subscribeToAll({ after: from, maxBatch: this.options.batchSize ?? PROJECTION_BATCH_MAX, signal })) {
          await this.applyBatch(batch);
          failures = 0;
          this.lastError = undefined;
        }
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.log?.(`projection runner: ${this.lastError}; retrying`);
        const delay = Math.min(RUNNER_RETRY_DELAY_MS_MAX, 100 * 2 ** Math.min(failures, 7));
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  /** Applies one batch to every projector in one transaction (see `applyToProjectors`), then publishes it. */
  async applyBatch(batch: readonly RecordedEvent[]): Promise<void> {
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!.position;
    const started = performance.now();
    await applyToProjectors(this.options.db, this.options.projectors, batch, this.options.now ?? (() => new Date()), this.announceAs, this.options.observer);
    this.options.observer?.batchApplied(batch.length, (performance.now() - started) / 1000);
    await this.options.bus?.publish(batch).catch((error: unknown) => this.options.log?.(`bus publish failed: ${String(error)}`));
    this.applied = last;
    for (const w of [...this.waiters]) if (comparePositions(last, w.position) >= 0) w.resolve(true);
  }
}

/** Each projector's checkpoint and how many events it has still to apply (counted up to LAG_COUNT_CAP). */
export async function projectorStatuses(db: Kysely<Database>, store: EventStore, projectors: readonly Projector[]): Promise<ProjectorStatus[]> {
  const checkpoints = await readCheckpoints(db);
  return Promise.all(
    projectors.map(async (p) => {
      const checkpoint = checkpoints.get(p.name) ?? START;
      return { name: p.name, checkpoint, lag: await store.countAfter(checkpoint, LAG_COUNT_CAP) };
    }),
  );
}

/**
 * Every projector, one batch, one transaction (one commit, so one WAL flush, instead of one per
 * projector): all checkpoint rows locked in one statement, each projector's events beyond its
 * checkpoint applied, all moved checkpoints saved in one statement. If a projector throws, that
 * transaction leaves nothing; the other projectors then apply the batch one transaction each, so
 * a failing projector holds back only itself, and its error is rethrown: the runner retries from
 * the lowest checkpoint (the others skip what they already hold). With `announceAs` (a
 * projector-set fingerprint), the one-transaction path also announces the batch's end on
 * PROJECTIONS_APPLIED_CHANNEL, delivered at its commit; the fallback path does not (every
 * projector is not at the same place), and serve processes' slower poll covers it.
 */
export async function applyToProjectors(db: Kysely<Database>, projectors: readonly Projector[], batch: readonly RecordedEvent[], now: () => Date, announceAs?: string, observer?: ProjectionObserver): Promise<void> {
  const last = batch[batch.length - 1]!.position;
  let failed: Projector | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const checkpoints = await lockCheckpoints(trx, projectors.map((p) => p.name), now());
      const moved: string[] = [];
      for (const projector of projectors) {
        const checkpoint = checkpoints.get(projector.name) ?? START;
        if (comparePositions(checkpoint, last) >= 0) continue;
        failed = projector;
        const started = performance.now();
        const events = batch.filter((e) => comparePositions(e.position, checkpoint) > 0 && handles(projector, e));
        await applyEvents(projector, trx, events);
        observer?.projectorApplied(projector.name, events.length, (performance.now() - started) / 1000);
        failed = undefined;
        moved.push(projector.name);
      }
      await saveCheckpoints(trx, moved, last, now());
      if (announceAs !== undefined) await announceApplied(trx, announceAs, last);
    });
  } catch (error) {
    const failures: unknown[] = [error];
    if (failed) observer?.projectorFailed(failed.name);
    for (const projector of projectors) {
      if (projector !== failed)
        await applyToProjector(db, projector, batch, now).catch((e: unknown) => {
          failures.push(e);
          observer?.projectorFailed(projector.name);
        });
    }
    throw failures[0];
  }
}

/** One projector, one batch, one transaction: checkpoint locked, events beyond it applied, checkpoint moved. */
export async function applyToProjector(db: Kysely<Database>, projector: Projector, batch: readonly RecordedEvent[], now: () => Date, schema?: string): Promise<void> {
  const last = batch[batch.length - 1]!.position;
  await db.transaction().execute(async (trx) => {
    if (schema) await setSearchPath(trx, schema);
    const checkpoint = await lockCheckpoint(trx, projector.name, now());
    if (comparePositions(checkpoint, last) >= 0) return;
    await applyEvents(projector, trx, batch.filter((e) => comparePositions(e.position, checkpoint) > 0 && handles(projector, e)));
    await saveCheckpoint(trx, projector.name, last, now());
  });
}
