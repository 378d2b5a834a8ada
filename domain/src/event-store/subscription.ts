import type { Position, RecordedEvent } from './types.js';
import { START } from './types.js';

/**
 * A catch-up-then-live subscription built on `readAll` and a wake-up signal. Used by the
 * in-memory and PostgreSQL stores: it reads while there is something to read, then waits for
 * `waitForChange` (a notification or a poll timer) and reads again. Because it only ever asks
 * `readAll` for what is after the last delivered position, it inherits readAll's guarantee of
 * never skipping an event that commits late.
 */
export async function* pollingSubscription(options: {
  readAll: (after: Position, maxCount: number) => Promise<RecordedEvent[]>;
  /** Waits for a change; with `since` (a `version` taken before the last read), returns at once if one happened since. */
  waitForChange: (signal: AbortSignal, since?: number) => Promise<void>;
  /**
   * Optional: a counter that moves on every change notification. With it, a batch shorter than
   * `maxBatch` is taken as "caught up" (no second read that would come back empty) unless a
   * change was notified since the read began; and a change notified while a read or the
   * consumer was busy is never missed.
   */
  version?: () => number;
  after?: Position | undefined;
  maxBatch: number;
  signal?: AbortSignal | undefined;
}): AsyncGenerator<RecordedEvent[]> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  let after = options.after ?? START;
  try {
    while (!signal.aborted) {
      const seen = options.version?.();
      const batch = await options.readAll(after, options.maxBatch);
      if (batch.length > 0) {
        after = batch[batch.length - 1]!.position;
        yield batch;
        if (seen === undefined || batch.length >= options.maxBatch) continue;
      }
      await options.waitForChange(signal, seen);
    }
  } finally {
    controller.abort();
  }
}

/** Resolves on the next `notify()` or when the signal aborts, whichever comes first. */
export class ChangeNotifier {
  private waiters = new Set<() => void>();
  /** Moves on every notify: a reader compares it with the value it saw before reading. */
  version = 0;

  notify(): void {
    this.version++;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** With `since`, resolves at once when a notify happened after `version` was `since`. */
  wait(signal: AbortSignal, timeoutMs?: number, since?: number): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted || (since !== undefined && since !== this.version)) return resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = (): void => {
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        if (timer) clearTimeout(timer);
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
      if (timeoutMs !== undefined) timer = setTimeout(done, timeoutMs);
    });
  }
}
