import { isIP, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { v4 as uuidv4 } from 'uuid';
import { CheckpointWatcher, ProjectionRunner, allProjectors, createDatabase, projectorStatuses } from '@wager/projections';
import { buildApp } from './app.js';
import { loadConfigOrExit, type Config } from './config.js';
import { systemClock, type AppDeps, type ProjectionWaiter } from './deps.js';
import { openInfrastructure } from './infrastructure.js';
import { leaveShutdownSignalsToCaller } from './adapters/database/embedded.js';
import { allJobs, allReactors } from './contexts/index.js';
import { ReactorRunner } from './runtime/reactor-runner.js';
import { collectState, projectionMetrics } from './runtime/metrics.js';
import { startMetricsListener } from './runtime/metrics-listener.js';
import { startTracing } from './runtime/tracing.js';

export interface RunningServer {
  readonly url: string | undefined;
  readonly app: FastifyInstance | undefined;
  readonly deps: AppDeps;
  close(): Promise<void>;
}

/** How long an ordered shutdown may take before the process gives up on it and exits 1. */
export const SHUTDOWN_TIMEOUT_MS = 20_000;

/**
 * The origin a person on this machine opens: the host name HOST gives (`localhost`), else
 * `localhost` for a wildcard address (0.0.0.0, ::), else the address itself.
 */
export function listeningOrigin(address: AddressInfo, configuredHost = ''): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = configuredHost !== '' && isIP(configuredHost) === 0 ? configuredHost : wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Connections of the projection runner's own pool in ROLE=both: a batch's transaction, and its status reads beside it. */
export const PROJECTION_RUNNER_POOL_SIZE = 2;

/**
 * The composition root. Roles: `serve` (HTTP + /ws), `project` (projection runner, process
 * managers, background jobs), or `both` (the default, and what `npm start` runs).
 */
export async function startServer(givenConfig: Config, options: { log?: (m: string) => void; serveWebApp?: boolean; logger?: boolean } = {}): Promise<RunningServer> {
  // Our own copy: PUBLIC_URL is filled in below once the port is known, and the caller's object stays as given.
  const config: Config = { ...givenConfig };
  const log = options.log ?? ((m: string) => console.log(m));
  // Before anything that may make a span; nothing is loaded unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
  const tracing = await startTracing({ ...process.env, ROLE: config.ROLE });
  const infra = await openInfrastructure(config, { log });
  const projecting = config.ROLE !== 'serve';
  const serving = config.ROLE !== 'project';
  const projectors = allProjectors();
  // ROLE=project announces each batch it applied, for the serve processes' read-your-writes waits.
  // In ROLE=both the runner's batches get connections of their own: from the requests' pool they
  // queued 20–40 ms a batch behind the requests at full rate (docs/benchmarks.md).
  const runnerDb = projecting && serving ? createDatabase(infra.databaseUrl, { poolSize: PROJECTION_RUNNER_POOL_SIZE }) : infra.db;
  const runner = projecting ? new ProjectionRunner({ store: infra.store, db: runnerDb, projectors, bus: infra.bus, log, announce: !serving, observer: projectionMetrics }) : undefined;

  // ROLE=serve: waits answered by the project process's announcements, with one shared poll of the checkpoints as the safety net.
  const watcher = runner ? undefined : new CheckpointWatcher(infra.db, projectors.map((x) => x.name));
  await watcher?.listen(infra.databaseUrl).catch((error: unknown) => log(`projection announcements unavailable (${String(error)}); polling checkpoints`));
  const projections: ProjectionWaiter = runner
    ? { waitFor: (p, t) => runner.waitFor(p, t ?? config.PROJECTION_WAIT_MS), status: () => runner.status() }
    : {
        waitFor: (p, t) => watcher!.waitFor(p, t ?? config.PROJECTION_WAIT_MS),
        status: async () => {
          const list = await projectorStatuses(infra.db, infra.store, projectors);
          return { running: list.every((x) => x.lag === 0) || list.length === 0, projectors: list };
        },
      };

  const deps: AppDeps = {
    config,
    store: infra.store,
    db: infra.db,
    bus: infra.bus,
    clock: systemClock,
    ids: { uuid: () => uuidv4() },
    projections,
    parts: infra.parts,
  };

  const reactors = projecting ? new ReactorRunner({ store: infra.store, db: infra.db, reactors: allReactors(deps), log }) : undefined;
  const jobs = projecting ? allJobs(deps) : [];
  // The database's state (lag, outboxes, payouts, audit) is reported by the process that projects, once, not by every HTTP replica.
  const metricsState = reactors
    ? { collectState: () => collectState({ db: infra.db, store: infra.store, projectors, reactorNames: reactors.reactorNames, reactorErrors: () => reactors.lastErrors(), now: () => new Date() }) }
    : {};
  runner?.start();
  reactors?.start();
  for (const job of jobs) job.start();

  let app: FastifyInstance | undefined;
  let url: string | undefined;
  if (serving) {
    app = await buildApp({ deps, serveWebApp: options.serveWebApp ?? true, logger: options.logger ?? false, metrics: metricsState });
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    url = typeof address === 'object' && address ? listeningOrigin(address, config.HOST) : `http://localhost:${config.PORT}`;
    // Links (reset mail, share links, payment returns) come from PUBLIC_URL only, never from a
    // request's Host header. Unset, it is the origin printed at start. This runs in the same
    // tick as listen's callback, so no request is handled before it is set.
    config.PUBLIC_URL ??= url;
  }
  // ROLE=project has no HTTP server: /metrics alone, on METRICS_PORT, when a token is configured.
  const metricsListener = !serving && config.METRICS_TOKEN ? await startMetricsListener(deps, metricsState) : undefined;
  if (metricsListener) log(`metrics at ${listeningOrigin(metricsListener.address, config.HOST)}/metrics`);

  return {
    url,
    app,
    deps,
    close: async () => {
      const step = async (what: string, run: () => Promise<unknown>) => {
        await run();
        shutdownTrace(`${what} closed`);
      };
      await step('http', async () => app?.close());
      await step('metrics listener', async () => metricsListener?.close());
      for (const job of jobs) await step(`job ${job.name}`, () => job.stop().catch(() => undefined));
      await step('reactors', async () => reactors?.stop());
      await step('projection runner', async () => {
        await runner?.stop();
        if (runnerDb !== infra.db) await runnerDb.destroy();
      });
      await step('checkpoint watcher', async () => watcher?.close());
      await step('infrastructure', () => infra.close());
      await step('tracing', async () => tracing?.shutdown());
    },
  };
}

/**
 * With SHUTDOWN_TRACE=1, each step of a shutdown is written to stderr as `shutdown: …` (the
 * SIGTERM test turns it on, so a process that does not stop says how far it got).
 */
function shutdownTrace(message: string): void {
  if (process.env.SHUTDOWN_TRACE === '1') process.stderr.write(`shutdown: ${message}\n`);
}

/**
 * Takes SIGINT, SIGTERM and SIGHUP from the embedded database's exit hook and stops in order
 * instead: HTTP and /ws first, then jobs, process managers and projections, then the bus, the
 * event store, the read database, and last the embedded PostgreSQL. Exits 0 when all closed, 1
 * when closing failed or took longer than SHUTDOWN_TIMEOUT_MS. A second signal while stopping
 * is ignored, so one impatient Ctrl-C does not cut the shutdown short.
 */
export function stopOnSignals(server: Pick<RunningServer, 'close'>, hooks: { stopping?: () => void; stopped?: () => void } = {}): void {
  leaveShutdownSignalsToCaller();
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    shutdownTrace(`${signal} received${stopping ? ' (already stopping)' : ''}`);
    if (stopping) return;
    stopping = true;
    hooks.stopping?.();
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting without finishing it.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    try {
      await server.close();
    } catch (error) {
      console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    hooks.stopped?.();
    shutdownTrace('exiting 0');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  shutdownTrace('signal handlers installed');
}

/** `tsx api/src/main.ts`: one process in the role ROLE names (production runs serve and project apart). */
async function runFromCommandLine(): Promise<void> {
  const config = loadConfigOrExit();
  const server = await startServer(config, { logger: true });
  console.log(`wager api (${config.ROLE}) ${server.url ?? ''}`);
  for (const [part, what] of Object.entries(server.deps.parts)) console.log(`  ${part}: ${what}`);
  stopOnSignals(server);
}

if (import.meta.url === `file://${process.argv[1]}`) void runFromCommandLine();
