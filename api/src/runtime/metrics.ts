/**
 * The process's metrics, in Prometheus' text format (prom-client), served at /metrics behind
 * METRICS_TOKEN (plugins/metrics.ts). Names follow Prometheus' conventions: a `wager_` prefix,
 * the unit in the name (`_seconds`, `_total`), and label values from small fixed sets (a
 * route's pattern, never its URL; a provider's name; a state), so no label can grow without bound.
 *
 * Two kinds of instrument:
 * - events counted where they happen (HTTP requests, appends, batches, reactor handlings,
 *   provider calls, /ws connections), in every process, into one registry per process;
 * - state read at scrape time from the database (projector and reactor lag, outboxes, payouts,
 *   the last audit), by the process that runs the projections (`collectState`), so one
 *   process, not every HTTP replica, reports each of them.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { START, type EventStore } from '@wager/domain';
import { SpanKind, inSpan } from './tracing.js';
import { LAG_COUNT_CAP, databasePoolStats, readCheckpoints, type Database, type ProjectionObserver, type Projector } from '@wager/projections';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

/** Request latency buckets (seconds): a few ms for reads up to the read-your-writes wait. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const PROVIDER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new Histogram({
  name: 'wager_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status code, and how long they took.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: HTTP_BUCKETS,
  registers: [metricsRegistry],
});

export const eventStoreAppendDuration = new Histogram({
  name: 'wager_event_store_append_duration_seconds',
  help: 'Event store appends and how long they took, by outcome (ok, conflict: a wrong expected revision, error).',
  labelNames: ['outcome'] as const,
  buckets: FAST_BUCKETS,
  registers: [metricsRegistry],
});

export const eventStoreConflicts = new Counter({
  name: 'wager_event_store_append_conflicts_total',
  help: 'Appends refused for a wrong expected revision (the command is decided again on the fresh state).',
  registers: [metricsRegistry],
});

export const projectorBatchDuration = new Histogram({
  name: 'wager_projector_batch_duration_seconds',
  help: "Time each projector took to apply its share of a batch of events.",
  labelNames: ['projector'] as const,
  buckets: FAST_BUCKETS,
  registers: [metricsRegistry],
});

export const projectorEventsApplied = new Counter({
  name: 'wager_projector_events_applied_total',
  help: 'Events each projector applied to its read model.',
  labelNames: ['projector'] as const,
  registers: [metricsRegistry],
});

export const projectorFailures = new Counter({
  name: 'wager_projector_failures_total',
  help: 'Batches a projector threw on (retried; the read model is left as it was).',
  labelNames: ['projector'] as const,
  registers: [metricsRegistry],
});

export const projectionBatchDuration = new Histogram({
  name: 'wager_projection_batch_duration_seconds',
  help: 'Time a batch took to commit for every projector together.',
  buckets: FAST_BUCKETS,
  registers: [metricsRegistry],
});

export const reactorHandleDuration = new Histogram({
  name: 'wager_reactor_handle_duration_seconds',
  help: 'Time each reactor (process manager) took to handle one event, by outcome (ok, error).',
  labelNames: ['reactor', 'outcome'] as const,
  buckets: [...FAST_BUCKETS, 5, 10, 30],
  registers: [metricsRegistry],
});

export const reactorFailures = new Counter({
  name: 'wager_reactor_failures_total',
  help: 'Events a reactor failed to handle (each retried from its checkpoint, never skipped).',
  labelNames: ['reactor'] as const,
  registers: [metricsRegistry],
});

/** Provider names: a fixed set, the label's every value. */
export type ProviderName = 'paystack' | 'crypto' | 'sms' | 'fpl' | 'match_stats_cod' | 'match_stats_fc25' | 'push';
/** How a provider call ended: an answer by class, or none. */
export type ProviderOutcome = 'success' | 'client_error' | 'rate_limited' | 'server_error' | 'timeout' | 'network_error';

