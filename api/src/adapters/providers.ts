import type { FastifyInstance } from 'fastify';
import { publicBaseUrl } from '../config.js';
import { createPaystackClient, type PaystackClient } from './paystack/client.js';
import { createCryptoProviderClient, type CryptoProviderClient } from './crypto/client.js';

/**
 * Which provider the wallet talks to. With PAYSTACK_SECRET_KEY / CRYPTO_PROVIDER_SECRET unset
 * (any environment but production), the app's own sandboxes under /sandbox/* stand in, with
 * these well-known test secrets; in production the real variables are required.
 */
export const PAYSTACK_SANDBOX_SECRET = 'sk_test_wager_sandbox';
export const CRYPTO_SANDBOX_SECRET = 'crypto_sandbox_secret';

/**
 * Where this process reaches itself: the address it listens on (a wildcard one as loopback).
 * For calls that never leave the machine, the app to its sandboxes' API and the sandboxes'
 * webhooks back to the app; links a person opens use `publicBaseUrl` instead.
 */
export function selfBaseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host = address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    return `http://${host}:${address.port}`;
  }
  return `http://127.0.0.1:${app.deps.config.PORT}`;
}

export function paystackSecret(app: FastifyInstance): string {
  const { PAYSTACK_SECRET_KEY, NODE_ENV } = app.deps.config;
  if (PAYSTACK_SECRET_KEY) return PAYSTACK_SECRET_KEY;
  if (NODE_ENV === 'production') throw new Error('PAYSTACK_SECRET_KEY is required in production');
  return PAYSTACK_SANDBOX_SECRET;
}

export function paystackClient(app: FastifyInstance): PaystackClient {
  const { PAYSTACK_BASE_URL, PAYSTACK_SECRET_KEY, PROVIDER_TIMEOUT_MS } = app.deps.config;
  const baseUrl = PAYSTACK_BASE_URL ?? (PAYSTACK_SECRET_KEY ? 'https://api.paystack.co' : `${selfBaseUrl(app)}/sandbox/paystack`);
  return createPaystackClient({ baseUrl, secretKey: paystackSecret(app), timeoutMs: PROVIDER_TIMEOUT_MS });
}

/**
 * Where the crypto provider posts its webhooks: a real provider reaches us from outside, at
 * PUBLIC_URL; the sandbox runs in this process and reaches us where we listen.
 */
export function cryptoWebhookBaseUrl(app: FastifyInstance): string {
  return app.deps.config.CRYPTO_PROVIDER_URL ? publicBaseUrl(app.deps.config) : selfBaseUrl(app);
}

export function cryptoSecret(app: FastifyInstance): string {
  const { CRYPTO_PROVIDER_SECRET, NODE_ENV } = app.deps.config;
  if (CRYPTO_PROVIDER_SECRET) return CRYPTO_PROVIDER_SECRET;
  if (NODE_ENV === 'production') throw new Error('CRYPTO_PROVIDER_SECRET is required in production');
  return CRYPTO_SANDBOX_SECRET;
}

export function cryptoClient(app: FastifyInstance): CryptoProviderClient {
  const { CRYPTO_PROVIDER_URL, PROVIDER_TIMEOUT_MS } = app.deps.config;
  return createCryptoProviderClient({ baseUrl: CRYPTO_PROVIDER_URL ?? `${selfBaseUrl(app)}/sandbox/crypto`, secret: cryptoSecret(app), timeoutMs: PROVIDER_TIMEOUT_MS });
}
