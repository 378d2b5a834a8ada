/** The service worker's URL: at the root, so it controls the whole app (its default scope is `/`). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker (src/service-worker/sw.ts) once the page has loaded, so its
 * install (fetching the shell) never competes with the first load. Production builds only: the
 * dev server has no `/sw.js`, and a worker caching dev modules would only confuse.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
