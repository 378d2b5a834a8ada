// Proves /metrics: refused without METRICS_TOKEN (and absent when none is configured); served by ROLE=project on METRICS_PORT; after a bet's whole lifecycle over HTTP, a scrape finds every family (HTTP per route pattern, appends and conflicts, each projector's and reactor's position, lag, batch time and failures, outboxes, payouts by state and age, provider calls by outcome, /ws connections, event loop, PostgreSQL pools, the last audit) with sane values and bounded labels.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '@wager/projections';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { fundedPlayer } from '../contexts/bets/testing.js';
import { settleReactors } from '../testing/reactors.js';
import { createPaystackClient } from '../adapters/paystack/client.js';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { configSchema } from '../config.js';
import { startServer } from '../main.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'metrics', env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await h.close();
});

interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** The samples of a Prometheus text exposition (every non-comment line). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = find(samples, name, labels);
  if (found.length !== 1) throw new Error(`${name}${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]!.value;
}

async function scrape(): Promise<Sample[]> {
  const r = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(r.body);
}

/** A bet played to its end over HTTP: two funded players, a challenge, its acceptance, both results, the payout. */
async function lifecycle(): Promise<string> {
  const alice = await fundedPlayer(h, '1000.00');
  const bob = await fundedPlayer(h, '500.00');
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'GET', url: `/api/bets/${bet.id}`, headers: alice.headers })).statusCode).toBe(200);
  await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: alice.headers, payload: { result: 'lost' } });
  const settled = await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: bob.headers, payload: { result: 'won' } });
  expect(settled.json()).toMatchObject({ status: 'completed' });
  await settleReactors(h);
  return bet.id;
}

/** Bank withdrawals as the projector leaves them: one held for an admin an hour ago, one sent ten minutes ago, one automatic still in its new-account wait. */
async function payoutRows(): Promise<void> {
  const now = h.clock.now().getTime();
  const row = (status: string, adminHeld: boolean, requestedAgoMs: number, sentAgoMs: number | null, notBeforeAgoMs = requestedAgoMs) => ({
    id: randomUUID(), user_id: randomUUID(), bank_account_id: randomUUID(), bank_name: 'Test Bank', account_name: 'A Player', account_number_masked: '******1234',
    recipient_code: 'RCP_test', amount: '1500.00', currency: 'NGN', reference: randomUUID(), status, transfer_code: null, provider_status: null, requires_kyc: false, kyc_pending: false,
    admin_held: adminHeld, hold_reason: adminHeld ? 'checking' : null, return_reason: null, not_before: new Date(now - notBeforeAgoMs), requested_at: new Date(now - requestedAgoMs),
    sent_at: sentAgoMs === null ? null : new Date(now - sentAgoMs), paid_at: null, returned_at: null, updated_at: new Date(now),
  });
  await h.deps.db.insertInto('bank_withdrawals').values([row('requested', true, 3_600_000, null), row('sent', false, 1_200_000, 600_000), row('requested', false, 7_200_000, null, -3_600_000)]).execute();
}

describe('GET /metrics', () => {
  it('refuses a caller without the token, or with another one, in JSON', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all-0000000' }, { authorization: TOKEN }]) {
      const r = await h.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'A valid metrics token is required', code: 'metrics_token_required' });
      expect(r.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(r.body).not.toContain('wager_');
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const bare = await createTestHarness({ label: 'metrics_off', project: false, databaseUrl: h.databaseUrl });
    try {
      const r = await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('after a bet lifecycle, finds every family with sane values and bounded labels', async () => {
    const betId = await lifecycle();
    await payoutRows();
    await h.deps.db.insertInto('audit_runs').values({ ran_at: h.clock.now(), passed: true, events: 10, streams: 3, failure_count: 0, failures: '[]' }).execute();
    // Provider calls go through one measured fetch whatever fetch the adapter is given: a 503, then an answer.
    const answers = [new Response('{}', { status: 503 }), new Response(JSON.stringify({ status: true, data: [] }), { status: 200 })];
    const paystack = createPaystackClient({ baseUrl: 'http://paystack.invalid', secretKey: 'sk_test', timeoutMs: 1000, fetch: async () => answers.shift()! });
    await expect(paystack.listBanks('NGN')).rejects.toThrow(/503/);
    await expect(paystack.listBanks('NGN')).resolves.toEqual([]);
    const socket = await h.app.injectWS('/ws');

    const samples = await scrape();
    socket.terminate();

    // HTTP: per route pattern, never the URL.
    expect(value(samples, 'wager_http_request_duration_seconds_count', { method: 'POST', route: '/api/bets', status_code: '201' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'wager_http_request_duration_seconds_count', { method: 'GET', route: '/api/bets/:betId', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'wager_http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status_code: '401' })).toBeGreaterThanOrEqual(3);
    expect(value(samples, 'wager_http_request_duration_seconds_sum', { method: 'POST', route: '/api/bets', status_code: '201' })).toBeGreaterThan(0);
    const routes = new Set(find(samples, 'wager_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].filter((r) => r!.includes(betId))).toEqual([]);

    // Event store: appends timed, conflicts counted.
    expect(value(samples, 'wager_event_store_append_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(5);
    expect(value(samples, 'wager_event_store_append_conflicts_total')).toBeGreaterThanOrEqual(0);

    // Projectors: each one's position, no lag once settled, batch times, no failures.
    for (const { name } of allProjectors()) {
      expect(value(samples, 'wager_checkpoint_lag_events', { kind: 'projector', name })).toBe(0);
      expect(value(samples, 'wager_checkpoint_position', { kind: 'projector', name })).toBeGreaterThan(0);
      expect(find(samples, 'wager_projector_failures_total', { projector: name }).every((s) => s.value === 0)).toBe(true);
    }
    expect(value(samples, 'wager_projector_batch_duration_seconds_count', { projector: 'bets' })).toBeGreaterThan(0);
    expect(value(samples, 'wager_projector_events_applied_total', { projector: 'bets' })).toBeGreaterThanOrEqual(4);
    expect(value(samples, 'wager_projection_batch_duration_seconds_count')).toBeGreaterThan(0);

    // Reactors: each one reported, none failing, the bet's follow-ups handled and caught up.
    const reactorNames = h.reactors.reactorNames;
    expect(reactorNames.length).toBeGreaterThan(0);
    for (const name of reactorNames) {
      expect(value(samples, 'wager_reactor_failing', { reactor: name })).toBe(0);
      expect(value(samples, 'wager_checkpoint_lag_events', { kind: 'reactor', name })).toBe(0);
      expect(value(samples, 'wager_checkpoint_position', { kind: 'reactor', name })).toBeGreaterThan(0);
    }
    expect(value(samples, 'wager_reactor_handle_duration_seconds_count', { reactor: 'bet-follow-ups', outcome: 'ok' })).toBeGreaterThan(0);

    // Outboxes: every one, depth and age never negative.
    for (const outbox of ['email', 'sms', 'push']) {
      expect(value(samples, 'wager_outbox_depth', { outbox })).toBeGreaterThanOrEqual(0);
      expect(value(samples, 'wager_outbox_oldest_age_seconds', { outbox })).toBeGreaterThanOrEqual(0);
    }

    // Payouts by state and age: the held one an hour old, the sent one sent ten minutes ago.
    expect(value(samples, 'wager_payouts', { rail: 'bank', state: 'held' })).toBe(1);
    expect(value(samples, 'wager_payouts', { rail: 'bank', state: 'sent' })).toBe(1);
    expect(value(samples, 'wager_payouts', { rail: 'bank', state: 'paid' })).toBe(0);
    expect(value(samples, 'wager_payouts', { rail: 'crypto', state: 'requested' })).toBe(0);
    expect(value(samples, 'wager_payout_oldest_age_seconds', { rail: 'bank', state: 'held' })).toBe(3600);
    expect(value(samples, 'wager_payout_oldest_age_seconds', { rail: 'bank', state: 'sent' })).toBe(600);
    // Requested two hours ago, but not due for another hour (the new-account wait): not late yet.
    expect(value(samples, 'wager_payouts', { rail: 'bank', state: 'requested' })).toBe(1);
    expect(value(samples, 'wager_payout_oldest_age_seconds', { rail: 'bank', state: 'requested' })).toBe(0);

    // Providers: by provider and outcome, with latency.
    expect(value(samples, 'wager_provider_request_duration_seconds_count', { provider: 'paystack', outcome: 'server_error' })).toBe(1);
    expect(value(samples, 'wager_provider_request_duration_seconds_count', { provider: 'paystack', outcome: 'success' })).toBe(1);

    // /ws, the event loop, the pools, the audit.
    expect(value(samples, 'wager_ws_connections')).toBe(1);
    expect(value(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const pool of ['read', 'event_store']) {
      expect(value(samples, 'wager_pg_pool_clients', { pool, state: 'idle' }) + value(samples, 'wager_pg_pool_clients', { pool, state: 'active' })).toBeGreaterThan(0);
      expect(value(samples, 'wager_pg_pool_waiting_requests', { pool })).toBeGreaterThanOrEqual(0);
    }
    expect(value(samples, 'wager_audit_last_run_passed')).toBe(1);
    expect(value(samples, 'wager_audit_last_run_timestamp_seconds')).toBe(h.clock.now().getTime() / 1000);

    // Every label value comes from a small set: no ids anywhere.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
    expect(samples.filter((s) => Object.values(s.labels).some((v) => uuid.test(v)))).toEqual([]);
  });

  it('counts an append refused for a wrong expected revision as a conflict', async () => {
    const before = value(await scrape(), 'wager_event_store_append_conflicts_total');
    const streamId = `metrics-${randomUUID()}`;
    await h.deps.store.append(streamId, [{ id: randomUUID(), type: 'Probe', data: {} }], { expectedRevision: 'no_stream' });
    await expect(h.deps.store.append(streamId, [{ id: randomUUID(), type: 'Probe', data: {} }], { expectedRevision: 'no_stream' })).rejects.toThrow();
    const samples = await scrape();
    expect(value(samples, 'wager_event_store_append_conflicts_total')).toBe(before + 1);
    expect(value(samples, 'wager_event_store_append_duration_seconds_count', { outcome: 'conflict' })).toBeGreaterThanOrEqual(1);
  });
});

describe('ROLE=project', () => {
  it('serves /metrics alone on METRICS_PORT, with the projectors\' state, behind the same token', async () => {
    const lines: string[] = [];
    const config = configSchema.parse({ NODE_ENV: 'test', ROLE: 'project', HOST: '127.0.0.1', METRICS_PORT: '0', METRICS_TOKEN: TOKEN, PUBLIC_URL: 'http://127.0.0.1:9', DATABASE_URL: await freshDatabaseUrl('metrics_project'), LOG_LEVEL: 'silent' });
    const server = await startServer(config, { serveWebApp: false, log: (m) => lines.push(m) });
    try {
      expect(server.app).toBeUndefined();
      const url = lines.map((l) => /^metrics at (\S+)$/.exec(l)?.[1]).find(Boolean);
      expect(url, lines.join('\n')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const refused = await fetch(url!);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: 'A valid metrics token is required', code: 'metrics_token_required' });
      const scraped = await fetch(url!, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      const samples = parse(await scraped.text());
      for (const { name } of allProjectors()) expect(find(samples, 'wager_checkpoint_lag_events', { kind: 'projector', name })).toHaveLength(1);
      expect(find(samples, 'wager_reactor_failing').length).toBeGreaterThan(0);
      expect(find(samples, 'wager_pg_pool_clients', { pool: 'read', state: 'idle' })).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
