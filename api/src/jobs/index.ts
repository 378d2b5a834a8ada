import type { AppDeps } from '../deps.js';
import { CryptoDepositExpiryJob } from '../process-managers/wallet-crypto-expiry.js';
import { emailOutboxJob } from '../adapters/email/sender-job.js';
import { BetScheduler } from './bet-scheduler.js';

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

/** Every background job. Add one line per job. */
export function allJobs(deps: AppDeps): BackgroundJob[] {
  return [
    new CryptoDepositExpiryJob(deps),
    emailOutboxJob(deps),
    new BetScheduler(deps),
  ];
}
