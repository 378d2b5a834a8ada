// Proves the FPL client speaks the FPL API shapes over HTTP against the embedded FPL sandbox (calendar, teams, histories, 404 for an unknown team), caches its answers, backs off after a 429 or 5xx honouring Retry-After, follows FPL_API_URL, and that the sandbox is absent and refuses to run in production.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { selfBaseUrl } from '../providers.js';
import { createFplClient, FplUnavailableError } from './client.js';

let h: TestHarness;
let base: string;

beforeAll(async () => {
  h = await createTestHarness({ label: 'fpl_client' });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${selfBaseUrl(h.app)}/sandbox/fpl`;
});
afterAll(async () => {
  await h.close();
});

const advance = (step = 'gameweek') => h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/advance', payload: { step } });

describe('FPL client against the FPL sandbox', () => {
  it('reads the calendar: 38 gameweeks, deadlines in the future before the season, finished and data_checked as the season advances', async () => {
    await h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/reset' });
    const client = createFplClient({ baseUrl: () => base, timeoutMs: 5000, cacheTtlMs: 0 });
    const before = await client.calendar();
    expect(before).toHaveLength(38);
    expect(Date.parse(before[0]!.deadlineAt)).toBeGreaterThan(h.clock.now().getTime());
    expect(before[0]).toMatchObject({ id: 1, finished: false, dataChecked: false, isNext: true });
    await advance('deadline');
    await advance('finish');
    const finished = await client.calendar();
    expect(finished[0]).toMatchObject({ id: 1, finished: true, dataChecked: false, isCurrent: true });
    expect(Date.parse(finished[0]!.deadlineAt)).toBeLessThanOrEqual(h.clock.now().getTime());
    await advance('check');
    expect((await client.calendar())[0]).toMatchObject({ finished: true, dataChecked: true });
  });

  it('reads a team and its history (points net of transfer costs add up to total_points); an unknown id is null', async () => {
    const client = createFplClient({ baseUrl: () => base, timeoutMs: 5000, cacheTtlMs: 0 });
    await h.app.inject({ method: 'POST', url: '/sandbox/fpl/_control/points', payload: { teamId: 4242, gameweek: 2, points: 71, transfersCost: 8 } });
    await advance();
    const team = await client.team(4242);
    expect(team).toMatchObject({ id: 4242, name: expect.any(String) });
    expect(team!.name.length).toBeGreaterThan(0);
    const history = await client.history(4242);
    expect(history.map((r) => r.event)).toEqual([1, 2]);
    expect(history[1]).toMatchObject({ event: 2, points: 71, event_transfers_cost: 8 });
    expect(history[1]!.total_points).toBe(history[0]!.total_points + 63);
    expect(await client.team(99_999_999)).toBeNull();
  });

  it('caches answers for the TTL, and forgets them on invalidate', async () => {
    const client = createFplClient({ baseUrl: () => base, timeoutMs: 5000, cacheTtlMs: 60_000 });
    const first = await client.calendar();
    const started = first.filter((g) => g.finished).length;
    await advance();
    expect((await client.calendar()).filter((g) => g.finished).length).toBe(started);
    client.invalidate();
    expect((await client.calendar()).filter((g) => g.finished).length).toBe(started + 1);
  });
});

describe('FPL client politeness', () => {
  let server: Server;
  let calls = 0;
  let status = 429;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      calls++;
      response.writeHead(status, status === 429 ? { 'retry-after': '30', 'content-type': 'application/json' } : { 'content-type': 'application/json' });
      response.end(status === 200 ? JSON.stringify({ events: [{ id: 1, deadline_time: '2026-08-15T17:30:00Z', finished: false, data_checked: false }] }) : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('after a 429 it does not call again until Retry-After has passed; after a 5xx it waits 1 s, then doubles', async () => {
    let now = 1_000_000;
    const address = server.address() as { port: number };
    const client = createFplClient({ baseUrl: () => `http://127.0.0.1:${address.port}`, timeoutMs: 2000, cacheTtlMs: 0, now: () => now });
    await expect(client.calendar()).rejects.toThrow(FplUnavailableError);
    expect(calls).toBe(1);
    now += 29_000;
    await expect(client.calendar()).rejects.toThrow('backing off');
    expect(calls).toBe(1);
    status = 503;
    now += 2_000;
    await expect(client.calendar()).rejects.toThrow('503');
    expect(calls).toBe(2);
    now += 1_500; // the second failure in a row waits 2 s
    await expect(client.calendar()).rejects.toThrow('backing off');
    status = 200;
    now += 1_000;
    expect(await client.calendar()).toEqual([{ id: 1, deadlineAt: '2026-08-15T17:30:00.000Z', finished: false, dataChecked: false, isCurrent: false, isNext: false }]);
    expect(calls).toBe(3);
  });
});

describe('FPL sandbox and FPL_API_URL', () => {
  it('is absent in production, and refuses to be mounted there', async () => {
    const prod = await createTestHarness({ label: 'fpl_prod', env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/sandbox/fpl/bootstrap-static/' })).statusCode).toBe(404);
      const { fplSandbox } = await import('../../sandbox/fpl/index.js');
      await expect(fplSandbox(prod.app)).rejects.toThrow('The FPL sandbox refuses to run when NODE_ENV=production');
    } finally {
      await prod.close();
    }
  });

  it('FPL_API_URL points the app at another FPL server than its own sandbox', async () => {
    const other = createServer((request, response) => {
      response.writeHead(request.url === '/api/entry/77/' ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 77, name: 'Elsewhere XI', player_first_name: 'Real', player_last_name: 'Server' }));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    const configured = await createTestHarness({ label: 'fpl_url', env: { FPL_API_URL: `http://127.0.0.1:${port}/api` } });
    try {
      const { fplClientFor } = await import('./index.js');
      expect(await fplClientFor(configured.deps).team(77)).toEqual({ id: 77, name: 'Elsewhere XI', playerName: 'Real Server' });
      expect(await fplClientFor(configured.deps).team(78)).toBeNull();
    } finally {
      await configured.close();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
