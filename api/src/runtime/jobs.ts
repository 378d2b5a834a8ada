/**
 * A background job: the email outbox sender, schedulers (expiry, deadlines), sandboxes' timers.
 * Started in the `project` role (or `both`), stopped cleanly on shutdown. A job that can run in
 * several processes at once must say how it stays safe (row locks, deterministic ids).
 */
export interface BackgroundJob {
  readonly name: string;
  start(): void;
  stop(): Promise<void>;
}

/**
 * A job that runs `tick` every `periodMs`, never two ticks at once in one process (a slow tick
 * makes the next wait), and whose `stop` waits for the tick under way. A failed tick is left for
 * the next one: each job's tick is safe to repeat (deterministic ids, expected revisions).
 */
export abstract class IntervalJob<TickResult = unknown> implements BackgroundJob {
  abstract readonly name: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  protected constructor(private readonly periodMs: number) {}

  abstract tick(): Promise<TickResult>;

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().catch(() => undefined).finally(() => (this.running = undefined));
    }, this.periodMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/**
 * A job that runs `work` at once and then `intervalMs` after each run ends (never two at once in
 * one process), whose `stop` waits for the run under way. When `again` says so of a run's result
 * (an outbox round that came back full), the next run starts at once instead. A failed run is
 * left for the next one: the outbox senders' runs are safe to repeat (claims with a lease,
 * per-row bookkeeping).
 */
export function pollingJob<T>(name: string, intervalMs: number, work: () => Promise<T>, again: (result: T) => boolean = () => false): BackgroundJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  const tick = (): void => {
    running = Promise.resolve()
      .then(work)
      .then((result) => again(result))
      .catch(() => false)
      .then((now) => {
        if (!stopped) timer = setTimeout(tick, now ? 0 : intervalMs);
      });
  };
  return {
    name,
    start: () => {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
