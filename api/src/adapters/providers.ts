import type { FastifyInstance } from 'fastify';
import { publicBaseUrl, type Config } from '../config.js';
import { createCodStatsProvider, type CodStatsProvider } from './match-stats/cod.js';
import { createFc25StatsProvider } from './match-stats/fc25.js';
import type { MatchStatsProvider } from './match-stats/port.js';
import type { AppDeps } from '../deps.js';
import { createPaystackClient, type PaystackClient } from './paystack/client.js';
import { createCryptoProviderClient, type CryptoProviderClient } from './crypto/client.js';
import type { SmsSender } from './sms/port.js';
import { termiiSender } from './sms/termii.js';

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

/** The match stats sandbox's key: what the adapters send when no real key is configured. */
export const MATCH_STATS_SANDBOX_KEY = 'match_stats_sandbox_key';

/**
 * The stats provider of each game, or null for a game that has none: a real one at
 * COD_STATS_URL / FC25_STATS_URL, else (outside production) the sandbox this app mounts under
 * /sandbox/match-stats, reached at PUBLIC_URL (set once the server listens; read at call time).
 */
export function matchStatsProviders(config: Config): { cod: CodStatsProvider | null; fc25: MatchStatsProvider | null } {
  const sandbox = config.NODE_ENV !== 'production';
  const base = (url: string | undefined, game: string) => url ?? (sandbox ? `${publicBaseUrl(config)}/sandbox/match-stats/${game}` : null);
  const codBase = base(config.COD_STATS_URL, 'cod');
  const fc25Base = base(config.FC25_STATS_URL, 'fc25');
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  return {
    cod: codBase ? createCodStatsProvider({ baseUrl: codBase, apiKey: config.COD_STATS_API_KEY ?? MATCH_STATS_SANDBOX_KEY, timeoutMs }) : null,
    fc25: fc25Base ? createFc25StatsProvider({ baseUrl: fc25Base, apiKey: config.FC25_STATS_API_KEY ?? MATCH_STATS_SANDBOX_KEY, timeoutMs }) : null,
  };
}

/**
 * The Paystack client for code without the HTTP server at hand (the withdrawal reconciler, which
 * also runs in the `project` role): the sandbox is reached on the configured PORT.
 */
export function paystackClientFromConfig(config: AppDeps['config']): PaystackClient {
  const { PAYSTACK_BASE_URL, PAYSTACK_SECRET_KEY, PROVIDER_TIMEOUT_MS, NODE_ENV, PORT } = config;
  if (!PAYSTACK_SECRET_KEY && NODE_ENV === 'production') throw new Error('PAYSTACK_SECRET_KEY is required in production');
  const baseUrl = PAYSTACK_BASE_URL ?? (PAYSTACK_SECRET_KEY ? 'https://api.paystack.co' : `http://127.0.0.1:${PORT}/sandbox/paystack`);
  return createPaystackClient({ baseUrl, secretKey: PAYSTACK_SECRET_KEY ?? PAYSTACK_SANDBOX_SECRET, timeoutMs: PROVIDER_TIMEOUT_MS });
}

/** The Termii sandbox's key: what the SMS adapter sends when no real key is configured. */
export const TERMII_SANDBOX_API_KEY = 'termii_sandbox_key';
/** Termii's host for accounts that were not given one of their own (older docs and most SDKs). */
export const TERMII_DEFAULT_BASE_URL = 'https://api.ng.termii.com';

export function termiiApiKey(config: Pick<Config, 'TERMII_API_KEY' | 'NODE_ENV'>): string {
  if (config.TERMII_API_KEY) return config.TERMII_API_KEY;
  if (config.NODE_ENV === 'production') throw new Error('TERMII_API_KEY is required in production');
  return TERMII_SANDBOX_API_KEY;
}

/**
 * The SMS sender: Termii at TERMII_BASE_URL (or its default host) with TERMII_API_KEY, else
 * (outside production) the same adapter against the Termii sandbox this app mounts under
 * /sandbox/termii, reached at PUBLIC_URL (set once the server listens; read at each call, as the
 * match stats sandbox is). `sandboxBaseUrl` overrides where the sandbox is (tests that listen on
 * a port of their own).
 */
export function smsSenderFromConfig(config: Config, sandboxBaseUrl?: string): SmsSender {
  const { TERMII_API_KEY, TERMII_BASE_URL, TERMII_SENDER_ID, TERMII_CHANNEL, PROVIDER_TIMEOUT_MS } = config;
  const apiKey = termiiApiKey(config);
  const baseUrl = TERMII_BASE_URL ?? (TERMII_API_KEY ? TERMII_DEFAULT_BASE_URL : (sandboxBaseUrl ?? `${publicBaseUrl(config)}/sandbox/termii`));
  return termiiSender({ baseUrl, apiKey, senderId: TERMII_SENDER_ID, channel: TERMII_CHANNEL, timeoutMs: PROVIDER_TIMEOUT_MS });
}
