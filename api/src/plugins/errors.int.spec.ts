// Proves the framework's own refusals come out in the documented shape {error, code} with a code from docs/api.md (issue #22 item 3): the router's (a path parameter too long, a URL that does not decode, which bypass setErrorHandler), the body parsers' (bad JSON, unknown content type, too large, a Content-Length that lies) and the HTTP parser's (headers too large, a malformed request line), the last over a real socket.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../testing/app.js';
import { authHeader, signUpUser } from '../testing/users.js';
import { BODY_LIMIT_BYTES } from '../app.js';

let h: TestHarness;
let headers: { authorization: string };
let port: number;
beforeAll(async () => {
  h = await createTestHarness({ label: 'errors' });
  headers = authHeader((await signUpUser(h)).token);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await h.close();
});

describe("the router's refusals", () => {
  it('answers a 5,000-character path parameter 414 uri_too_long, not FST_ERR_MAX_PARAM_LENGTH', async () => {
    const response = await h.app.inject({ method: 'GET', url: `/api/chats/${'x'.repeat(5000)}`, headers });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'Request URL is too long', code: 'uri_too_long' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a path that does not percent-decode 400 invalid_url', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/chats/%E0%A4%A', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid URL', code: 'invalid_url' });
  });
});

describe("the body parsers' refusals", () => {
  const post = (contentType: string | undefined, payload: string | Buffer, extra: Record<string, string> = {}) =>
    h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}), ...extra }, payload });

  it.each([
    ['application/json', '{"psnUsername":', 400, { error: 'Invalid JSON body', code: 'invalid_json' }],
    ['application/json', '', 400, { error: 'Request body must not be empty', code: 'validation_failed' }],
    ['application/xml', '<a/>', 415, { error: 'Unsupported content type', code: 'unsupported_media_type' }],
    ['application/x-www-form-urlencoded', 'a=b', 415, { error: 'Unsupported content type', code: 'unsupported_media_type' }],
    ['application/json', `"${'x'.repeat(BODY_LIMIT_BYTES + 10)}"`, 413, { error: 'Request body is too large', code: 'payload_too_large' }],
  ])('%s %#: %i', async (contentType, payload, status, body) => {
    const response = await post(contentType, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });

  it('answers bad JSON to a webhook (its own raw-body parser) 400 invalid_json too', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/paystack/webhook', headers: { 'content-type': 'application/json' }, payload: '{"event":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid JSON body', code: 'invalid_json' });
  });

  it('answers a Content-Length that does not match the body 400 bad_request, without echoing the framework message', async () => {
    const response = await post('application/json', '{"psnUsername":"abc"}', { 'content-length': '3' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.stringMatching(/^(bad_request|invalid_json)$/) });
    expect(Object.keys(response.json() as object).sort()).toEqual(['code', 'error']);
  });
});

describe("the HTTP parser's refusals, on a real socket", () => {
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('answers headers over the limit 431 headers_too_large', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: ${'U'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(answer)).toEqual({ error: 'Request headers are too large', code: 'headers_too_large' });
  });

  it('answers a malformed request 400 bad_request', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ error: 'Bad request', code: 'bad_request' });
  });
});