export const providerRequestDuration = new Histogram({
  name: 'wager_provider_request_duration_seconds',
  help: 'Calls to external providers (Paystack, crypto, SMS, FPL, match stats, Web Push) by provider and outcome, and how long they took.',
  labelNames: ['provider', 'outcome'] as const,
  buckets: PROVIDER_BUCKETS,
  registers: [metricsRegistry],
});

export function observeProviderCall(provider: ProviderName, outcome: ProviderOutcome, seconds: number): void {
  providerRequestDuration.observe({ provider, outcome }, seconds);
}

/** The outcome of an HTTP answer's status. */
export function providerOutcomeOfStatus(status: number): ProviderOutcome {
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'success';
}

/** The outcome of a call that got no answer: the timeout's abort, or anything else on the way. */
export function providerOutcomeOfError(error: unknown): ProviderOutcome {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || /timeout/i.test(error.message)) ? 'timeout' : 'network_error';
}

/**
 * `fetch` that records each call's provider, outcome and time: the one place every HTTP provider
 * adapter is measured (and traced, see tracing.ts), whatever `fetch` it was given.
 */
export function measuredFetch(provider: ProviderName, inner: typeof fetch = fetch): typeof fetch {
  return (input, init) =>
    inSpan(`provider ${provider}`, { 'wager.provider': provider, 'http.request.method': init?.method ?? 'GET' }, async () => {
      const started = performance.now();
      try {
        const response = await inner(input, init);
        observeProviderCall(provider, providerOutcomeOfStatus(response.status), (performance.now() - started) / 1000);
        return response;
      } catch (error) {
        observeProviderCall(provider, providerOutcomeOfError(error), (performance.now() - started) / 1000);
        throw error;
      }
    }, { kind: SpanKind.CLIENT });
}

export const wsConnections = new Gauge({
  name: 'wager_ws_connections',
  help: 'Open /ws connections in this process.',
  registers: [metricsRegistry],
});

/** An EventStore whose pool can report its occupancy (the PostgreSQL store). */
interface PooledStore {
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
}

const poolClients = new Gauge({
  name: 'wager_pg_pool_clients',
  help: 'PostgreSQL connections open in each pool of this process, by state (idle, active).',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
});
const poolWaiting = new Gauge({
  name: 'wager_pg_pool_waiting_requests',
  help: 'Queries waiting for a free connection in each pool of this process.',
  labelNames: ['pool'] as const,
  registers: [metricsRegistry],
});

/** The pools of one process: read tables (`read`) and the PostgreSQL event store (`event_store`). */
export function collectPools(db: Kysely<Database>, store: EventStore): void {
  const pools: [string, { total: number; idle: number; waiting: number } | undefined][] = [
    ['read', databasePoolStats(db)],
    ['event_store', typeof (store as Partial<PooledStore>).poolStats === 'function' ? (store as unknown as PooledStore).poolStats() : undefined],
  ];
  for (const [pool, stats] of pools) {
    if (!stats) continue;
    poolClients.set({ pool, state: 'idle' }, stats.idle);
    poolClients.set({ pool, state: 'active' }, stats.total - stats.idle);
    poolWaiting.set({ pool }, stats.waiting);
  }
}

/** The runner's observer, counting into this registry. */
export const projectionMetrics: ProjectionObserver = {
  projectorApplied(projector, events, seconds) {
    projectorBatchDuration.observe({ projector }, seconds);
    projectorEventsApplied.inc({ projector }, events);
  },
  projectorFailed(projector) {
    projectorFailures.inc({ projector });
  },
  batchApplied(_events, seconds) {
    projectionBatchDuration.observe(seconds);
  },
};

/* State read from the database at scrape time (the projecting process only). */

