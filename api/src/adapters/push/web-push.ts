import type { Agent } from 'node:https';
import webpush from 'web-push';
import { outcomeOfStatus, type PushMessage, type PushOutcome, type PushSender, type PushTarget } from './port.js';
import type { VapidKeys } from './vapid.js';
import { observeProviderCall, providerOutcomeOfStatus, type ProviderOutcome } from '../../runtime/metrics.js';
import { SpanKind, inSpan } from '../../runtime/tracing.js';

/** How long a push service may take to answer before the try counts as failed (and is retried). */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is offline (24 h: older news is not worth a buzz). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The push port over the `web-push` library: it signs the request with the VAPID keys (RFC 8292)
 * and encrypts the payload to the device's keys (RFC 8291, aes128gcm). `agent` is for the tests'
 * local push service, whose certificate the test trusts.
 */
export function webPushSender(keys: VapidKeys, options: { agent?: Agent; timeoutMs?: number } = {}): PushSender {
  const deliver = webPushDelivery(keys, options);
  return {
    name: 'web-push',
    // Measured and traced here, the one place a push leaves (web-push makes its own request, so there is no fetch to wrap).
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      const started = performance.now();
      const outcome = await inSpan('provider push', { 'wager.provider': 'push' }, () => deliver(target, message), { kind: SpanKind.CLIENT });
      observeProviderCall('push', pushCallOutcome(outcome), (performance.now() - started) / 1000);
      return outcome;
    },
  };
}

/** A push outcome as a provider call's: the push service's status class, or no answer at all. */
export function pushCallOutcome(outcome: PushOutcome): ProviderOutcome {
  if (outcome.kind === 'sent') return 'success';
  if (outcome.kind === 'gone') return providerOutcomeOfStatus(outcome.status);
  if (outcome.status !== null) return providerOutcomeOfStatus(outcome.status);
  return /timeout/i.test(outcome.message) ? 'timeout' : 'network_error';
}

function webPushDelivery(keys: VapidKeys, options: { agent?: Agent; timeoutMs?: number }): (target: PushTarget, message: PushMessage) => Promise<PushOutcome> {
  return async (target, message) => {
    const payload = JSON.stringify({ title: message.title, url: message.url, tag: message.id });
    try {
      const response = await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        // A uuid without its dashes is 32 base64url characters, the most a Topic may have: a
        // repeat of one notification replaces the undelivered copy at the push service.
        topic: message.id.replaceAll('-', ''),
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        timeout: options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS,
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return outcomeOfStatus(response.statusCode, `push service answered ${response.statusCode}`);
    } catch (error) {
      if (error instanceof webpush.WebPushError) return outcomeOfStatus(error.statusCode, `push service answered ${error.statusCode}: ${String(error.body).slice(0, 200)}`);
      // No answer: a network error (it has a system `code`) or the timeout is worth another try;
      // anything else was thrown before the request left (the keys cannot encrypt) and is final.
      const text = error instanceof Error ? error.message : String(error);
      const retryable = (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') || /timeout/i.test(text);
      return { kind: 'failed', status: null, message: text.slice(0, 300), retryable };
    }
  };
}
