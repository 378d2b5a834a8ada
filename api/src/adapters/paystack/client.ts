/**
 * The Paystack client: one HTTP client with a base URL. Production points it at
 * https://api.paystack.co with PAYSTACK_SECRET_KEY; by default it points at the local sandbox
 * the app mounts under /sandbox/paystack, which speaks the same API. The deposit flow's calls
 * (initialize, verify) and the payout flow's (banks, resolve, recipients, transfers).
 */
import { measuredFetch } from '../../runtime/metrics.js';
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

export interface PaystackBank {
  readonly name: string;
  readonly code: string;
}

/** A transfer as Paystack reports it (POST /transfer, GET /transfer/verify/:reference). */
export interface PaystackTransfer {
  /** pending | success | failed | reversed | otp | abandoned | blocked | rejected | received */
  readonly status: string;
  readonly reference: string;
  readonly transferCode: string;
  readonly amountMinor: string;
  readonly currency: string;
  readonly reason: string;
}

export interface PaystackTransferInput {
  readonly amountMinor: string;
  readonly recipientCode: string;
  readonly reference: string;
  readonly reason: string;
}

export interface PaystackClient {
  initialize(input: PaystackInitializeInput): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  verify(reference: string): Promise<PaystackTransaction>;
  /** GET /bank?currency=… */
  listBanks(currency: string): Promise<PaystackBank[]>;
  /** GET /bank/resolve: the account's name, or PaystackRefusedError when the bank does not know it. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<{ accountName: string; accountNumber: string }>;
  /** POST /transferrecipient (nuban): the same account again returns the same recipient. */
  createRecipient(input: { name: string; accountNumber: string; bankCode: string; currency: string }): Promise<{ recipientCode: string }>;
  /** POST /transfer from the balance, with our reference. */
  initiateTransfer(input: PaystackTransferInput): Promise<PaystackTransfer>;
  /** GET /transfer/verify/:reference; null when Paystack has no transfer with that reference. */
  verifyTransfer(reference: string): Promise<PaystackTransfer | null>;
  /** POST /transfer/finalize_transfer, for a transfer waiting on an OTP. */
  finalizeTransfer(transferCode: string, otp: string): Promise<PaystackTransfer>;
  /** GET /balance: the business balance in `currency`, in minor units (kobo); null when Paystack lists none. */
  balance(currency: string): Promise<{ balanceMinor: string } | null>;
}

/** Paystack's "not found" answer to a transfer verify: no transfer was ever made with the reference. */
export class PaystackNotFoundError extends PaystackRefusedError {
  constructor(message: string) {
    super(message);
    this.name = 'PaystackNotFoundError';
  }
}

function transferOf(data: Record<string, unknown>, fallbackReference: string): PaystackTransfer {
  return {
    status: String(data.status ?? ''),
    reference: String(data.reference ?? fallbackReference),
    transferCode: String(data.transfer_code ?? ''),
    amountMinor: String(data.amount ?? ''),
    currency: String(data.currency ?? ''),
    reason: String(data.reason ?? ''),
  };
}

export const PAYSTACK_RESPONSE_BYTES_MAX = 256 * 1024;

export function createPaystackClient(options: { baseUrl: string; secretKey: string; timeoutMs: number; fetch?: typeof fetch }): PaystackClient {
  const doFetch = measuredFetch('paystack', options.fetch ?? fetch);
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
    if (response.status === 404) throw new PaystackNotFoundError(typeof json.message === 'string' ? json.message : 'Not found');
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
    async listBanks(currency) {
      const json = await call('GET', `/bank?currency=${encodeURIComponent(currency)}`);
      const data = Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : [];
      return data.filter((b) => typeof b.name === 'string' && typeof b.code === 'string').map((b) => ({ name: String(b.name), code: String(b.code) }));
    },
    async resolveAccount(accountNumber, bankCode) {
      const json = await call('GET', `/bank/resolve?account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`);
      const data = (json.data ?? {}) as Record<string, unknown>;
      if (typeof data.account_name !== 'string' || data.account_name === '') throw new PaystackRefusedError('Could not resolve account name');
      return { accountName: data.account_name, accountNumber: String(data.account_number ?? accountNumber) };
    },
    async createRecipient(input) {
      const json = await call('POST', '/transferrecipient', { type: 'nuban', name: input.name, account_number: input.accountNumber, bank_code: input.bankCode, currency: input.currency });
      const data = (json.data ?? {}) as Record<string, unknown>;
      if (typeof data.recipient_code !== 'string' || data.recipient_code === '') throw new PaystackUnavailableError('Paystack answered without a recipient_code');
      return { recipientCode: data.recipient_code };
    },
    async initiateTransfer(input) {
      const json = await call('POST', '/transfer', { source: 'balance', amount: Number(input.amountMinor), recipient: input.recipientCode, reason: input.reason, reference: input.reference });
      return transferOf((json.data ?? {}) as Record<string, unknown>, input.reference);
    },
    async verifyTransfer(reference) {
      try {
        const json = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
        return transferOf((json.data ?? {}) as Record<string, unknown>, reference);
      } catch (error) {
        if (error instanceof PaystackNotFoundError) return null;
        throw error;
      }
    },
    async finalizeTransfer(transferCode, otp) {
      const json = await call('POST', '/transfer/finalize_transfer', { transfer_code: transferCode, otp });
      return transferOf((json.data ?? {}) as Record<string, unknown>, '');
    },
    async balance(currency) {
      const json = await call('GET', '/balance');
      const data = Array.isArray(json.data) ? (json.data as Record<string, unknown>[]) : [];
      const entry = data.find((b) => b.currency === currency);
      if (!entry) return null;
      const minor = entry.balance;
      if (!(typeof minor === 'number' && Number.isSafeInteger(minor)) && !(typeof minor === 'string' && /^-?\d{1,20}$/.test(minor))) throw new PaystackUnavailableError('Paystack answered a balance that is not a whole number of kobo');
      return { balanceMinor: String(minor) };
    },
  };
}
