// Proves the push subscription rules: a browser's real subscription shape passes, malformed keys and non-https or (in production) unknown endpoints are refused with their codes, and device labels read from User-Agents.
import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deviceLabelOf, pushSubscriptionSchema } from './index.js';

const deviceKeys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });
const fcm = 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b';

function refusalOf(input: unknown, knownServicesOnly = true): unknown {
  const parsed = pushSubscriptionSchema({ knownServicesOnly }).safeParse(input);
  return parsed.success ? undefined : (parsed.error.issues[0] as { params?: unknown } | undefined)?.params;
}

describe('pushSubscriptionSchema', () => {
  it('accepts what a browser hands over (PushSubscription.toJSON)', () => {
    fc.assert(
      fc.property(fc.constantFrom(fcm, 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 'https://web.push.apple.com/QGz', 'https://wns2-par02p.notify.windows.com/w/?token=BQ'), (endpoint) => {
        expect(pushSubscriptionSchema({ knownServicesOnly: true }).safeParse({ endpoint, expirationTime: null, keys: deviceKeys() }).success).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses keys of the wrong size or alphabet as an invalid subscription', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 100 }), fc.uint8Array({ minLength: 1, maxLength: 40 }), (p256dh, auth) => {
        const keys = { p256dh: Buffer.from(p256dh).toString('base64url'), auth: Buffer.from(auth).toString('base64url') };
        fc.pre(!(p256dh.length === 65 && p256dh[0] === 4 && auth.length === 16));
        expect(refusalOf({ endpoint: fcm, keys })).toEqual({ code: 'invalid_push_subscription' });
      }),
    );
    expect(refusalOf({ endpoint: fcm, keys: { ...deviceKeys(), auth: 'not base64url!!!!!!!!!' } })).toEqual({ code: 'invalid_push_subscription' });
  });

  it('refuses a plain-http endpoint everywhere, and in production an endpoint that is no push service', () => {
    expect(refusalOf({ endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: deviceKeys() }, false)).toEqual({ code: 'invalid_push_subscription' });
    expect(refusalOf({ endpoint: 'https://10.0.0.5/admin', keys: deviceKeys() })).toEqual({ code: 'unknown_push_service' });
    expect(refusalOf({ endpoint: 'https://fcm.googleapis.com.evil.example/x', keys: deviceKeys() })).toEqual({ code: 'unknown_push_service' });
    expect(refusalOf({ endpoint: 'https://127.0.0.1:8443/push/1', keys: deviceKeys() }, false)).toBeUndefined();
  });
});

describe('deviceLabelOf', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    [undefined, 'Browser'],
  ])('%s is %s', (agent, label) => {
    expect(deviceLabelOf(agent)).toBe(label);
  });
});
