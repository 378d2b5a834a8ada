/**
 * The Paystack client: one HTTP client with a base URL. Production points it at
 * https://api.paystack.co with PAYSTACK_SECRET_KEY; by default it points at the local sandbox
 * the app mounts under /sandbox/paystack, which speaks the same API. Only the two calls the
 * deposit flow needs: initialize and verify.
 */
export class PaystackUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaystackUnavailableError';
  }
}
/** Paystack answered, but refused the call (4xx or `status: false`). */
export class PaystackRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaystackRefusedError';
  }
}

export interface PaystackInitializeInput {
  readonly email: string;
  /** Minor units (kobo), as Paystack expects. */
  readonly amountMinor: string;
  readonly currency: string;
  readonly reference: string;
  readonly callbackUrl: string;
}

export interface PaystackTransaction {
  /** success | failed | abandoned | ongoing | pending | reversed … */
  readonly status: string;
  readonly reference: string;
  readonly amountMinor: string;
  readonly currency: string;
  readonly channel: string;
  readonly gatewayResponse: string;
}

export interface PaystackClient {
  initialize(input: PaystackInitializeInput): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  verify(reference: string): Promise<PaystackTransaction>;
}

export const PAYSTACK_RESPONSE_BYTES_MAX = 256 * 1024;

export function createPaystackClient(options: { baseUrl: string; secretKey: string; timeoutMs: number; fetch?: typeof fetch }): PaystackClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaystackUnavailableError(timedOut ? `Paystack did not answer within ${options.timeoutMs} ms` : `Paystack unreachable: ${String(error)}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500) throw new PaystackUnavailableError(`Paystack answered ${response.status}`);
    if (text.length > PAYSTACK_RESPONSE_BYTES_MAX) throw new PaystackUnavailableError('Paystack response too large');
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PaystackUnavailableError(`Paystack answered ${response.status} with a body that is not JSON`);
    }
    if (!response.ok || json.status !== true) throw new PaystackRefusedError(typeof json.message === 'string' ? json.message : `Paystack answered ${response.status}`);
    return json;
  }

  return {
    async initialize(input) {
      const json = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        callback_url: input.callbackUrl,
      });
      const data = (json.data ?? {}) as Record<string, unknown>;
      if (typeof data.authorization_url !== 'string') throw new PaystackUnavailableError('Paystack initialize answered without an authorization_url');
      return { authorizationUrl: data.authorization_url, accessCode: String(data.access_code ?? ''), reference: String(data.reference ?? input.reference) };
    },
    async verify(reference) {
      const json = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const data = (json.data ?? {}) as Record<string, unknown>;
      return {
        status: String(data.status ?? ''),
        reference: String(data.reference ?? reference),
        amountMinor: String(data.amount ?? ''),
        currency: String(data.currency ?? ''),
        channel: String(data.channel ?? ''),
        gatewayResponse: String(data.gateway_response ?? ''),
      };
    },
  };
}
