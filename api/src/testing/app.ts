/**
 * Test support: the real app, in-process, on a fresh PostgreSQL database with the PostgreSQL
 * event store, the projection runner, process managers and an in-process bus. Time is a
 * controllable clock; ids are real UUIDs. Call through `harness.app.inject(...)`.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { v4 as uuidv4 } from 'uuid';
import { InProcessBus, type Bus } from '@wager/domain';
import { ProjectionRunner, allProjectors, createDatabase, migrateToLatest } from '@wager/projections';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { buildApp } from '../app.js';
import { CONSISTENCY_HEADER, parseConsistencyToken } from '../runtime/consistency.js';
import { comparePositions, type Position } from '@wager/domain';
import { configSchema, type Config } from '../config.js';
import type { AppDeps, Clock } from '../deps.js';
import { withPersonalData } from '../adapters/personal-data/store.js';
import { PostgresEventStore } from '../adapters/event-store/postgres.js';
import { InstrumentedEventStore } from '../adapters/event-store/instrumented.js';
import { collectState, projectionMetrics } from '../runtime/metrics.js';
import { allJobs, allReactors } from '../contexts/index.js';
import { ReactorRunner } from '../runtime/reactor-runner.js';
import type { BackgroundJob } from '../runtime/jobs.js';

export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-21T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The harness's PUBLIC_URL unless a test names its own: `startServer` would take it from the
 * listening address, but `inject` listens nowhere, and links must never come from a request.
 */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TestHarness {
  readonly app: FastifyInstance;
  readonly deps: AppDeps;
  readonly clock: TestClock;
  readonly runner: ProjectionRunner;
  readonly reactors: ReactorRunner;
  readonly jobs: BackgroundJob[];
  readonly databaseUrl: string;
  /** Waits until the read models show everything appended so far. */
  settle(): Promise<void>;
  /** `app.inject` without the consistency token the harness otherwise sends on reads (see `carryConsistencyTokens`). */
  readonly rawInject: FastifyInstance['inject'];
  /** From now on `app.inject` sends no consistency token (the read models are stopped for good: fuzz's `quiesce`). */
  stopSendingConsistencyTokens(): void;
  close(): Promise<void>;
}

export const HARNESS_PROJECTION_WAIT_MS = 30_000;

export interface TestHarnessOptions {
  env?: Record<string, string>;
  startJobs?: boolean;
  label?: string;
  /**
   * How long a command or read waits for the read models before answering without them (a 202, or
   * the answer as the tables have it). 30 s by default: the bound is a hang guard, and a machine
   * running several suites at once can leave a runner seconds behind; a spec about lag sets its own.
   */
  projectionWaitMs?: number;
  /** Another bus than the in-process one (a real NATS connection); closed with the harness. */
  bus?: Bus;
  /** Share another harness's database (a second app instance) instead of a fresh one. */
  databaseUrl?: string;
  /** False: an HTTP and /ws instance only, no projection runner nor process managers (another instance projects). */
  project?: boolean;
  /** Where the app's log lines go (the logger is on only with one; its level is LOG_LEVEL). */
  logStream?: { write(line: string): void };
}

