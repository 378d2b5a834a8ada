/**
 * The crypto provider port and its HTTP adapter: issue a deposit address, send a withdrawal.
 * Progress (confirmations, completion, cancellation) comes back by signed webhook
 * (`x-crypto-signature`: HMAC-SHA512 of the raw body with the shared secret). By default the
 * base URL is the app's own sandbox under /sandbox/crypto.
 */
import { measuredFetch } from '../../runtime/metrics.js';
export class CryptoProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CryptoProviderUnavailableError';
  }
}
export class CryptoProviderRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CryptoProviderRefusedError';
  }
}

export interface CryptoProviderClient {
  createDepositAddress(input: { depositId: string; currency: string; network: string; amount: string; callbackUrl: string }): Promise<{ address: string; providerReference: string }>;
  sendWithdrawal(input: { withdrawalId: string; currency: string; network: string; address: string; amount: string; callbackUrl: string }): Promise<{ providerReference: string }>;
}

export const CRYPTO_WEBHOOK_SIGNATURE_HEADER = 'x-crypto-signature';

export function createCryptoProviderClient(options: { baseUrl: string; secret: string; timeoutMs: number; fetch?: typeof fetch }): CryptoProviderClient {
  const doFetch = measuredFetch('crypto', options.fetch ?? fetch);
  const base = options.baseUrl.replace(/\/+$/, '');
  async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new CryptoProviderUnavailableError(`Crypto provider unreachable: ${error instanceof Error ? error.name : String(error)}`);
    }
    if (response.status >= 500) throw new CryptoProviderUnavailableError(`Crypto provider answered ${response.status}`);
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!json) throw new CryptoProviderUnavailableError('Crypto provider answered with a body that is not JSON');
    if (!response.ok) throw new CryptoProviderRefusedError(typeof json.error === 'string' ? json.error : `Crypto provider answered ${response.status}`);
    return json;
  }
  return {
    async createDepositAddress(input) {
      const json = await post('/v1/addresses', input);
      if (typeof json.address !== 'string') throw new CryptoProviderUnavailableError('Crypto provider answered without an address');
      return { address: json.address, providerReference: String(json.providerReference ?? json.address) };
    },
    async sendWithdrawal(input) {
      const json = await post('/v1/withdrawals', input);
      return { providerReference: String(json.providerReference ?? input.withdrawalId) };
    },
  };
}
