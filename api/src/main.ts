import type { FastifyInstance } from 'fastify';
import { v4 as uuidv4 } from 'uuid';
import { ProjectionRunner, allProjectors, projectorStatuses, waitForCheckpoints } from '@wager/projections';
import { buildApp } from './app.js';
import { loadConfigOrExit, type Config } from './config.js';
import { systemClock, type AppDeps, type ProjectionWaiter } from './deps.js';
import { openInfrastructure } from './infrastructure.js';
import { ReactorRunner, allReactors } from './process-managers/index.js';
import { allJobs } from './jobs/index.js';

export interface RunningServer {
  readonly url: string | undefined;
  readonly app: FastifyInstance | undefined;
  readonly deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The composition root. Roles: `serve` (HTTP + /ws), `project` (projection runner, process
 * managers, background jobs), or `both` (the default, and what `npm start` runs).
 */
export async function startServer(config: Config, options: { log?: (m: string) => void; serveWebApp?: boolean; logger?: boolean } = {}): Promise<RunningServer> {
  const log = options.log ?? ((m: string) => console.log(m));
  const infra = await openInfrastructure(config, { log });
  const projecting = config.ROLE !== 'serve';
  const serving = config.ROLE !== 'project';
  const projectors = allProjectors();
  const runner = projecting ? new ProjectionRunner({ store: infra.store, db: infra.db, projectors, bus: infra.bus, log }) : undefined;

  const projections: ProjectionWaiter = runner
    ? { waitFor: (p, t) => runner.waitFor(p, t ?? config.PROJECTION_WAIT_MS), status: () => runner.status() }
    : {
        waitFor: (p, t) => waitForCheckpoints(infra.db, projectors.map((x) => x.name), p, { timeoutMs: t ?? config.PROJECTION_WAIT_MS }),
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
  runner?.start();
  reactors?.start();
  for (const job of jobs) job.start();

  let app: FastifyInstance | undefined;
  let url: string | undefined;
  if (serving) {
    app = await buildApp({ deps, serveWebApp: options.serveWebApp ?? true, logger: options.logger ?? false });
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://localhost:${port}`;
  }

  return {
    url,
    app,
    deps,
    close: async () => {
      await app?.close();
      for (const job of jobs) await job.stop().catch(() => undefined);
      await reactors?.stop();
      await runner?.stop();
      await infra.close();
    },
  };
}

/** `tsx api/src/main.ts`: one process in the role ROLE names (production runs serve and project apart). */
async function runFromCommandLine(): Promise<void> {
  const config = loadConfigOrExit();
  const server = await startServer(config, { logger: true });
  console.log(`wager api (${config.ROLE}) ${server.url ?? ''}`);
  for (const [part, what] of Object.entries(server.deps.parts)) console.log(`  ${part}: ${what}`);
  const shutdown = async (): Promise<void> => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

if (import.meta.url === `file://${process.argv[1]}`) void runFromCommandLine();
