/**
 * The port to the match stats providers (docs/architecture.md, "The live context"): what a provider shows of a
 * bet's match now, in the bet's terms (challenger and opponent), or null when it shows none. One
 * adapter per game: COD (a player feed per Activision id) and FC25 (a match feed per PSN id). Each
 * is a real HTTP client; by default it points at the sandbox the app mounts under
 * /sandbox/match-stats (see api/src/sandbox/match-stats), which speaks the same API.
 */
import { z } from 'zod';
import type { GameType, MatchSnapshot } from '@wager/domain/live/index';

export interface TrackedPair {
  /** PSN id (fc25) or Activision id (cod) of each player. */
  readonly challenger: string;
  readonly opponent: string;
}

export interface MatchStatsProvider {
  readonly game: GameType;
  /** The players' current (or last) match, or null when the provider shows none of them playing each other. */
  snapshot(pair: TrackedPair): Promise<MatchSnapshot | null>;
}

/** The provider could not be reached, timed out or answered 5xx: try again later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider answered 429: no call before `retryAfterMs`. */
export class ProviderRateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited for ${retryAfterMs} ms`);
    this.name = 'ProviderRateLimitedError';
  }
}

export const PROVIDER_RESPONSE_BYTES_MAX = 256 * 1024;
/** When a 429 names no Retry-After. */
export const RETRY_AFTER_DEFAULT_MS = 30_000;
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

export interface HttpOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

/** GET a JSON document from the provider with its key, mapping transport failures and 429s to the errors above. */
export async function getJson<T>(options: HttpOptions, path: string, schema: z.ZodType<T>): Promise<T | null> {
  const base = options.baseUrl.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${base}${path}`, { headers: { 'x-api-key': options.apiKey, accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    throw new ProviderUnavailableError(`stats provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status === 404) return null;
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after'));
    throw new ProviderRateLimitedError(Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : RETRY_AFTER_DEFAULT_MS);
  }
  if (!response.ok) throw new ProviderUnavailableError(`stats provider answered ${response.status}`);
  const text = await response.text();
  if (text.length > PROVIDER_RESPONSE_BYTES_MAX) throw new ProviderUnavailableError('stats provider answer too large');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderUnavailableError('stats provider answered something other than JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProviderUnavailableError(`stats provider answered an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}
