import { SERVICE_WORKER_URL } from '../../../lib/service-worker';

/** Why push could not be turned on in this browser; each has its own text (locales/push.ts). */
export type PushSetupFailure = 'unsupported' | 'noWorker' | 'denied' | 'dismissed' | 'pushServiceFailed';

export class PushSetupError extends Error {
  constructor(readonly reason: PushSetupFailure, cause?: unknown) {
    super(`push setup: ${reason}`, { cause });
  }
}

/** What the browser says about push here: whether it can, the notification permission, and its subscription's endpoint. */
export interface BrowserPushState {
  readonly supported: boolean;
  readonly permission: NotificationPermission | null;
  readonly endpoint: string | null;
}

export function browserSupportsPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * The app's service worker registration, once it is active (a push subscription needs one). The
 * production build registers it on load (lib/service-worker.ts); if it has not yet, it is
 * registered here. A development build has none: undefined.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing?.active) return existing;
  if (!existing) {
    if (!import.meta.env.PROD) return undefined;
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  }
  return navigator.serviceWorker.ready;
}

export async function browserPushState(): Promise<BrowserPushState> {
  if (!browserSupportsPush()) return { supported: false, permission: null, endpoint: null };
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  return { supported: true, permission: Notification.permission, endpoint: Notification.permission === 'granted' ? (subscription?.endpoint ?? null) : null };
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks for the notification permission and subscribes this browser to push with the server's
 * VAPID public key, reusing a subscription made with that key. Fails with the reason a person can
 * act on (PushSetupError).
 */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  if (!browserSupportsPush()) throw new PushSetupError('unsupported');
  const registration = await activeRegistration();
  if (!registration) throw new PushSetupError('noWorker');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError('denied');
  if (permission !== 'granted') throw new PushSetupError('dismissed');
  const key = base64UrlBytes(vapidPublicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing.toJSON();
  // A subscription made with another key (the server's keys changed) cannot be pushed to: replace it.
  if (existing) await existing.unsubscribe();
  try {
    return (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })).toJSON();
  } catch (error) {
    throw new PushSetupError('pushServiceFailed', error);
  }
}

/** Ends this browser's push subscription; returns the endpoint it had (to tell the server), if any. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  if (!browserSupportsPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = registration ? await registration.pushManager.getSubscription() : null;
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

export async function thisBrowserEndpoint(): Promise<string | null> {
  return (await browserPushState()).endpoint;
}
