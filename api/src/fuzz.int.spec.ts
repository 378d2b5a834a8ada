// Proves no input gets a 5xx: every route of the OpenAPI document the app generates, fuzzed with arbitrary bodies in every content type, headers, path parameters and query strings full of Unicode edge cases, as a visitor, a player and an admin, never answers 5xx, always refuses as {error, code} with a documented snake_case code, and writes nothing when it refuses; and arbitrary /ws frames never crash the socket server and are answered with documented errors. CI runs it small; `npm run fuzz` runs it at full size (FUZZ_SCALE).
import fc from 'fast-check';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from './testing/app.js';
import { CONTENT_TYPES, bodyFor, encodeAny, extraHeaders, fuzzRuns, fuzzTimeoutMs, hostileString, pathValue, shapedObject, unstorableString, type ContentKind } from './testing/fuzz/arbitraries.js';
import { isOutsideProductApi, operationsOf, schemaValue, type Operation } from './testing/fuzz/openapi.js';
import { changedTables, fingerprint, type Fingerprint } from './testing/fuzz/writes.js';
import { SNAKE_CASE, actorName, buildFuzzWorld, documentedCodes, type FuzzWorld } from './testing/fuzz/world.js';
import { WS_MESSAGE_BYTES_MAX } from './runtime/ws-gateway.js';

/**
 * Tables a refused request may still write, and why: a rate limiter counts refused attempts too
 * (that is what makes it a limit on tries, not on successes).
 */
const WRITTEN_ON_REFUSAL = new Set(['rate_limit_counters']);

// The routes must be known when the file is collected (one test per route): the harness starts here.
const h: TestHarness = await createTestHarness({ label: 'fuzz' });
// The provider sandboxes are called over HTTP, as in production: the app must listen.
await h.app.listen({ port: 0, host: '127.0.0.1' });
/** The dev pages are hidden from the document but served outside production: fuzzed too (never a 5xx). */
const DEV_ROUTES: Operation[] = ['/dev/mailbox', '/dev/mailbox/messages'].map((path) => ({ method: 'GET', path, pathParams: [], queryParams: ['to', 'kind', 'limit'], bodyFields: [], candidates: [], bodySchema: undefined }));
const operations: Operation[] = [...(await operationsOf(h.app)), ...DEV_ROUTES];
const codes = documentedCodes();
let world: FuzzWorld;
/** The database's fingerprint after the last request (see writes.ts). */
let stored: Fingerprint;

beforeAll(async () => {
  world = await buildFuzzWorld(h);
  stored = await fingerprint(h.deps.db);
});
afterAll(async () => {
  await h.close();
});

const CONTENT_KINDS: ContentKind[] = ['none', 'json', 'text', 'multipart', 'multipart-no-boundary', 'form', 'octet-stream', 'odd'];
/** Every content kind; JSON most often for a route that declares a JSON body. */
const contentKindFor = (op: Operation) => fc.oneof({ weight: op.bodySchema === undefined ? 1 : 4, arbitrary: fc.constant<ContentKind>('json') }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_KINDS) });

