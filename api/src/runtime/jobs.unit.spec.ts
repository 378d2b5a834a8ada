// Proves the polling job's pace: a run whose result `again` accepts (a full outbox round) is followed at once, otherwise the next waits the interval.
import { describe, expect, it } from 'vitest';
import { pollingJob } from './jobs.js';

describe('pollingJob', () => {
  it('runs again at once while `again` says so of a run, then waits its interval', async () => {
    const handled = [100, 100, 7];
    let runs = 0;
    let thirdStarted!: () => void;
    const third = new Promise<void>((resolve) => (thirdStarted = resolve));
    // An hour's interval: only `again` can bring the second and third runs before the test's timeout.
    const job = pollingJob(
      'test',
      60 * 60 * 1000,
      async () => {
        runs++;
        if (runs === 3) thirdStarted();
        return handled[runs - 1] ?? 0;
      },
      (n) => n >= 100,
    );
    job.start();
    await third;
    await job.stop();
    expect(runs).toBe(3);
  });
});
