/**
 * Web Push (issue 24): what a browser's push subscription must look like before the server keeps
 * it, and the refusals in English (the web app shows them by `code`). A subscription is device
 * state, not money: it is kept in a table, not in events. Pure.
 */
import { z } from 'zod';

export const PUSH_ENDPOINT_LENGTH_MAX = 2048;
/** Devices one player may have push on at once; more is refused until one is turned off. */
export const PUSH_DEVICES_PER_USER_MAX = 20;
/** A P-256 public key, uncompressed (65 bytes, first 0x04), is 87 base64url characters starting with B. */
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
/** A 16-byte auth secret is 22 base64url characters. */
const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The push services browsers use (Chrome/Edge/Opera via FCM, Firefox via Mozilla autopush, Safari
 * via Apple, legacy Edge via WNS). In production an endpoint elsewhere is refused: the server POSTs
 * to every endpoint it keeps, so it must never be one a player picked (an internal address).
 */
export const PUSH_SERVICE_HOST_SUFFIXES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

export const pushMessages = {
  invalidSubscription: 'This browser sent a push subscription the server cannot use',
  unknownPushService: 'Push notifications from this browser are not supported',
  tooManyDevices: 'Push is on for too many devices. Turn it off on one of them first',
  unavailable: 'Push notifications are not available on this server',
  deviceNotFound: 'Device not found',
} as const;

function isKnownPushService(endpoint: string): boolean {
  const host = new URL(endpoint).hostname.toLowerCase();
  return PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

const refusal = { code: 'invalid_push_subscription' };

/**
 * A browser's `PushSubscription.toJSON()`. `knownServicesOnly` (production) also requires the
 * endpoint to be one of PUSH_SERVICE_HOST_SUFFIXES; elsewhere any https endpoint will do (the
 * tests' local push service).
 */
export function pushSubscriptionSchema(options: { knownServicesOnly: boolean }) {
  return z
    .object({
      endpoint: z
        .string({ error: pushMessages.invalidSubscription })
        .refine((v) => v.length <= PUSH_ENDPOINT_LENGTH_MAX && URL.canParse(v) && new URL(v).protocol === 'https:', { error: pushMessages.invalidSubscription, params: refusal })
        .refine((v) => !options.knownServicesOnly || !URL.canParse(v) || isKnownPushService(v), { error: pushMessages.unknownPushService, params: { code: 'unknown_push_service' } }),
      expirationTime: z.number().nullable().optional(),
      keys: z.object(
        {
          p256dh: z.string({ error: pushMessages.invalidSubscription }).refine((v) => P256DH_PATTERN.test(v), { error: pushMessages.invalidSubscription, params: refusal }),
          auth: z.string({ error: pushMessages.invalidSubscription }).refine((v) => AUTH_PATTERN.test(v), { error: pushMessages.invalidSubscription, params: refusal }),
        },
        { error: pushMessages.invalidSubscription },
      ),
    })
    .strict();
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A name a player recognises a device by, from its User-Agent: "Chrome on Android"; "Browser" when unknown. */
export function deviceLabelOf(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Browser';
}
