// Proves traces: with the SDK started (an in-memory exporter in place of OTLP), one HTTP request's trace runs request → command → append → the reactors its events wake (through the traceparent stored in the events' metadata beside their correlation id) → the commands those append; a caller's traceparent is continued; the request's JSON log lines carry its trace id; with tracing off nothing is stamped on events.
import { randomUUID } from 'node:crypto';
import { tracing } from '@opentelemetry/sdk-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { fundedPlayer } from '../contexts/bets/testing.js';
import { settleReactors } from '../testing/reactors.js';
import { startTracing, tracingEnabled, TRACEPARENT_METADATA_KEY, type TracingHandle } from './tracing.js';

const exporter = new tracing.InMemorySpanExporter();
let handle: TracingHandle | undefined;
let h: TestHarness;

beforeAll(async () => {
  handle = await startTracing({}, { spanProcessors: [new tracing.SimpleSpanProcessor(exporter)], serviceName: 'wager-api-test' });
  h = await createTestHarness({ label: 'tracing' });
});
afterAll(async () => {
  await h.close();
  await handle?.shutdown();
});

type Span = tracing.ReadableSpan;
const parentOf = (span: Span): string | undefined => span.parentSpanContext?.spanId;

/** The span's ancestors, nearest first, among the exported spans. */
function ancestry(span: Span, spans: Span[]): Span[] {
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  const chain: Span[] = [];
  for (let at = byId.get(parentOf(span) ?? ''); at; at = byId.get(parentOf(at) ?? '')) chain.push(at);
  return chain;
}

/** The exported span of that name, once it has ended (in the response's onResponse hook): a wait on the span, not on time. */
function finishedSpan(name: string): Promise<Span> {
  return vi.waitFor(() => {
    const span = exporter.getFinishedSpans().find((s) => s.name === name);
    if (!span) throw new Error(`no span ${name} yet`);
    return span;
  });
}

describe('traces', () => {
  it('follow one request through its command and append to the reactors its events wake, in one trace', async () => {
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '500.00');
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
    const bet = created.json().bet as { id: string; inviteLinkId: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
    await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: alice.headers, payload: { result: 'lost' } });
    exporter.reset();
    const settled = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: bob.headers, payload: { result: 'won' } });
    expect(settled.json()).toMatchObject({ status: 'completed' });
    await settleReactors(h);

    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'POST /api/bets/:betId/result');
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(request!.attributes['http.route']).toBe('/api/bets/:betId/result');
    expect(request!.attributes['http.response.status_code']).toBe(200);
    const traceId = request!.spanContext().traceId;
    const trace = spans.filter((s) => s.spanContext().traceId === traceId);

    // The settlement's reactor (the report and the settlement it made, handled as one batch) is a child of the one append that recorded BetSettled and the payout, under the request.
    const followUp = trace.find((s) => s.name === 'reactor chat-system-messages' && String(s.attributes['wager.event.type']).split(',').includes('BetSettled'));
    expect(followUp, trace.map((s) => s.name).join(', ')).toBeDefined();
    const names = ancestry(followUp!, trace).map((s) => s.name);
    expect(names[0]).toBe('append bet+wallet');
    expect(names.at(-1)).toBe('POST /api/bets/:betId/result');
    expect(followUp!.attributes['wager.stream.id']).toBe(`bet-${bet.id}`);

    // What the reactor did (the chat's system messages, one batch of commands) is in the same trace, below it.
    const posted = trace.find((s) => s.name === 'command batch' && s.attributes['wager.command.type'] === 'PostSystemMessage' && ancestry(s, trace).includes(followUp!));
    expect(posted, trace.map((s) => s.name).join(', ')).toBeDefined();
    // And so are the reactors of the reactors: the notification raised for the settlement, then mailed.
    const mailed = trace.find((s) => s.name === 'reactor notifications-email');
    expect(mailed && ancestry(mailed, trace).at(-1)).toBe(request);

    // The events carry the trace context beside their correlation id.
    const events = await h.deps.store.readStream(`bet-${bet.id}`);
    const settledEvent = events.find((e) => e.type === 'BetSettled')!;
    expect(settledEvent.metadata[TRACEPARENT_METADATA_KEY]).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });

  it('continues a caller\'s traceparent', async () => {
    exporter.reset();
    const callerTrace = randomUUID().replaceAll('-', '');
    const r = await h.app.inject({ method: 'GET', url: '/api/health', headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` } });
    expect(r.statusCode).toBe(200);
    // The span ends in the onResponse hook: wait for it, not for time.
    const span = await finishedSpan('GET /api/health');
    expect(span.spanContext().traceId).toBe(callerTrace);
    expect(parentOf(span)).toBe('00f067aa0ba902b7');
  });

  it('puts the trace id on the request\'s JSON log lines', async () => {
    exporter.reset();
    const lines: string[] = [];
    const app = await buildApp({ deps: { ...h.deps, config: { ...h.deps.config, LOG_LEVEL: 'info' } }, logger: true, logStream: { write: (line) => void lines.push(line) } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const span = await finishedSpan('GET /api/health');
    const completed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request completed');
    expect(completed).toMatchObject({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
  });

  it('stamps nothing on events once tracing is off', async () => {
    await handle?.shutdown();
    handle = undefined;
    expect(tracingEnabled()).toBe(false);
    const streamId = `probe-${randomUUID()}`;
    await h.deps.store.append(streamId, [{ id: randomUUID(), type: 'Probe', data: {}, metadata: { correlationId: 'c' } }]);
    const [event] = await h.deps.store.readStream(streamId);
    expect(event!.metadata[TRACEPARENT_METADATA_KEY]).toBeUndefined();
  });
});
