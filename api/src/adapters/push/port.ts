/**
 * The Web Push port: hands one encrypted notification to the push service of one device. The
 * payload is the notification's title and the app path it opens, nothing else (no personal data
 * leaves for a push service but the title the player will see).
 */
export interface PushTarget {
  readonly endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), the payload is encrypted to. */
  readonly p256dh: string;
  readonly auth: string;
}

export interface PushMessage {
  readonly title: string;
  /** An app path (`/bets/…`) the notification opens when clicked. */
  readonly url: string;
  /** The notification's id: the push `Topic` and the notification `tag`, so a repeat replaces rather than adds. */
  readonly id: string;
}

/**
 * What the push service answered: accepted; gone (404/410: the subscription is dead and is
 * dropped); or failed, `retryable` for a timeout, a network error, 408, 429 and 5xx, final for
 * any other refusal (a bad key, a payload too large).
 */
export type PushOutcome =
  | { readonly kind: 'sent' }
  | { readonly kind: 'gone'; readonly status: number }
  | { readonly kind: 'failed'; readonly status: number | null; readonly message: string; readonly retryable: boolean };

export interface PushSender {
  readonly name: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** The push service's HTTP status, as one outcome (see PushOutcome). */
export function outcomeOfStatus(status: number, message: string): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  return { kind: 'failed', status, message, retryable: status === 408 || status === 429 || status >= 500 };
}
