/**
 * The registry of contexts: the composition root (app.ts, main.ts, the test harness) reads it.
 * Adding a context is adding its folder and one line here.
 */
import type { AppDeps } from '../deps.js';
import { emailOutboxJob } from '../adapters/email/sender-job.js';
import { pushOutboxJob } from '../adapters/push/sender-job.js';
import type { ContextModule } from '../runtime/context.js';
import type { BackgroundJob } from '../runtime/jobs.js';
import type { Reactor } from '../runtime/reactor-runner.js';
import { accountsContext } from './accounts/index.js';
import { betsContext } from './bets/index.js';
import { chatContext } from './chat/index.js';
import { walletContext } from './wallet/index.js';
import { liveContext } from './live/index.js';
import { adminContext } from './admin/index.js';
import { poolsContext } from './pools/index.js';
import { supportContext } from './support/index.js';
import { playersContext } from './players/index.js';
import { notificationsContext } from './notifications/index.js';
import { pushContext } from './push/index.js';
import { privacyContext } from './privacy/index.js';

export const contexts: readonly ContextModule[] = [
  accountsContext,
  walletContext,
  betsContext,
  chatContext,
  liveContext,
  adminContext,
  poolsContext,
  supportContext,
  playersContext,
  notificationsContext,
  pushContext,
  privacyContext,
];

/** Every process manager of every context (run in the `project` role). */
export function allReactors(deps: AppDeps): Reactor[] {
  return contexts.flatMap((c) => c.reactors?.(deps) ?? []);
}

/** Every background job: the platform's email and push senders and each context's timers (run in the `project` role). */
export function allJobs(deps: AppDeps): BackgroundJob[] {
  return [emailOutboxJob(deps), pushOutboxJob(deps), ...contexts.flatMap((c) => c.jobs?.(deps) ?? [])];
}
