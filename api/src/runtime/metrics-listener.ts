/**
 * /metrics for a process with no HTTP server (ROLE=project): a Fastify instance with the metrics
 * plugin and nothing else, on METRICS_PORT, behind the same METRICS_TOKEN.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { AppDeps } from '../deps.js';
import { depsPlugin } from '../plugins/deps.js';
import { registerErrorHandler } from '../plugins/errors.js';
import { registerMetrics, type MetricsPluginOptions } from '../plugins/metrics.js';

export interface MetricsListener {
  /** Where it listens (main.ts prints it). */
  readonly address: AddressInfo;
  close(): Promise<void>;
}

export async function startMetricsListener(deps: AppDeps, options: MetricsPluginOptions): Promise<MetricsListener> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(depsPlugin, { deps });
  registerMetrics(app, options);
  await app.listen({ port: deps.config.METRICS_PORT, host: deps.config.HOST });
  return { address: app.server.address() as AddressInfo, close: () => app.close() };
}