const checkpointPosition = new Gauge({
  name: 'wager_checkpoint_position',
  help: "Each projector's and reactor's checkpoint: the global position (sequence number) of the last event it holds.",
  labelNames: ['kind', 'name'] as const,
  registers: [metricsRegistry],
});
const checkpointLag = new Gauge({
  name: 'wager_checkpoint_lag_events',
  help: `Events each projector and reactor still has to process (counted up to ${LAG_COUNT_CAP}).`,
  labelNames: ['kind', 'name'] as const,
  registers: [metricsRegistry],
});
const checkpointAge = new Gauge({
  name: 'wager_checkpoint_age_seconds',
  help: "Seconds since each projector's and reactor's checkpoint last moved (reactors move theirs at least every 200 ms of activity).",
  labelNames: ['kind', 'name'] as const,
  registers: [metricsRegistry],
});
const reactorFailing = new Gauge({
  name: 'wager_reactor_failing',
  help: "1 while a reactor's last attempt at an event failed (it is retrying), else 0.",
  labelNames: ['reactor'] as const,
  registers: [metricsRegistry],
});
const outboxDepth = new Gauge({
  name: 'wager_outbox_depth',
  help: 'Messages waiting in each outbox (email, sms, push) to be sent.',
  labelNames: ['outbox'] as const,
  registers: [metricsRegistry],
});
const outboxAge = new Gauge({
  name: 'wager_outbox_oldest_age_seconds',
  help: 'Age of the oldest message waiting in each outbox (0 when none waits).',
  labelNames: ['outbox'] as const,
  registers: [metricsRegistry],
});
const payouts = new Gauge({
  name: 'wager_payouts',
  help: 'Withdrawals (bank, crypto) by state: requested (going out automatically), held (waiting for an admin), sent, paid, returned.',
  labelNames: ['rail', 'state'] as const,
  registers: [metricsRegistry],
});
const payoutAge = new Gauge({
  name: 'wager_payout_oldest_age_seconds',
  help: 'Age of the oldest withdrawal in each open state (requested: since it was due, after any new-account wait; held: since the request; sent: since it was sent), 0 when none.',
  labelNames: ['rail', 'state'] as const,
  registers: [metricsRegistry],
});
const auditLastRun = new Gauge({
  name: 'wager_audit_last_run_timestamp_seconds',
  help: 'When `npm run audit -- verify` last ran (Unix time; 0: never).',
  registers: [metricsRegistry],
});
const auditLastPassed = new Gauge({
  name: 'wager_audit_last_run_passed',
  help: 'Whether the last audit run passed (1) or found failures (0); absent until one ran.',
  registers: [metricsRegistry],
});

export const PAYOUT_STATES = ['requested', 'held', 'sent', 'paid', 'returned'] as const;
export const OUTBOXES = ['email', 'sms', 'push'] as const;

export interface StateSources {
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly projectors: readonly Pick<Projector, 'name'>[];
  readonly reactorNames: readonly string[];
  /** The reactors failing now (name → last error). */
  readonly reactorErrors: () => Record<string, string>;
  readonly now: () => Date;
}

/** Reads the database state gauges (the projecting process, at each scrape). */
export async function collectState(sources: StateSources): Promise<void> {
  await Promise.all([collectCheckpoints(sources), collectOutboxes(sources), collectPayouts(sources), collectAudit(sources)]);
  const failing = sources.reactorErrors();
  for (const name of sources.reactorNames) reactorFailing.set({ reactor: name }, name in failing ? 1 : 0);
}

async function collectCheckpoints({ db, store, projectors, reactorNames, now }: StateSources): Promise<void> {
  const checkpoints = await readCheckpoints(db);
  const { rows } = await sql<{ name: string; updated_at: Date }>`select name, updated_at from projection_checkpoints`.execute(db);
  const movedAt = new Map(rows.map((r) => [r.name, new Date(r.updated_at).getTime()]));
  const entries = [...projectors.map((p) => ['projector', p.name, p.name] as const), ...reactorNames.map((name) => ['reactor', name, `reactor:${name}`] as const)];
  await Promise.all(
    entries.map(async ([kind, name, key]) => {
      const checkpoint = checkpoints.get(key) ?? START;
      checkpointPosition.set({ kind, name }, checkpoint.prepare);
      checkpointLag.set({ kind, name }, await store.countAfter(checkpoint, LAG_COUNT_CAP));
      const at = movedAt.get(key);
      checkpointAge.set({ kind, name }, at === undefined ? 0 : Math.max(0, (now().getTime() - at) / 1000));
    }),
  );
}

