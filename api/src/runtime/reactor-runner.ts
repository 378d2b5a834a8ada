import type { Kysely } from 'kysely';
import { START, comparePositions, type EventStore, type RecordedEvent } from '@wager/domain';
import { lockCheckpoint, readCheckpoints, saveCheckpoint, type Database } from '@wager/projections';

export const REACTOR_RETRY_DELAY_MS_MAX = 10_000;

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
 * `projection_checkpoints` under `reactor:<name>`, moved after each handled event. A handler
 * failure is retried (growing delays) without skipping the event: money must not be lost.
 */
export class ReactorRunner {
  private controller: AbortController | undefined;
  private loops: Promise<void>[] = [];
  private readonly errors = new Map<string, string>();

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
    while (!signal.aborted) {
      try {
        const after = (await readCheckpoints(this.options.db)).get(key) ?? START;
        for await (const batch of this.options.store.subscribeToAll({ after, signal, maxBatch: 100 })) {
          for (const event of batch) {
            if (!reactor.eventTypes || reactor.eventTypes.includes(event.type)) await reactor.handle(event);
            await this.options.db.transaction().execute(async (trx) => {
              const current = await lockCheckpoint(trx, key, now());
              if (comparePositions(event.position, current) > 0) await saveCheckpoint(trx, key, event.position, now());
            });
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
