import type { Kysely } from 'kysely';
import { START, SUBSCRIPTION_BATCH_MAX, comparePositions, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import { advanceCheckpoints, readCheckpoints, type Database } from '@wager/projections';
import { reactorFailures, reactorHandleDuration } from './metrics.js';
import { handleInSpan } from './tracing.js';

export const REACTOR_RETRY_DELAY_MS_MAX = 10_000;
/**
 * The reactors' checkpoints are saved at most this often (the last position a batch left saved
 * by a timer once things are quiet): a save is a write transaction, under load one per batch, and
 * handling again the events of the last 200 ms after a crash stores nothing twice (every
 * reactor is idempotent) and costs little.
 */
export const REACTOR_CHECKPOINT_INTERVAL_MS = 200;

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
  /**
   * Handles several events of one batch at once, in order: a reactor whose follow-ups move no
   * money appends what they decide in ONE transaction across the streams it touches. Same
   * idempotency as `handle` (deterministic ids), whatever the batch's bounds were the first
   * time. When it fails, the runner handles the batch's events one at a time with `handle`, so
   * the ones before a failing event are stored and that event is retried, never skipped.
   */
  handleBatch?(events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * Feeds reactors from $all, at least once, in order. All reactors share one subscription (one
 * `$all` read per wake-up for all of them, each handed the events it handles beyond its own
 * checkpoint, the reactors of a batch running side by side) and their checkpoints, under
 * `reactor:<name>` in `projection_checkpoints`, move together in one statement after a batch's
 * events are handled, at most every REACTOR_CHECKPOINT_INTERVAL_MS (the last position a batch
 * left saved by a timer once things are quiet).
 * A reactor whose handler fails leaves the shared subscription for one of its own, which
 * retries from its checkpoint with growing delays, without skipping the event (money must not
 * be lost); the others go on.
 */
export class ReactorRunner {
  private controller: AbortController | undefined;
  private loops: Promise<void>[] = [];
  private readonly errors = new Map<string, string>();
  /** Pending checkpoint saves, by their timer (a stop makes them at once). */
  private readonly timers = new Map<ReturnType<typeof setTimeout>, () => Promise<void>>();

  constructor(
    private readonly options: { store: EventStore; db: Kysely<Database>; reactors: readonly Reactor[]; now?: () => Date; log?: (m: string) => void },
  ) {}

  start(): void {
    if (this.controller) return;
    this.controller = new AbortController();
    const signal = this.controller.signal;
    this.loops = this.options.reactors.length > 0 ? [this.runShared(this.options.reactors, signal)] : [];
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    // A reactor may leave the shared loop (and start its own) while we wait.
    for (let i = 0; i < this.loops.length; i++) await this.loops[i];
    // What the handled batches left to save is saved now, so a restart hands nothing again.
    const pending = [...this.timers];
    this.timers.clear();
    for (const [timer, save] of pending) {
      clearTimeout(timer);
      await save();
    }
    this.controller = undefined;
    this.loops = [];
  }

  /** The reactors this runner feeds (metrics name them). */
  get reactorNames(): string[] {
    return this.options.reactors.map((r) => r.name);
  }

  lastErrors(): Record<string, string> {
    return Object.fromEntries(this.errors);
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }

  /** Saves `names` at `position` (never moving one back). */
  private saveCheckpoints(names: readonly string[], position: Position): Promise<void> {
    return advanceCheckpoints(this.options.db, names, position, this.now());
  }

  /**
   * The same, REACTOR_CHECKPOINT_INTERVAL_MS later, from a timer that replaces `pending` (the save a
   * previous batch left, made redundant by this one) and that a stop runs at once.
   */
  private saveLater(pending: ReturnType<typeof setTimeout> | undefined, names: readonly string[], position: Position): ReturnType<typeof setTimeout> {
    this.cancel(pending);
    const save = () => this.saveCheckpoints(names, position).catch((e: unknown) => this.options.log?.(`reactors checkpoint: ${String(e)}`));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void save();
    }, REACTOR_CHECKPOINT_INTERVAL_MS);
    this.timers.set(timer, save);
    return timer;
  }

  private cancel(timer: ReturnType<typeof setTimeout> | undefined): void {
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /**
   * A reactor's events of one batch, in order: all at once when it handles batches (one
   * transaction for their follow-ups), else, or when that failed, one at a time.
   */
  private async handleEvents(reactor: Reactor, events: readonly RecordedEvent[]): Promise<void> {
    if (reactor.handleBatch && events.length > 1) {
      try {
        await measuredHandle(reactor, events, () => reactor.handleBatch!(events));
        return;
      } catch (error) {
        this.options.log?.(`reactor ${reactor.name}: a batch of ${events.length} failed (${String(error)}); handling its events one at a time`);
      }
    }
    for (const event of events) await measuredHandle(reactor, [event], () => reactor.handle(event));
  }

  /**
   * Feeds `reactors` from one subscription. A reactor that fails while others share the loop
   * leaves for a loop of its own (this one, with it alone); alone, it is retried in place from
   * its checkpoint with growing delays, without skipping the event.
   */
  private async runShared(reactors: readonly Reactor[], signal: AbortSignal, failed = 0): Promise<void> {
    const members = new Set(reactors);
    let failures = failed;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    while (!signal.aborted && members.size > 0) {
      if (failures > 0) await abortableDelay(Math.min(REACTOR_RETRY_DELAY_MS_MAX, 100 * 2 ** Math.min(failures, 7)), signal);
      if (signal.aborted) break;
      try {
        const stored = await readCheckpoints(this.options.db);
        /** Where each member stands: the last event it handled or passed over. */
        const at = new Map([...members].map((r) => [r, stored.get(key(r)) ?? START]));
        const saved = new Map(at);
        let savedAt = 0;
        const from = [...at.values()].reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
        for await (const batch of this.options.store.subscribeToAll({ after: from, signal, maxBatch: SUBSCRIPTION_BATCH_MAX })) {
          const last = batch[batch.length - 1]!.position;
          await Promise.all(
            [...members].map(async (reactor) => {
              const after = at.get(reactor) ?? START;
              try {
                const mine = batch.filter((event) => comparePositions(event.position, after) > 0 && (!reactor.eventTypes || reactor.eventTypes.includes(event.type)));
                await this.handleEvents(reactor, mine);
                at.set(reactor, last);
                this.errors.delete(reactor.name);
              } catch (error) {
                this.errors.set(reactor.name, error instanceof Error ? error.message : String(error));
                // Alone: retried in place (the catch below). Shared: out of this loop, so its retries hold back nobody else.
                if (members.size === 1) throw error;
                members.delete(reactor);
                at.delete(reactor);
                this.options.log?.(`reactor ${reactor.name}: ${String(error)}; retrying on its own`);
                if (!signal.aborted) this.loops.push(this.runShared([reactor], signal, 1));
              }
            }),
          );
          const behind = [...members].filter((r) => comparePositions(last, saved.get(r) ?? START) > 0);
          if (behind.length > 0) {
            if (Date.now() - savedAt >= REACTOR_CHECKPOINT_INTERVAL_MS) {
              this.cancel(idleTimer);
              idleTimer = undefined;
              await this.saveCheckpoints(behind.map(key), last);
              for (const r of behind) saved.set(r, last);
              savedAt = Date.now();
            } else {
              // Saved a moment ago: save it later unless a batch does first (a save never moves a checkpoint back).
              idleTimer = this.saveLater(idleTimer, behind.map(key), last);
            }
          }
          failures = 0;
          if (members.size === 0) break;
        }
      } catch (error) {
        if (signal.aborted) break;
        failures++;
        this.options.log?.(`reactors ${[...members].map((r) => r.name).join(', ')}: ${String(error)}; retrying`);
      }
    }
  }
}

/** One handling (of an event, or of a batch at once), timed and counted (metrics), in a span that continues the first event's trace (tracing). */
async function measuredHandle(reactor: Reactor, events: readonly RecordedEvent[], handle: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await handleInSpan(reactor.name, events, handle);
    reactorHandleDuration.observe({ reactor: reactor.name, outcome: 'ok' }, (performance.now() - started) / 1000);
  } catch (error) {
    reactorHandleDuration.observe({ reactor: reactor.name, outcome: 'error' }, (performance.now() - started) / 1000);
    reactorFailures.inc({ reactor: reactor.name });
    throw error;
  }
}

function key(reactor: Reactor): string {
  return `reactor:${reactor.name}`;
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
