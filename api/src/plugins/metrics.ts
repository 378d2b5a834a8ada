/**
 * HTTP metrics and traces for every route, and the `/metrics` endpoint.
 *
 * Each request is observed once it is answered, under its route's pattern
 * (`request.routeOptions.url`, `/api/bets/:betId`; `unmatched` for a 404), never its URL, so the
 * label's values are as many as the routes. With tracing on, each request is a server span that
 * continues the caller's `traceparent`, active from the handler on, and the request's log lines
 * carry its trace and span ids.
 *
 * `/metrics` answers the Prometheus text format to a caller that presents METRICS_TOKEN as a
 * bearer token (Prometheus' `authorization` scrape setting); without METRICS_TOKEN configured
 * the route does not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectPools, httpRequestDuration, metricsRegistry } from '../runtime/metrics.js';
import { SpanKind, SpanStatusCode, context, propagation, trace, tracingEnabled, TRACER_NAME } from '../runtime/tracing.js';
import type { Span } from '@opentelemetry/api';

export interface MetricsPluginOptions {
  /** The database state gauges, read at each scrape by the process that projects (runtime/metrics.ts `collectState`). */
  readonly collectState?: () => Promise<void>;
}

/** The route label of a request no route matched. */
export const UNMATCHED_ROUTE = 'unmatched';

const startedAt = new WeakMap<FastifyRequest, number>();
const spans = new WeakMap<FastifyRequest, Span>();

/** True when `header` is `Bearer <token>` (compared in constant time). */
export function presentsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerMetrics(app: FastifyInstance, options: MetricsPluginOptions = {}): void {
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, performance.now());
    if (tracingEnabled()) {
      const parent = propagation.extract(context.active(), request.headers);
      const span = trace.getTracer(TRACER_NAME).startSpan(request.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' } }, parent);
      spans.set(request, span);
      const { traceId, spanId } = span.spanContext();
      request.log = request.log.child({ trace_id: traceId, span_id: spanId });
    }
    done();
  });
  // Active from here, after the body is read (stream callbacks would lose an earlier context): the handler runs inside it.
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(propagation.extract(context.active(), request.headers), span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const began = startedAt.get(request);
    if (began !== undefined) httpRequestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, (performance.now() - began) / 1000);
    const span = spans.get(request);
    if (span) {
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': reply.statusCode });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });

  const token = app.deps.config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!presentsToken(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'A valid metrics token is required', code: 'metrics_token_required' });
    }
    collectPools(app.deps.db, app.deps.store);
    await options.collectState?.();
    return reply.header('content-type', metricsRegistry.contentType).header('cache-control', 'no-store').send(await metricsRegistry.metrics());
  });
}
