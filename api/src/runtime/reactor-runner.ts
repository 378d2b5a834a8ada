import type { Kysely } from 'kysely';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import { advanceCheckpoint, readCheckpoints, type Database } from '@wager/projections';

export const REACTOR_RETRY_DELAY_MS_MAX = 10_000;
/**
 * A batch with no event a reactor handles moves its checkpoint at most this often: most events
 * concern few reactors, and re-reading a second of events it ignores after a restart costs nothing.
 */
export const REACTOR_IDLE_CHECKPOINT_MS = 200;

/**
 * A process manager (saga step) that reacts to recorded events by issuing commands. It must be
 * idempotent: the events it appends get deterministic ids (UUIDv5 of the triggering entity and
 * step), so handling the same event twice (after a crash before the checkpoint moved) stores
 * nothing twice.
 */
export interface Reactor {
  readonly name: string;
  readonly eventTypes?: readonly string[];
  handle(event: RecordedEvent): Promise<void>;
}

/**
 * Feeds reactors from $all, at least once, in order. Checkpoints live in
 * `projection_checkpoints` under `reactor:<name>`, moved once per batch after its events are
 * handled (one statement; for batches it has nothing to do in, at most every
 * REACTOR_IDLE_CHECKPOINT_MS, the last such position saved by a timer once things are quiet). A handler
 * failure is retried (growing delays) without skipping the event: money must not be lost.
 */
export class ReactorRunner {
  private controller: AbortController | undefined;
  private loops: Promise<void>[] = [];
  private readonly errors = new Map<string, string>();
  /** Each reactor's pending idle-checkpoint save (cleared on stop: the events are simply seen again). */
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly options: { store: EventStore; db: Kysely<Database>; reactors: readonly Reactor[]; now?: () => Date; log?: (m: string) => void },
  ) {}

  start(): void {
    if (this.controller) return;
    this.controller = new AbortController();
    const signal = this.controller.signal;
    this.loops = this.options.reactors.map((r) => this.run(r, signal));
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await Promise.all(this.loops);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.controller = undefined;
    this.loops = [];
  }

  lastErrors(): Record<string, string> {
    return Object.fromEntries(this.errors);
  }

  private async run(reactor: Reactor, signal: AbortSignal): Promise<void> {
    const key = `reactor:${reactor.name}`;
    const now = this.options.now ?? (() => new Date());
    let failures = 0;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    while (!signal.aborted) {
      try {
        const after = (await readCheckpoints(this.options.db)).get(key) ?? START;
        let saved = after;
        let savedAt = 0;
        const save = async (position: Position): Promise<void> => {
          clearTimeout(idleTimer);
          idleTimer = undefined;
          saved = position;
          savedAt = Date.now();
          await advanceCheckpoint(this.options.db, key, position, now());
        };
        for await (const batch of this.options.store.subscribeToAll({ after, signal, maxBatch: 100 })) {
          let handled = 0;
          for (const event of batch) {
            if (!reactor.eventTypes || reactor.eventTypes.includes(event.type)) {
              await reactor.handle(event);
              handled++;
            }
          }
          const last = batch[batch.length - 1]?.position;
          if (last && comparePositions(last, saved) > 0) {
            if (handled > 0 || Date.now() - savedAt >= REACTOR_IDLE_CHECKPOINT_MS) await save(last);
            else {
              // Nothing handled and saved a moment ago: save it later unless a batch does first (the statement never moves a checkpoint back).
              clearTimeout(idleTimer);
              idleTimer = setTimeout(() => void save(last).catch((e: unknown) => this.options.log?.(`reactor ${reactor.name} checkpoint: ${String(e)}`)), REACTOR_IDLE_CHECKPOINT_MS);
              this.timers.set(reactor.name, idleTimer);
            }
          }
          failures = 0;
          this.errors.delete(reactor.name);
        }
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        this.errors.set(reactor.name, error instanceof Error ? error.message : String(error));
        this.options.log?.(`reactor ${reactor.name}: ${String(error)}; retrying`);
        await new Promise((r) => setTimeout(r, Math.min(REACTOR_RETRY_DELAY_MS_MAX, 100 * 2 ** Math.min(failures, 7))));
      }
    }
  }
}