export async function createTestHarness(options: TestHarnessOptions = {}): Promise<TestHarness> {
  const databaseUrl = options.databaseUrl ?? (await freshDatabaseUrl(options.label ?? 'api'));
  const config: Config = configSchema.parse({ NODE_ENV: 'test', PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/wager-test-data`, LOG_LEVEL: 'silent', ...options.env });
  const db = createDatabase(databaseUrl);
  await migrateToLatest(db);
  const clock = new TestClock();
  const store = await withPersonalData(new InstrumentedEventStore(await PostgresEventStore.connect(databaseUrl, { pollIntervalMs: 100 })), { db, config, clock });
  const bus: Bus = options.bus ?? new InProcessBus();
  const projectors = allProjectors();
  const runner = new ProjectionRunner({ store, db, projectors, bus, now: () => clock.now(), observer: projectionMetrics });
  const deps: AppDeps = {
    config,
    store,
    db,
    bus,
    clock,
    ids: { uuid: () => uuidv4() },
    projections: { waitFor: (p, t) => runner.waitFor(p, t ?? options.projectionWaitMs ?? HARNESS_PROJECTION_WAIT_MS), status: () => runner.status() },
    parts: { database: 'test PostgreSQL', eventStore: 'PostgreSQL event store (same database)', bus: 'in-process bus' },
  };
  const reactors = new ReactorRunner({ store, db, reactors: allReactors(deps) });
  const jobs = allJobs(deps);
  const projecting = options.project ?? true;
  if (projecting) {
    runner.start();
    reactors.start();
  }
  if (options.startJobs) for (const job of jobs) job.start();
  // As main.ts: the process that projects reports the database's state at /metrics.
  const metrics = projecting ? { collectState: () => collectState({ db, store, projectors, reactorNames: reactors.reactorNames, reactorErrors: () => reactors.lastErrors(), now: () => clock.now() }) } : {};
  const app = await buildApp({ deps, metrics, ...(options.logStream ? { logger: true, logStream: options.logStream } : {}) });
  await app.ready();
  const tokens = { enabled: projecting };
  const rawInject = projecting ? carryConsistencyTokens(app, tokens) : app.inject.bind(app);
  return {
    app,
    deps,
    clock,
    runner,
    reactors,
    jobs,
    databaseUrl,
    rawInject,
    stopSendingConsistencyTokens: () => {
      tokens.enabled = false;
    },
    settle: async () => {
      // The last committed event, whether or not $all readers may see it yet (they hold back
      // behind transactions still open anywhere on the server): wait until the runner has it.
      const { rows } = await sql<{ transaction_id: string; global_position: string }>`select transaction_id, global_position from es_events order by transaction_id desc, global_position desc limit 1`.execute(db);
      const row = rows[0];
      if (row && !(await runner.waitFor({ commit: Number(row.transaction_id), prepare: Number(row.global_position) }, 20_000))) {
        throw new Error(`read models did not catch up: ${JSON.stringify(await runner.status())}`);
      }
    },
    close: async () => {
      await app.close();
      for (const job of jobs) await job.stop().catch(() => undefined);
      await reactors.stop();
      await runner.stop();
      await store.close();
      await db.destroy();
      if (options.bus) await options.bus.close();
    },
  };
}

/**
 * The harness is one client, as the web app is (app-web/src/lib/api-client.ts): it keeps the
 * latest consistency token any answer carried and sends it on every request that does not name
 * its own, so a test reads its own writes as a person does. Returns the unwrapped `inject`.
 */
function carryConsistencyTokens(app: FastifyInstance, tokens: { enabled: boolean }): FastifyInstance['inject'] {
  const rawInject = app.inject.bind(app) as FastifyInstance['inject'];
  let latest: { token: string; position: Position } | null = null;
  const remember = (response: { headers: Record<string, unknown> }) => {
    const token = response.headers[CONSISTENCY_HEADER];
    const position = typeof token === 'string' ? parseConsistencyToken(token) : null;
    if (typeof token === 'string' && position && (!latest || comparePositions(position, latest.position) > 0)) latest = { token, position };
    return response;
  };
  const wrapped = ((options?: unknown, callback?: unknown) => {
    if (typeof options !== 'object' || options === null || typeof callback === 'function') return (rawInject as (...args: unknown[]) => unknown)(options, callback);
    const request = options as { headers?: Record<string, unknown> };
    const headers = { ...(request.headers ?? {}) };
    if (tokens.enabled && latest && !Object.keys(headers).some((h) => h.toLowerCase() === CONSISTENCY_HEADER)) headers[CONSISTENCY_HEADER] = latest.token;
    return (rawInject({ ...(request as object), headers } as never) as unknown as Promise<{ headers: Record<string, unknown> }>).then(remember);
  }) as unknown as FastifyInstance['inject'];
  (app as { inject: FastifyInstance['inject'] }).inject = wrapped;
  return rawInject;
}
