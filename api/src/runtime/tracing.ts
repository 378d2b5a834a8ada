/**
 * Traces (OpenTelemetry). Off by default: the SDK is loaded and started only when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, and until then
 * every helper here calls straight through, so tracing off costs one boolean test.
 *
 * One trace follows a request the whole way: the HTTP request's span (plugins/metrics.ts, which
 * continues a caller's `traceparent` header), the command (`runCommand`), the append (the
 * instrumented event store, which writes the span's W3C `traceparent` into each event's
 * metadata beside its correlation id), then, in whichever process runs them, the reactors that
 * event wakes (a child of the append's span, read back from the metadata) and the provider calls
 * and commands they make. The spans are made by hand at these few places rather than by
 * auto-instrumentation: the interesting boundaries are ours (command, append, reactor), and the
 * process then needs no loader hooks.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Attributes, type Context, type Link, type Span } from '@opentelemetry/api';
import type { RecordedEvent } from '@wager/domain';

/** The metadata key of the trace context an event was appended in (W3C Trace Context). */
export const TRACEPARENT_METADATA_KEY = 'traceparent';
export const TRACER_NAME = 'wager-api';

let enabled = false;

/** A running SDK: flushes and stops it. */
export interface TracingHandle {
  shutdown(): Promise<void>;
}

/** Whether the environment asks for traces (the standard OTLP endpoint variables). */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()) && env.OTEL_SDK_DISABLED !== 'true';
}

/**
 * Starts the OpenTelemetry SDK (OTLP exporter, W3C propagation, async context) when the
 * environment asks for it, or when a test hands span processors of its own; otherwise loads
 * nothing and returns undefined (as it does when an SDK is already running in this process). The exporter reads the standard OTEL_* variables
 * (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_SERVICE_NAME, …).
 */
export async function startTracing(env: NodeJS.ProcessEnv, options: { spanProcessors?: import('@opentelemetry/sdk-node').tracing.SpanProcessor[]; serviceName?: string } = {}): Promise<TracingHandle | undefined> {
  if (enabled || (!options.spanProcessors && !tracingRequested(env))) return undefined;
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? options.serviceName ?? `wager-api-${env.ROLE ?? 'both'}`,
    instrumentations: [],
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
  });
  sdk.start();
  enabled = true;
  return {
    shutdown: async () => {
      enabled = false;
      await sdk.shutdown();
    },
  };
}

export function tracingEnabled(): boolean {
  return enabled;
}

function tracer() {
  return trace.getTracer(TRACER_NAME);
}

/** Runs `fn` in a new active span (a child of the current one), ending it with `fn`'s outcome. */
export async function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>, options: { kind?: SpanKind; parent?: Context; links?: Link[] } = {}): Promise<T> {
  if (!enabled) return fn();
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes, ...(options.links?.length ? { links: options.links } : {}) }, options.parent ?? context.active(), async (span) => {
    try {
      return await fn();
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

function recordFailure(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** The current trace context as a W3C `traceparent`, for an event's metadata; undefined when off or outside a span. */
export function currentTraceparent(): string | undefined {
  if (!enabled || !trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/**
 * A reactor handling events (one, or a batch handled at once), in a span that is a child of the
 * span the first was appended in (its metadata's `traceparent`), so the trace goes on across
 * processes, linked to the spans the others were appended in; a root span for an event appended
 * with tracing off. Names the event types, the first event, its stream and correlation id.
 */
export function handleInSpan(reactor: string, events: readonly RecordedEvent[], fn: () => Promise<void>): Promise<void> {
  if (!enabled) return fn();
  const contextOf = (event: RecordedEvent): Context | undefined => {
    const traceparent = event.metadata[TRACEPARENT_METADATA_KEY];
    return typeof traceparent === 'string' ? propagation.extract(context.active(), { traceparent }) : undefined;
  };
  const event = events[0]!;
  const parent = contextOf(event) ?? context.active();
  const parentSpan = trace.getSpanContext(parent);
  const links = new Map<string, Link>();
  for (const other of events.slice(1)) {
    const linked = trace.getSpanContext(contextOf(other) ?? ROOT_CONTEXT);
    if (linked && linked.spanId !== parentSpan?.spanId) links.set(linked.spanId, { context: linked });
  }
  const attributes: Attributes = { 'wager.reactor': reactor, 'wager.event.type': [...new Set(events.map((e) => e.type))].join(','), 'wager.event.id': event.id, 'wager.event.count': events.length, 'wager.stream.id': event.streamId };
  if (typeof event.metadata.correlationId === 'string') attributes['wager.correlation_id'] = event.metadata.correlationId;
  return inSpan(`reactor ${reactor}`, attributes, fn, { kind: SpanKind.CONSUMER, parent, links: [...links.values()] });
}

/** Trace and span ids for a log line (pino's mixin), while a span is active. */
export function traceLogFields(): Record<string, string> {
  if (!enabled) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export { SpanKind, SpanStatusCode, context, propagation, trace };
