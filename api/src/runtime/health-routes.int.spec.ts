// Proves the pipeline end to end: an appended event reaches the projector checkpoints and /api/health reports head, checkpoints, lag and bus.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type Position } from '@wager/domain';

const parsePosition = (text: string): Position => {
  const [commit, prepare] = text.split('/').map(Number);
  return { commit: commit!, prepare: prepare! };
};
import { createTestHarness, type TestHarness } from '../testing/app.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'health' });
});
afterAll(async () => {
  await h.close();
});

describe('GET /api/health', () => {
  it('reports the event store head, every projector with zero lag once settled, and the bus', async () => {
    const appended = await h.deps.store.append(`probe-${randomUUID()}`, [{ id: randomUUID(), type: 'ProbeRecorded', data: {} }]);
    // Waits on the runner itself (bounded by the test's own timeout, not a shorter guess), and says so if it never got there.
    expect(await h.runner.waitFor(appended.position, 50_000), 'the projection runner applied the probe').toBe(true);
    const response = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(comparePositions(parsePosition(body.eventStore.head), appended.position)).toBeGreaterThanOrEqual(0);
    expect(body.bus).toEqual({ kind: 'in-process', connected: true });
    expect(body.projections.projectors.length).toBeGreaterThan(0);
    for (const p of body.projections.projectors) {
      expect(p.lag).toBe(0);
      expect(comparePositions(parsePosition(p.checkpoint), appended.position)).toBeGreaterThanOrEqual(0);
    }
    expect(body.status).toBe('ok');
  });

  it('answers an unknown API route with a JSON 404, and malformed JSON with a JSON 400', async () => {
    const missing = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Route GET /api/nothing-here not found', code: 'route_not_found', params: { method: 'GET', path: '/api/nothing-here' } });
  });
});

describe('GET /api/docs/json', () => {
  it('serves an OpenAPI document generated from the routes, including health', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get).toBeDefined();
  });
});

describe('input PostgreSQL cannot store', () => {
  it('refuses a NUL character anywhere in a JSON body with 400 before any handler runs', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a\u0000b', password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid characters in request', code: 'invalid_characters' });
    const nested = await h.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'someone', extra: { deep: ['ok', '\u0000'] } } });
    expect(nested.json()).toEqual({ error: 'Invalid characters in request', code: 'invalid_characters' });
  });
});