async function collectOutboxes({ db, now }: StateSources): Promise<void> {
  const { rows } = await sql<{ outbox: string; depth: string; oldest: Date | null }>`
    select 'email' as outbox, count(*) as depth, min(created_at) as oldest from email_outbox where status = 'queued'
    union all select 'sms', count(*), min(created_at) from sms_outbox where status = 'queued'
    union all select 'push', count(*), min(created_at) from push_outbox where status = 'queued'`.execute(db);
  for (const row of rows) {
    outboxDepth.set({ outbox: row.outbox }, Number(row.depth));
    outboxAge.set({ outbox: row.outbox }, row.oldest ? Math.max(0, (now().getTime() - new Date(row.oldest).getTime()) / 1000) : 0);
  }
}

/**
 * The payout states of both rails in one vocabulary: a bank withdrawal `requested` is `held`
 * while it waits for an admin (a review reason, KYC, an admin's hold); a crypto one is `pending`
 * (held while its KYC review is pending), `processing` (sent), `completed` (paid) or
 * `cancelled` (returned). An automatic bank withdrawal is not due before its `not_before` (the
 * new-account wait), so its age counts from then: a wait the rules impose is not a stuck payout.
 */
async function collectPayouts({ db, now }: StateSources): Promise<void> {
  const { rows } = await sql<{ rail: string; state: string; count: string; oldest: Date | null }>`
    select 'bank' as rail, state, count(*) as count, min(since) as oldest from (
      select case when status = 'requested' and (kyc_pending or admin_held) then 'held' else status end as state,
             case when status = 'sent' then coalesce(sent_at, requested_at)
                  when status = 'requested' and not (kyc_pending or admin_held) then greatest(requested_at, not_before)
                  else requested_at end as since
      from bank_withdrawals) b group by state
    union all
    select 'crypto', state, count(*), min(since) from (
      select case status when 'pending' then (case when kyc_status = 'pending' then 'held' else 'requested' end)
                         when 'processing' then 'sent' when 'completed' then 'paid' when 'cancelled' then 'returned' else status end as state,
             case when status = 'processing' then updated_at else created_at end as since
      from crypto_withdrawals) c group by state`.execute(db);
  for (const rail of ['bank', 'crypto']) {
    for (const state of PAYOUT_STATES) {
      const row = rows.find((r) => r.rail === rail && r.state === state);
      payouts.set({ rail, state }, row ? Number(row.count) : 0);
      if (state === 'requested' || state === 'held' || state === 'sent') {
        payoutAge.set({ rail, state }, row?.oldest ? Math.max(0, (now().getTime() - new Date(row.oldest).getTime()) / 1000) : 0);
      }
    }
  }
}

async function collectAudit({ db }: StateSources): Promise<void> {
  const last = await db.selectFrom('audit_runs').select(['ran_at', 'passed']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  auditLastRun.set(last ? new Date(last.ran_at).getTime() / 1000 : 0);
  if (last) auditLastPassed.set(last.passed ? 1 : 0);
  else auditLastPassed.reset();
}

/** Retention (privacy-retention job): its passes, and what each deleted, by kind. */
export const retentionRuns = new Counter({
  name: 'wager_retention_runs_total',
  help: 'Passes of the retention job (evidence files and chats of ended bets past RETENTION_DAYS_EVIDENCE_AND_CHAT).',
  registers: [metricsRegistry],
});
export const retentionPurged = new Counter({
  name: 'wager_retention_purged_total',
  help: 'What the retention job deleted: chats (texts shredded) and evidence files (removed from disk).',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});
export const retentionLastRun = new Gauge({
  name: 'wager_retention_last_run_timestamp_seconds',
  help: 'When the retention job last finished a pass (Unix time, seconds).',
  registers: [metricsRegistry],
});
