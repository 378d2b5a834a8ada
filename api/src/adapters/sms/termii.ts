/**
 * Termii's Messaging API (`POST /api/sms/send`), the SMS provider for Nigerian numbers. We send
 * our own code as a plain message: the code is made, hashed and checked by us (see
 * docs/api/accounts.md, "Phone verification"), so Termii's token endpoints are not used.
 * The key travels in the JSON body (`api_key`), as Termii's POST endpoints take it; `to` is the
 * E.164 number without its `+`. The host is configurable: Termii gives each account its own
 * base URL (older accounts use https://api.ng.termii.com).
 */
import type { OutgoingSms, SentSms, SmsSender } from './port.js';
import { SmsSendError } from './port.js';
import { measuredFetch } from '../../runtime/metrics.js';

export interface TermiiOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A registered sender ID (3–11 characters). */
  readonly senderId: string;
  /** `dnd` reaches numbers on Do-Not-Disturb and is the route for one-time codes; `generic` is promotional. */
  readonly channel: 'dnd' | 'generic';
  readonly timeoutMs: number;
}

/** Statuses where asking again cannot help: the request or the account is wrong, not the moment. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 405, 422]);

function describe(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message) return `Termii ${status}: ${message}`;
  }
  return `Termii answered ${status}`;
}

export function termiiSender(options: TermiiOptions): SmsSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/sms/send`;
  const fetch = measuredFetch('sms');
  return {
    name: 'termii',
    async send(message: OutgoingSms): Promise<SentSms> {
      const body = { api_key: options.apiKey, to: message.to.replace(/^\+/, ''), from: options.senderId, sms: message.text, type: 'plain', channel: options.channel };
      let response: Response;
      try {
        response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        throw new SmsSendError(`Termii unreachable: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      const json: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new SmsSendError(describe(json, response.status), !PERMANENT_STATUSES.has(response.status));
      const messageId = json && typeof json === 'object' ? (json as { message_id?: unknown }).message_id : undefined;
      if (typeof messageId !== 'string' && typeof messageId !== 'number') throw new SmsSendError(`Termii answered ${response.status} without a message_id`, true);
      return { providerMessageId: String(messageId) };
    },
  };
}