function requestFor(op: Operation) {
  // Bodies that pass the route's schema with one field made hostile reach the deepest; the others test the parsers.
  const field = op.bodyFields.length > 0 ? fc.constantFrom(...op.bodyFields) : hostileString;
  const hostileValue = fc.oneof(hostileString, unstorableString);
  const withHostile = (base: fc.Arbitrary<unknown>) =>
    fc.tuple(base, field, hostileValue).map(([body, name, value]) => ({ ...(body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), [name]: value }));
  const shaped =
    op.bodySchema === undefined
      ? shapedObject(op.bodyFields, op.candidates)
      : fc.oneof(
          // Only the required fields, valid, and one field hostile: what a PATCH of one field looks like.
          { weight: 4, arbitrary: withHostile(schemaValue(op.bodySchema, world.knownIds, { requiredOnly: true })) },
          { weight: 2, arbitrary: withHostile(schemaValue(op.bodySchema, world.knownIds)) },
          { weight: 1, arbitrary: schemaValue(op.bodySchema, world.knownIds).map((v) => v as Record<string, unknown>) },
          { weight: 1, arbitrary: shapedObject(op.bodyFields, op.candidates) },
        );
  const queryValue = fc.oneof(op.candidates.length > 0 ? fc.constantFrom(...op.candidates).map(String) : fc.constant('1'), hostileString, fc.constantFrom('-1', '0', '99999999999', '1.5', 'true'));
  return fc.record({
    actor: actorName,
    kind: contentKindFor(op),
    pathValues: fc.tuple(...op.pathParams.map((param) => pathValue(world.idsFor(param)))),
    // Often no query at all: a hostile one is refused before the body is looked at.
    query: fc.oneof(
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.dictionary(op.queryParams.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...op.queryParams) }, { weight: 1, arbitrary: hostileString }) : hostileString, queryValue, { maxKeys: 3 }) },
    ),
    visitorHeaders: extraHeaders(true),
    userHeaders: extraHeaders(false),
  }).chain((r) => fc.record({ contentType: CONTENT_TYPES[r.kind], body: bodyFor(r.kind, shaped) }).map((b) => ({ ...r, ...b })));
}

/** One generated request. */
type Case = ReturnType<typeof requestFor> extends fc.Arbitrary<infer R> ? R : never;

/**
 * Cases every run tries first, whatever the random ones do: each body field of a valid body as
 * text that is not valid Unicode, a multipart body without a boundary, a path parameter of 5,000
 * characters, each sent by the player to the ids the world knows (issue #22's three findings, as
 * classes: any route, any field).
 */
function edgeCases(op: Operation): Case[] {
  const base: Case = {
    actor: 'player',
    kind: 'json',
    pathValues: op.pathParams.map((param) => encodeAny(world.idsFor(param)[0] ?? 'x')),
    query: {},
    visitorHeaders: {},
    userHeaders: { 'user-agent': `Mozilla/5.0 ${'A'.repeat(2000)}` },
    contentType: 'application/json',
    body: undefined,
  };
  const cases: Case[] = [{ ...base, kind: 'multipart-no-boundary', contentType: 'multipart/form-data', body: 'x'.repeat(1392) }];
  if (op.pathParams.length > 0) cases.push({ ...base, kind: 'none', contentType: undefined, pathValues: op.pathParams.map(() => 'x'.repeat(5000)) });
  if (op.bodySchema !== undefined) {
    const [valid] = fc.sample(schemaValue(op.bodySchema, world.knownIds, { requiredOnly: true }), { numRuns: 1, seed: 1 });
    const object = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
    for (const field of op.bodyFields) cases.push({ ...base, body: JSON.stringify({ ...object, [field]: 'a\ud800b' }) });
  }
  return cases;
}

async function auditRunCount(): Promise<number> {
  const row = await h.deps.db.selectFrom('audit_runs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits (on the table, not a timer; bounded by the test's timeout) until a run started in the background has recorded its outcome. */
async function untilAuditRecorded(before: number): Promise<void> {
  while ((await auditRunCount()) <= before) await new Promise((resolve) => setImmediate(resolve));
}

function urlOf(op: Operation, pathValues: readonly string[], query: Record<string, string>): string {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => pathValues[i++] ?? 'x');
  const search = Object.entries(query).map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&');
  return search ? `${path}?${search}` : path;
}

/** The refusal body: JSON `{ error: string, code: snake_case, … }`, its code named in the docs. */
function expectDocumentedRefusal(body: string, contentType: string | undefined, context: string): void {
  expect(contentType, context).toMatch(/^application\/json/);
  const json = JSON.parse(body) as { error?: unknown; code?: unknown };
  expect(typeof json.error, context).toBe('string');
  expect(json.code, context).toMatch(SNAKE_CASE);
  expect(codes.has(String(json.code)), `${context}: code ${String(json.code)} is not in docs/api.md or docs/api/*.md`).toBe(true);
}

