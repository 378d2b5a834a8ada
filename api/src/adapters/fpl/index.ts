/**
 * The one FPL client of an app instance (its cache and backoff are shared by the routes and the
 * pools job). Base URL: FPL_API_URL when set; else the FPL sandbox this process mounts (its
 * address known once it listens, `useFplSandboxAt`); else, in a process that serves no HTTP
 * (ROLE=project), the sandbox of the serving process at PUBLIC_URL.
 */
import type { AppDeps } from '../../deps.js';
import { createFplClient, type FplClient } from './client.js';

export * from './client.js';

interface Entry {
  client: FplClient;
  sandboxBase: (() => string) | null;
}
const clients = new WeakMap<AppDeps, Entry>();

function entryFor(deps: AppDeps): Entry {
  let entry = clients.get(deps);
  if (!entry) {
    const created: Entry = { client: null as unknown as FplClient, sandboxBase: null };
    const { FPL_API_URL, PUBLIC_URL, PROVIDER_TIMEOUT_MS, FPL_CACHE_TTL_MS } = deps.config;
    created.client = createFplClient({
      baseUrl: () => FPL_API_URL ?? created.sandboxBase?.() ?? `${(PUBLIC_URL ?? `http://127.0.0.1:${deps.config.PORT}`).replace(/\/+$/, '')}/sandbox/fpl`,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      cacheTtlMs: FPL_CACHE_TTL_MS,
    });
    entry = created;
    clients.set(deps, entry);
  }
  return entry;
}

export function fplClientFor(deps: AppDeps): FplClient {
  return entryFor(deps).client;
}

/** Called by the serving app that mounts the sandbox: where this process reaches it. */
export function useFplSandboxAt(deps: AppDeps, base: () => string): void {
  entryFor(deps).sandboxBase = base;
}
