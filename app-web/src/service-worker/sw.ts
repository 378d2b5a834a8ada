/**
 * The service worker (docs/web.md, "Installable app and push"), built to `/sw.js` by
 * vite.config.ts and registered from main.tsx in production builds. It does three things:
 *
 * - keeps the app shell (index.html and the scripts and styles it names) so the app starts
 *   offline: navigations go to the network first and fall back to the kept shell;
 * - keeps each hashed `/assets/` file it sees (their content never changes under their name);
 * - shows a push's notification (title only, opening the app path it carries).
 *
 * The API, /ws, the sandboxes and the dev pages are never answered from a cache.
 */

/** The shell's URLs and a version of them, written in at build time (vite.config.ts). */
const SHELL_MANIFEST = '__WAGER_SHELL_MANIFEST__';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushMessageData {
  json(): unknown;
}
interface PushEvent extends ExtendableEvent {
  readonly data: PushMessageData | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const shell = JSON.parse(SHELL_MANIFEST) as { version: string; urls: string[] };
const CACHE_PREFIX = 'wager-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${shell.version}`;
const SHELL_URL = '/';
const NEVER_CACHED = ['/api/', '/ws', '/sandbox/', '/dev/'];
const DEFAULT_TITLE = 'Wager';
const ICON = '/icons/icon-192.png';

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      await cache.addAll([SHELL_URL, ...shell.urls]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(networkThenShell(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheThenNetwork(request));
});

/** A page: the network's answer, and only when there is none (offline), the kept shell. */
async function networkThenShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
    if (kept) return kept;
    throw error;
  }
}

/** A hashed asset: the kept copy, else the network's, kept for next time. */
async function cacheThenNetwork(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Only an app path (`/matches/…`) is opened, never another site. */
function appPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

worker.addEventListener('push', (event) => {
  let data: { title?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    data = (event.data?.json() ?? {}) as typeof data;
  } catch {
    // A push the worker cannot read still shows (browsers require a notification per push).
  }
  const title = typeof data.title === 'string' && data.title ? data.title : DEFAULT_TITLE;
  const options: NotificationOptions = { icon: ICON, data: { url: appPath(data.url) } };
  if (typeof data.tag === 'string') options.tag = data.tag;
  event.waitUntil(worker.registration.showNotification(title, options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPath((event.notification.data as { url?: unknown } | null)?.url), worker.location.origin).href;
  event.waitUntil(
    (async () => {
      // An open window of the app is reused (navigate works on the windows this worker
      // controls); otherwise, or if that fails, a new one opens.
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: false });
      for (const open of windows) {
        try {
          const shown = await open.navigate(target);
          await (shown ?? open).focus();
          return;
        } catch {
          // Try the next window, then a new one.
        }
      }
      await worker.clients.openWindow(target);
    })(),
  );
});
