import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { depsPlugin } from './plugins/deps.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerContracts } from './plugins/contracts.js';
import { consistencyPlugin } from './runtime/consistency.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerMetrics, type MetricsPluginOptions } from './plugins/metrics.js';
import { traceLogFields } from './runtime/tracing.js';
import { registerWebApp, spaFallback, webAppBuilt } from './plugins/web.js';
import { contexts } from './contexts/index.js';
import { devRoutes } from './runtime/dev-routes.js';
import { healthRoutes } from './runtime/health-routes.js';
import { WS_MESSAGE_BYTES_MAX, wsRoutes } from './runtime/ws-gateway.js';

/** JSON bodies above this are refused with 413 before any handler runs. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  deps: AppDeps;
  /** Serve the built web app at `/` (npm start). Tests leave it off. */
  serveWebApp?: boolean;
  logger?: boolean;
  /** Where the log lines go (default: stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** What /metrics reads besides this process's counters (the projecting process's database state). */
  metrics?: MetricsPluginOptions;
}

/** Builds the HTTP app from its dependencies; `main.ts` and the tests (with `inject`) both use it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines (pino); with tracing on, each line written inside a span carries its trace and span ids.
    logger: options.logger ? { level: options.deps.config.LOG_LEVEL, mixin: traceLogFields, ...(options.logStream ? { stream: options.logStream } : {}) } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.deps.config.TRUST_PROXY,
    ajv: { customOptions: { removeAdditional: 'all' } },
    // The router's and the HTTP parser's own refusals bypass setErrorHandler: same shape for them.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  registerContracts(app);
  const serveWebApp = options.serveWebApp === true && webAppBuilt();
  registerErrorHandler(app, serveWebApp ? { notFoundFallback: spaFallback() } : {});
  registerInputGuard(app);
  await app.register(depsPlugin, { deps: options.deps });
  registerMetrics(app, options.metrics);
  await app.register(authPlugin);
  await app.register(consistencyPlugin);
  await registerOpenApi(app);
  await app.register(websocket, { options: { maxPayload: WS_MESSAGE_BYTES_MAX } });
  await app.register(healthRoutes);
  await app.register(wsRoutes, { live: contexts.flatMap((c) => (c.live ? [c.live] : [])) });
  await app.register(devRoutes);
  app.decorate('trailContributors', contexts.flatMap((c) => (c.trail ? [{ source: c.name, contribute: c.trail }] : [])));
  // Every context's routes, each one encapsulated plugin, from the registry.
  for (const context of contexts) await app.register(context.routes);
  if (serveWebApp) await registerWebApp(app);
  return app;
}
