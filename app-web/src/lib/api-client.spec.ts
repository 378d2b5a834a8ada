// Proves the request helper follows spec sections 7 and 8: JSON with credentials and the bearer token, "status: body" errors, and the 401 rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, apiRequest, currentConsistencyToken, errorBody, getQueryFn, isProcessing, onAuthTokenChange, parseErrorMessage, pathFromQueryKey, session, setAuthToken } from './api-client';

function respond(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(status === 204 ? null : text, { status, headers: { 'content-type': contentType } }));
}

describe('apiRequest', () => {
  const reload = vi.fn();
  beforeEach(() => {
    session.reload = reload;
    reload.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with credentials and the stored bearer token, and parses a JSON answer', async () => {
    const token = `token-${crypto.randomUUID()}`;
    window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiRequest('POST', '/api/auth/login', { username: 'ann', password: 'x' });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(JSON.stringify({ username: 'ann', password: 'x' }));
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: `Bearer ${token}` });
  });

  it('sends no authorization header without a token and returns a non-JSON answer raw', async () => {
    vi.stubGlobal('fetch', respond(200, 'plain text', 'text/plain'));
    const result = await apiRequest<Response>('GET', '/api/health');
    expect(result).toBeInstanceOf(Response);
    expect(await result.text()).toBe('plain text');
  });

  it('raises "status: body" for a non-OK answer, and the error field is what users read', async () => {
    vi.stubGlobal('fetch', respond(409, { error: 'Username already taken' }));
    const error = await apiRequest('POST', '/api/auth/signup', {}).catch((e: unknown) => e);
    expect((error as Error).message).toBe('409: {"error":"Username already taken"}');
    expect(parseErrorMessage(error)).toBe('Username already taken');
  });

  it('shows the raw text when the body is not JSON with an error field, and carries extra fields such as retryAfter', () => {
    expect(parseErrorMessage(new Error('500: Internal Server Error'))).toBe('Internal Server Error');
    expect(parseErrorMessage(new Error('400: {"message":"x"}'))).toBe('{"message":"x"}');
    expect(errorBody(new Error('429: {"error":"Too many requests","retryAfter":42}'))).toEqual({ error: 'Too many requests', retryAfter: 42 });
  });

  it('on a 401 clears the stored token and reloads the page', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stale');
    vi.stubGlobal('fetch', respond(401, { error: 'Unauthorized' }));
    await expect(apiRequest('GET', '/api/bets')).rejects.toThrow('401: {"error":"Unauthorized"}');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each(['/api/paystack/deposits/initialize', '/api/crypto/deposits/create', '/api/crypto/withdrawals/create'])(
    'keeps the session on a 401 from the payment path %s',
    async (path) => {
      window.localStorage.setItem(AUTH_TOKEN_KEY, 'kept');
      vi.stubGlobal('fetch', respond(401, { error: 'Unauthorized' }));
      await expect(apiRequest('POST', path, {})).rejects.toThrow('401');
      expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe('kept');
      expect(reload).not.toHaveBeenCalled();
    },
  );

  it('resolves a 202 "processing" answer (not an error) with what is known and the Location header', async () => {
    const betId = crypto.randomUUID();
    const body = { status: 'processing', message: 'Your request was recorded and is being processed. It will appear in a moment.', betId, shareableLink: 'http://x/challenge/accept/abc' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 202, headers: { 'content-type': 'application/json', location: `/api/bets/${betId}` } })));
    const result = await apiRequest('POST', '/api/bets', {});
    expect(isProcessing(result)).toBe(true);
    expect(result).toEqual({ ...body, location: `/api/bets/${betId}` });
    expect(isProcessing({ bet: { id: betId } })).toBe(false);
  });

  it('does not reload on a 401 when no session was stored (a failed sign-in stays on its page)', async () => {
    vi.stubGlobal('fetch', respond(401, { error: 'Invalid username or password' }));
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('Invalid username or password');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the default query function', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('joins the key into a path and GETs it', async () => {
    const fetchMock = respond(200, [{ id: 1 }]);
    vi.stubGlobal('fetch', fetchMock);
    const data = await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/crypto/deposits', 'abc'] } as never);
    expect(data).toEqual([{ id: 1 }]);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/crypto/deposits/abc');
    expect(pathFromQueryKey(['/api/bets', 7, { ignored: true }])).toBe('/api/bets/7');
  });

  it('answers null on a 401 when asked to, clearing the token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    vi.stubGlobal('fetch', respond(401, { error: 'Unauthorized' }));
    const data = await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/user'] } as never);
    expect(data).toBeNull();
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('raises on a 401 otherwise, after clearing the token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'old');
    vi.stubGlobal('fetch', respond(401, { error: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/bets'] } as never)).rejects.toThrow('401');
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});

describe('onAuthTokenChange', () => {
  it('hears a new token, its removal, and another tab’s change, but not a write of the same token', () => {
    const heard: (string | null)[] = [];
    const unsubscribe = onAuthTokenChange((token) => heard.push(token));
    setAuthToken('first');
    setAuthToken('first');
    setAuthToken(null);
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'from-another-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    unsubscribe();
    setAuthToken('after');
    expect(heard).toEqual(['first', null, 'from-another-tab']);
  });
});

// Last in the file: the token is kept for the page's life, as it is in the app.
describe('consistency tokens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the token a command answered with and sends it on the next requests', async () => {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    const read = vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', read);
    await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/bets'] } as never);
    // Given no command yet, a read sends no token
    expect((read.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toEqual({});

    // When a command answers with a token
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 201, headers: { 'content-type': 'application/json', 'x-consistency-token': '812.4431' } })));
    await apiRequest('POST', '/api/bets', { amount: '100' });
    expect(currentConsistencyToken()).toBe('812.4431');

    // Then the next requests send it (the query function, a GET and a command through apiRequest)
    const calls = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', calls);
    await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/bets'] } as never);
    await apiRequest('GET', '/api/user');
    await apiRequest('POST', '/api/bets/x/cancel');
    const headersOf = (i: number) => (calls.mock.calls[i] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headersOf(0)['X-Consistency-Token']).toBe('812.4431');
    expect(headersOf(1)['X-Consistency-Token']).toBe('812.4431');
    expect(headersOf(2)['X-Consistency-Token']).toBe('812.4431');
  });
});
