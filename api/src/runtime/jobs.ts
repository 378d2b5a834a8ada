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