describe('every route of the OpenAPI document under hostile input', () => {
  it('has the product routes to fuzz', () => {
    expect(operations.filter((op) => !isOutsideProductApi(op.path)).length).toBeGreaterThan(50);
  });

  // One property per route, so a failure names its route and every route gets its share of runs.
  for (const live of operations) {
    const outside = isOutsideProductApi(live.path);
    it(`${live.method} ${live.path}${outside ? ' (sandbox: never 5xx)' : ''}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(live), async (r) => {
          const actor = world.actors[r.actor];
          const url = urlOf(live, r.pathValues, r.query);
          const headers: Record<string, string> = { ...(r.actor === 'visitor' ? r.visitorHeaders : r.userHeaders), ...actor.headers, ...(r.contentType !== undefined ? { 'content-type': r.contentType } : {}) };
          const auditRunsBefore = await auditRunCount();
          const response = await h.app.inject({ method: live.method, url, headers, ...(r.body !== undefined ? { payload: r.body } : {}) });
          // The one request that starts work in the background: an admin's audit run. Wait for its
          // recorded outcome, so its write is not taken for the next request's.
          if (response.statusCode === 202 && live.path === '/api/admin/audit/runs' && response.json().started === true) await untilAuditRecorded(auditRunsBefore);
          const context = `${r.actor} ${live.method} ${url.slice(0, 300)} [${r.contentType}] ${JSON.stringify(typeof r.body === 'string' ? r.body.slice(0, 300) : r.body)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          // Nothing else runs in the background, so the last fingerprint still holds until a request writes.
          const before = stored;
          stored = await fingerprint(h.deps.db);
          if (outside) return;
          if (response.statusCode >= 400) {
            expectDocumentedRefusal(response.body, response.headers['content-type'] as string | undefined, context);
            const written = changedTables(before, stored).filter((t) => !WRITTEN_ON_REFUSAL.has(t));
            expect(written, `${context}: a refusal wrote to ${written.join(', ')}`).toEqual([]);
          } else if (actor.token && /^\/api\/(auth|user)\b/.test(live.path) && (await h.app.inject({ method: 'GET', url: '/api/user', headers: actor.headers })).statusCode === 401) {
            // A fuzzed logout ended the actor's session: give it a new one.
            await world.renewSession(actor);
            stored = await fingerprint(h.deps.db);
          }
        }),
        { numRuns: fuzzRuns(outside ? 3 : 8), examples: outside ? [] : edgeCases(live).map((c) => [c] as [Case]) },
      );
    }, fuzzTimeoutMs());
  }
});

