/**
 * The Fantasy Premier League client: one HTTP client over the public FPL API shapes
 * (bootstrap-static, entry/{id}/, entry/{id}/history/). Production points it at
 * https://fantasy.premierleague.com/api (FPL_API_URL); by default at the local FPL sandbox the
 * app mounts under /sandbox/fpl, which serves the same JSON. Only what the pools need: the
 * calendar (bootstrap-static events), a team (entry/{id}/) and its history (entry/{id}/history/).
 *
 * Polite by construction: answers are cached (the calendar and each history for `cacheTtlMs`),
 * and after a 429, a 5xx or a network failure every call fails fast (or answers from the stale
 * cache) until a backoff has passed: Retry-After when given, else 1 s doubling to 5 min.
 */
import { z } from 'zod';
import { measuredFetch } from '../../runtime/metrics.js';

export class FplUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FplUnavailableError';
  }
}

export interface FplGameweek {
  readonly id: number;
  readonly deadlineAt: string;
  readonly finished: boolean;
  readonly dataChecked: boolean;
  readonly isCurrent: boolean;
  readonly isNext: boolean;
}
export interface FplTeam {
  readonly id: number;
  readonly name: string;
  readonly playerName: string;
}
export interface FplHistoryRow {
  readonly event: number;
  readonly points: number;
  readonly total_points: number;
  readonly event_transfers_cost: number;
}

export interface FplClient {
  calendar(): Promise<FplGameweek[]>;
  /** null for an unknown team id (FPL answers 404). */
  team(id: number): Promise<FplTeam | null>;
  history(id: number): Promise<FplHistoryRow[]>;
  /** Forgets cached answers (the sandbox's control endpoints call it after a change). */
  invalidate(): void;
}

export const FPL_RESPONSE_BYTES_MAX = 8 * 1024 * 1024;
export const FPL_BACKOFF_MIN_MS = 1_000;
export const FPL_BACKOFF_MAX_MS = 5 * 60_000;
export const FPL_HISTORY_CACHE_MAX = 5_000;

const bootstrapSchema = z.object({
  events: z.array(z.object({ id: z.number().int(), deadline_time: z.string(), finished: z.boolean(), data_checked: z.boolean(), is_current: z.boolean().default(false), is_next: z.boolean().default(false) })),
});
const entrySchema = z.object({ id: z.number().int(), name: z.string(), player_first_name: z.string().default(''), player_last_name: z.string().default('') });
const historySchema = z.object({ current: z.array(z.object({ event: z.number().int(), points: z.number().int(), total_points: z.number().int(), event_transfers_cost: z.number().int() })) });

interface Cached<T> {
  readonly value: T;
  readonly at: number;
}

export interface FplClientOptions {
  /** A function, so the sandbox's address can be known only once the server listens. */
  readonly baseUrl: () => string;
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly fetch?: typeof fetch;
  /** Real time for caching and backoff (an adapter's own concern, not the business clock). */
  readonly now?: () => number;
}

export function createFplClient(options: FplClientOptions): FplClient {
  const doFetch = measuredFetch('fpl', options.fetch ?? fetch);
  const now = options.now ?? Date.now;
  let calendarCache: Cached<FplGameweek[]> | null = null;
  const histories = new Map<number, Cached<FplHistoryRow[]>>();
  const teams = new Map<number, Cached<FplTeam | null>>();
  let backoff = { until: 0, failures: 0 };

  function fresh<T>(cached: Cached<T> | null | undefined): cached is Cached<T> {
    return !!cached && now() - cached.at < options.cacheTtlMs;
  }

  function failed(retryAfterHeader: string | null): void {
    backoff.failures++;
    const retryAfter = Number(retryAfterHeader);
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : Math.min(FPL_BACKOFF_MAX_MS, FPL_BACKOFF_MIN_MS * 2 ** (backoff.failures - 1));
    backoff = { until: now() + wait, failures: backoff.failures };
  }

  /** GET a path; null on 404; FplUnavailableError on anything that is not a usable answer. */
  async function get(path: string): Promise<unknown> {
    if (now() < backoff.until) throw new FplUnavailableError('FPL is backing off after a failure; try again shortly');
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl().replace(/\/+$/, '')}/${path}`, { headers: { accept: 'application/json', 'user-agent': 'wager-fpl-pools/1' }, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      failed(null);
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new FplUnavailableError(timedOut ? `FPL did not answer within ${options.timeoutMs} ms` : `FPL unreachable: ${String(error)}`);
    }
    if (response.status === 404) return null;
    if (response.status === 429 || response.status >= 500) {
      failed(response.headers.get('retry-after'));
      throw new FplUnavailableError(`FPL answered ${response.status}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new FplUnavailableError(`FPL answered ${response.status}`);
    if (text.length > FPL_RESPONSE_BYTES_MAX) throw new FplUnavailableError('FPL response too large');
    backoff = { until: 0, failures: 0 };
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new FplUnavailableError('FPL answered with a body that is not JSON');
    }
  }

  function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new FplUnavailableError(`FPL ${what} has an unexpected shape`);
    return parsed.data;
  }

  function remember<K, V>(map: Map<K, Cached<V>>, key: K, value: V): V {
    if (map.size >= FPL_HISTORY_CACHE_MAX) map.delete(map.keys().next().value as K);
    map.set(key, { value, at: now() });
    return value;
  }

  return {
    async calendar() {
      if (fresh(calendarCache)) return calendarCache.value;
      try {
        const json = await get('bootstrap-static/');
        if (json === null) throw new FplUnavailableError('FPL bootstrap-static not found');
        const events = parse(bootstrapSchema, json, 'bootstrap-static').events.map((e) => ({
          id: e.id,
          deadlineAt: new Date(e.deadline_time).toISOString(),
          finished: e.finished,
          dataChecked: e.data_checked,
          isCurrent: e.is_current,
          isNext: e.is_next,
        }));
        calendarCache = { value: events, at: now() };
        return events;
      } catch (error) {
        // A stale calendar is better than none for reading; decisions re-check on the next tick.
        if (calendarCache && error instanceof FplUnavailableError) return calendarCache.value;
        throw error;
      }
    },
    async team(id) {
      const cached = teams.get(id);
      if (fresh(cached)) return cached.value;
      const json = await get(`entry/${id}/`);
      if (json === null) return remember(teams, id, null);
      const e = parse(entrySchema, json, 'entry');
      return remember(teams, id, { id: e.id, name: e.name, playerName: `${e.player_first_name} ${e.player_last_name}`.trim() });
    },
    async history(id) {
      const cached = histories.get(id);
      if (fresh(cached)) return cached.value;
      const json = await get(`entry/${id}/history/`);
      if (json === null) throw new FplUnavailableError(`FPL has no history for team ${id}`);
      return remember(histories, id, parse(historySchema, json, 'history').current);
    },
    invalidate() {
      calendarCache = null;
      histories.clear();
      teams.clear();
    },
  };
}

/** The calendar row of one gameweek, or null when FPL does not list it. */
export function gameweekOf(calendar: readonly FplGameweek[], id: number): FplGameweek | null {
  return calendar.find((g) => g.id === id) ?? null;
}
