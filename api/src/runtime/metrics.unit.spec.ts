// Proves the provider-call instrument: every call through measuredFetch is counted once under its provider and the outcome its answer (or its lack of one) falls in, a push outcome maps onto the same outcomes, and the wrapped fetch answers and throws exactly what the inner one does.
import { describe, expect, it } from 'vitest';
import { measuredFetch, providerOutcomeOfError, providerOutcomeOfStatus, providerRequestDuration } from './metrics.js';
import { pushCallOutcome } from '../adapters/push/web-push.js';

async function count(provider: string, outcome: string): Promise<number> {
  return (await providerRequestDuration.get()).values.find((v) => v.metricName === 'wager_provider_request_duration_seconds_count' && v.labels.provider === provider && v.labels.outcome === outcome)?.value ?? 0;
}

describe('provider calls', () => {
  it('classify an answer by its status, and no answer by why', () => {
    expect([200, 201, 302, 400, 404, 429, 500, 503].map(providerOutcomeOfStatus)).toEqual(['success', 'success', 'success', 'client_error', 'client_error', 'rate_limited', 'server_error', 'server_error']);
    expect(providerOutcomeOfError(new DOMException('The operation timed out.', 'TimeoutError'))).toBe('timeout');
    expect(providerOutcomeOfError(new TypeError('fetch failed'))).toBe('network_error');
  });

  it('are counted once each through measuredFetch, which answers and throws as the inner fetch does', async () => {
    const before = { ok: await count('sms', 'success'), limited: await count('sms', 'rate_limited'), down: await count('sms', 'network_error') };
    const answers: (Response | Error)[] = [new Response('ok', { status: 200 }), new Response('slow down', { status: 429 }), new TypeError('fetch failed')];
    const measured = measuredFetch('sms', async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    expect(await (await measured('http://sms.invalid/a')).text()).toBe('ok');
    expect((await measured('http://sms.invalid/b')).status).toBe(429);
    await expect(measured('http://sms.invalid/c')).rejects.toThrow('fetch failed');
    expect({ ok: await count('sms', 'success'), limited: await count('sms', 'rate_limited'), down: await count('sms', 'network_error') }).toEqual({ ok: before.ok + 1, limited: before.limited + 1, down: before.down + 1 });
  });

  it('map a push outcome onto the same outcomes', () => {
    expect(pushCallOutcome({ kind: 'sent' })).toBe('success');
    expect(pushCallOutcome({ kind: 'gone', status: 410 })).toBe('client_error');
    expect(pushCallOutcome({ kind: 'failed', status: 503, message: 'push service answered 503', retryable: true })).toBe('server_error');
    expect(pushCallOutcome({ kind: 'failed', status: null, message: 'Socket timeout', retryable: true })).toBe('timeout');
    expect(pushCallOutcome({ kind: 'failed', status: null, message: 'connect ECONNREFUSED', retryable: true })).toBe('network_error');
  });
});
