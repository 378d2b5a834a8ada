import type { QueryFunction } from '@tanstack/react-query';

/**
 * The request helper of spec sections 7 and 8: JSON with credentials, a bearer token from
 * localStorage `auth_token`, non-OK responses raised as `"<status>: <body>"`, and a 401 that
 * clears the stored token and reloads the page unless the path is a payment path.
 */
export const AUTH_TOKEN_KEY = 'auth_token';

/** Payment paths keep the session on a 401 so the form can say "Authentication Required" itself. */
const PATHS_KEEPING_SESSION_ON_401 = ['/deposits/', '/crypto/', '/paystack/'] as const;

export function getAuthToken(): string | null {
  return window.localStorage.getItem(AUTH_TOKEN_KEY);
}

const tokenListeners = new Set<(token: string | null) => void>();

export function setAuthToken(token: string | null | undefined): void {
  const before = getAuthToken();
  if (token) window.localStorage.setItem(AUTH_TOKEN_KEY, token);
  else window.localStorage.removeItem(AUTH_TOKEN_KEY);
  const after = token || null;
  if (after !== before) for (const listener of tokenListeners) listener(after);
}

/**
 * Calls `listener` whenever the stored session token changes: in this tab through
 * `setAuthToken`, and in another tab of the same site through the `storage` event. The live
 * updates use it to open, re-authenticate or close their socket. Returns the unsubscribe.
 */
export function onAuthTokenChange(listener: (token: string | null) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) listener(getAuthToken());
  };
  tokenListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The API's honest "not yet" (202): the command's events are stored but the read models have
 * not caught up, so the answer carries what is already known (`betId`, `shareableLink`, a
 * session `token`…) and `Location`, where the final state will be. The live updates bring that
 * state when it lands; the screens say "processing", never "error".
 */
export interface ProcessingAnswer {
  readonly status: 'processing';
  readonly message: string;
  /** The `Location` header: the address of the result once it is visible. */
  readonly location: string | null;
  readonly betId?: string;
  readonly inviteLinkId?: string;
  readonly shareableLink?: string;
  readonly token?: string;
  readonly userId?: string;
  readonly requiresVerification?: boolean;
}

export function isProcessing(value: unknown): value is ProcessingAnswer {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'processing';
}

/**
 * Read-your-writes (docs/api.md, "Consistency tokens"): a command's answer carries an opaque
 * `X-Consistency-Token`; the client keeps the latest and sends it on its next requests, which the
 * server holds only while its read models are behind that write. Without one nothing waits.
 */
export const CONSISTENCY_TOKEN_HEADER = 'X-Consistency-Token';
let consistencyToken: string | null = null;

function rememberConsistencyToken(value: string | null): void {
  if (value) consistencyToken = value;
}

/** The token the next read sends (tests read it; screens never need it). */
export function currentConsistencyToken(): string | null {
  return consistencyToken;
}

function withConsistencyToken(headers: Record<string, string>): Record<string, string> {
  return consistencyToken ? { ...headers, [CONSISTENCY_TOKEN_HEADER]: consistencyToken } : headers;
}

/** The page reload is injectable so tests can observe it. */
export const session = {
  reload: (): void => window.location.reload(),
};

async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

function keepsSessionOn401(url: string): boolean {
  return PATHS_KEEPING_SESSION_ON_401.some((part) => url.includes(part));
}

function buildHeaders(body: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function parseBody(response: Response): Promise<unknown> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) return response;
  const body: unknown = await response.json();
  if (response.status === 202 && isProcessing(body)) return { ...body, location: response.headers.get('location') };
  return body;
}

/**
 * Sends one request. A JSON response is parsed; any other response is returned raw.
 * A FormData body (evidence uploads) is sent as multipart, everything else as JSON.
 * A 202 "processing" answer resolves (it is not an error) with its `Location` added: callers
 * that can get one type their result `T | ProcessingAnswer` and check `isProcessing`.
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: withConsistencyToken(buildHeaders(body)),
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    credentials: 'include',
  });
  rememberConsistencyToken(response.headers.get(CONSISTENCY_TOKEN_HEADER));
  // Without a stored token there is no stale session to drop: a failed sign-in must stay on
  // the page so its toast can be read.
  if (response.status === 401 && !keepsSessionOn401(url) && getAuthToken()) {
    setAuthToken(null);
    session.reload();
  }
  await throwIfResponseNotOk(response);
  return (await parseBody(response)) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The path a query key names: its string and number segments joined with '/'. */
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey
    .filter((segment) => typeof segment === 'string' || typeof segment === 'number')
    .map(String)
    .join('/')
    .replace(/\/{2,}/g, '/');
}

/** The default query function: GET the path the key names; a 401 clears the token first. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const token = getAuthToken();
    const response = await fetch(pathFromQueryKey(queryKey), {
      credentials: 'include',
      headers: withConsistencyToken(token ? { Authorization: `Bearer ${token}` } : {}),
    });
    rememberConsistencyToken(response.headers.get(CONSISTENCY_TOKEN_HEADER));
    if (response.status === 401) {
      setAuthToken(null);
      if (options.on401 === 'returnNull') return null as T;
    }
    await throwIfResponseNotOk(response);
    return (await parseBody(response)) as T;
  };
}

/** The status code of an error raised by the helper, or undefined for anything else. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** The server's `error` field when the body is JSON carrying one; otherwise the raw body text. */
export function errorBody(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined;
  const text = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Spec section 8: error text is parsed from "status: body"; a JSON `error` field wins. */
export function parseErrorMessage(error: unknown, fallback = ''): string {
  if (!(error instanceof Error)) return fallback;
  const body = errorBody(error);
  if (body && typeof body.error === 'string') return body.error;
  const text = error.message.replace(/^\d{3}: /, '');
  return text || fallback;
}

/**
 * A multipart upload with progress (evidence files): XMLHttpRequest, because fetch reports no
 * upload progress. Same contract as `apiRequest`: bearer token, a 401 drops a stale session,
 * non-OK raised as "<status>: <body>", a 202 resolves as a `ProcessingAnswer`.
 */
export function uploadWithProgress<T = unknown>(url: string, body: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    const token = getAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (consistencyToken) request.setRequestHeader(CONSISTENCY_TOKEN_HEADER, consistencyToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new Error('0: Network error'));
    request.onload = () => {
      rememberConsistencyToken(request.getResponseHeader(CONSISTENCY_TOKEN_HEADER));
      if (request.status === 401 && getAuthToken()) {
        setAuthToken(null);
        session.reload();
      }
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) return reject(new Error(`${request.status}: ${text || request.statusText}`));
      onProgress?.(1);
      const json: unknown = (request.getResponseHeader('content-type') ?? '').includes('application/json') && text ? JSON.parse(text) : undefined;
      if (request.status === 202 && isProcessing(json)) return resolve({ ...json, location: request.getResponseHeader('location') } as T);
      resolve(json as T);
    };
    request.send(body);
  });
}
