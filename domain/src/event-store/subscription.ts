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
  waitForChange: (signal: AbortSignal) => Promise<void>;
  after?: Position | undefined;
  maxBatch: number;
  signal?: AbortSignal | undefined;
}): AsyncGenerator<RecordedEvent[]> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  let after = options.after ?? START;
  try {
    while (!signal.aborted) {
      const batch = await options.readAll(after, options.maxBatch);
      if (batch.length > 0) {
        after = batch[batch.length - 1]!.position;
        yield batch;
        continue;
      }
      await options.waitForChange(signal);
    }
  } finally {
    controller.abort();
  }
}

/** Resolves on the next `notify()` or when the signal aborts, whichever comes first. */
export class ChangeNotifier {
  private waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  wait(signal: AbortSignal, timeoutMs?: number): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
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