describe('/ws frames under hostile input', () => {
  type Received = { messages: Record<string, unknown>[]; closed: number | null };

  /**
   * Sends `frames`, then signs in as the player and pings: a socket handles its messages one at a
   * time in order, so the pong is the last answer (or the socket closed on a frame).
   */
  async function exchange(socket: WebSocket, frames: readonly (string | Buffer)[], binary: boolean): Promise<Received> {
    const received: Received = { messages: [], closed: null };
    const done = new Promise<void>((resolve) => {
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as Record<string, unknown>;
        // The pong right behind the closing `ready` (a fuzzed ping answers earlier, never after a ready).
        if (message.type === 'pong' && received.messages.at(-1)?.type === 'ready') resolve();
        received.messages.push(message);
      });
      socket.on('close', (code) => {
        received.closed = code;
        resolve();
      });
    });
    for (const frame of frames) socket.send(frame, { binary });
    socket.send(JSON.stringify({ type: 'auth', token: world.actors.player.token }));
    socket.send(JSON.stringify({ type: 'ping' }));
    await done;
    return received;
  }

  const wsField = fc.oneof(hostileString, fc.uuid(), fc.constantFrom('CHAT', 'BET'), fc.jsonValue({ maxDepth: 2 }));
  const wsFrame = fc.oneof(
    { weight: 4, arbitrary: fc.record({ type: fc.oneof(fc.constantFrom('auth', 'ping', 'join_match', 'join_chat', 'chat_message', 'new_message', 'error'), hostileString), token: wsField, betId: wsField, chatId: wsField, content: wsField, clientMessageId: wsField, userId: wsField }, { requiredKeys: ['type'] }).map((o) => JSON.stringify(o)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constantFrom('{"type":"chat_message","chatId":"CHAT","content":"\\ud800"}', '{"type":"auth","token":"\\u0000"}', '{"type":"join_chat","chatId":"\\udfff"}', '[]', 'null', '{"type":"__proto__"}') },
    { weight: 1, arbitrary: fc.constantFrom(WS_MESSAGE_BYTES_MAX - 60, WS_MESSAGE_BYTES_MAX + 1).map((n) => JSON.stringify({ type: 'chat_message', chatId: 'CHAT', content: 'x'.repeat(n) })) },
    // Bytes that are not UTF-8, sent as a text frame unless the case sends binary frames.
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bytes)])) },
  );

  it('answers every frame with a documented message or closes with a documented code, and a refused frame writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(actorName, fc.array(wsFrame, { minLength: 1, maxLength: 3 }), fc.boolean(), async (who, rawFrames, binary) => {
        const frames = rawFrames.map((f) => (typeof f === 'string' ? f.replaceAll('CHAT', world.chatId).replaceAll('BET', world.betId) : f));
        const actor = world.actors[who];
        let socket = await h.app.injectWS('/ws');
        // Signed in first; a session an earlier request ended (a logout, a reset) is renewed and the
        // socket opened again, instead of waiting for a `ready` that a closed socket never sends.
        const signIn = () =>
          new Promise<boolean>((resolve) => {
            socket.once('message', () => resolve(true));
            socket.once('close', () => resolve(false));
            socket.send(JSON.stringify({ type: 'auth', token: actor.token }));
          });
        if (actor.token && !(await signIn())) {
          socket.terminate();
          await world.renewSession(actor);
          socket = await h.app.injectWS('/ws');
          expect(await signIn(), `${who}: a renewed session signs in`).toBe(true);
        }
        try {
          const before = await fingerprint(h.deps.db);
          const received = await exchange(socket, frames, binary);
          const context = `${who} ${binary ? 'binary' : 'text'} ${JSON.stringify(frames.map((f) => (typeof f === 'string' ? f.slice(0, 200) : f.toString('hex'))))} → ${JSON.stringify(received).slice(0, 1000)}`;
          for (const message of received.messages) {
            if (message.type !== 'error') continue;
            expect(typeof message.error, context).toBe('string');
            expect(message.code, context).toMatch(SNAKE_CASE);
            expect(message.code, context).not.toBe('internal_error');
            expect(codes.has(String(message.code)), `${context}: code ${String(message.code)} is not documented`).toBe(true);
          }
          // 1009: a frame over WS_MESSAGE_BYTES_MAX; 1007: not UTF-8; 4401: a bad token; never 1011 (our fault).
          if (received.closed !== null) expect([1005, 1006, 1007, 1008, 1009, 4401], context).toContain(received.closed);
          // Every fuzzed frame refused (an error each, before the closing ready and pong): nothing may be written.
          const answers = received.messages.slice(0, received.closed === null ? -2 : undefined);
          const refusedOnly = answers.length === frames.length && answers.every((m) => m.type === 'error');
          if (refusedOnly) expect(changedTables(before, await fingerprint(h.deps.db)), context).toEqual([]);
        } finally {
          socket.terminate();
        }
      }),
      { numRuns: fuzzRuns(60) },
    );
    // The socket server is still up: a fresh socket authenticates and is answered.
    const socket = await h.app.injectWS('/ws');
    const ready = new Promise<Record<string, unknown>>((resolve) => socket.once('message', (raw) => resolve(JSON.parse(String(raw)) as Record<string, unknown>)));
    socket.send(JSON.stringify({ type: 'auth', token: world.actors.player.token }));
    expect(await ready).toMatchObject({ type: 'ready' });
    socket.terminate();
    // Each case opens sockets and fingerprints every table twice: on a PostgreSQL server shared with
    // the other suites (CI's service run) that is far slower than alone, so the limit is twice the HTTP cases'.
  }, fuzzTimeoutMs(120_000));
});
