import assert from 'node:assert/strict';
import { z } from 'zod';

/**
 * Configuration from the environment, parsed once at start. A bad value stops the start with
 * one line naming the variable (see `loadConfig`). Each unset service variable selects the
 * embedded stand-in: DATABASE_URL → embedded PostgreSQL, EVENTSTORE_URL → the PostgreSQL event
 * store, NATS_URL → the in-process bus, PAYSTACK_SECRET_KEY → the Paystack sandbox, SMTP_URL →
 * the outbox, TERMII_API_KEY → the Termii (SMS) sandbox, FPL_API_URL → the FPL sandbox.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`);

const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal number');

/** A VAPID key as web-push prints it: unpadded base64url of `bytes` bytes (public: 65, an uncompressed P-256 point; private: 32). */
const vapidKey = (bytes: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (/^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes), `must be ${bytes} bytes in unpadded base64url (npx web-push generate-vapid-keys)`);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['serve', 'project', 'both']).default('both'),
  DATA_DIR: z.string().default('./.data'),
  /**
   * The origin of every link the app hands out (reset mail, share links, payment returns). Unset,
   * `startServer` fills it in from the address it listens on; it never comes from a request.
   */
  PUBLIC_URL: optionalUrl(['http', 'https']).refine((v) => v === undefined || URL.canParse(v), 'must be a URL'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  EVENTSTORE_URL: optionalUrl(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover']),
  NATS_URL: optionalUrl(['nats', 'tls', 'ws', 'wss']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Wager <no-reply@wager.local>'),
  /** The HMAC key of one-click unsubscribe links (at least 32 characters); unset → a per-installation key kept in the database. */
  UNSUBSCRIBE_SECRET: z.string().min(32).optional(),
  /** The HMAC key of bank account fingerprints (at least 32 characters; never change it once set); unset → a per-installation key kept in the database. */
  BANK_ACCOUNT_FINGERPRINT_SECRET: z.string().min(32).optional(),
  /** The HMAC key naming phone number streams (at least 32 characters; never change it once set); unset → a per-installation key kept in the database. */
  PHONE_STREAM_SECRET: z.string().min(32).optional(),
  /**
   * The master key that wraps every person's data key (base64 of 32 bytes: `openssl rand -base64 32`).
   * Unset outside production: a per-installation key kept in the database. In production it must
   * be set (or the data keys wrapped by a KMS through the same port).
   */
  /** How long a player's erasure request waits before it is carried out (they may cancel meanwhile). */
  ERASURE_COOLING_HOURS: z.coerce.number().min(0).max(24 * 90).default(168),
  /**
   * Days after a bet ends (no dispute or appeal open) before its evidence files and chat are
   * deleted (docs/architecture.md, "Retention"). 180: long past every window that can still move
   * the bet's money (48 h contest, 48 h appeal), and long enough for a chargeback or a complaint.
   */
  RETENTION_DAYS_EVIDENCE_AND_CHAT: z.coerce.number().int().min(1).max(3650).default(180),
  DATA_MASTER_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of 32 bytes')
    .optional(),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().optional(),
  /** SMS (phone verification) through Termii; unset outside production: the Termii sandbox at /sandbox/termii. */
  TERMII_API_KEY: z.string().optional(),
  TERMII_BASE_URL: z.string().url().optional(),
  TERMII_SENDER_ID: z.string().trim().min(3).max(11).default('Wager'),
  TERMII_CHANNEL: z.enum(['dnd', 'generic']).default('dnd'),
  CRYPTO_PROVIDER_URL: z.string().url().optional(),
  CRYPTO_PROVIDER_SECRET: z.string().optional(),
  /** How long a call to Paystack or the crypto provider may take before it counts as failed (deposit stays pending). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  /** Crypto sandbox speed: 1 = one confirmation every 10 s; 100 = every 100 ms (tests). */
  CRYPTO_SANDBOX_SPEED: z.coerce.number().min(0.01).max(10_000).default(1),
  WALLET_CURRENCY: z.enum(['NGN', 'USD', 'EUR', 'GBP']).default('NGN'),
  DAILY_LIMIT_DEFAULT: decimalString.default('50000'),
  /**
   * Payouts without a person in the loop (docs/api/wallet.md): a verified player's withdrawals
   * go automatically up to these amounts (wallet currency) in any 24 hours / 30 days, and up to
   * this many withdrawals in any 24 hours; beyond, they wait for an admin's review. The first
   * payout to a newly added bank account waits BANK_NEW_ACCOUNT_WAIT_HOURS (0: not at all).
   */
  PAYOUT_TIER_DAILY_MAX: decimalString.default('50000'),
  PAYOUT_TIER_MONTHLY_MAX: decimalString.default('200000'),
  PAYOUT_WITHDRAWALS_PER_DAY_MAX: z.coerce.number().int().min(1).max(1000).default(3),
  BANK_NEW_ACCOUNT_WAIT_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** How long a password or email change, and a device first seen, hold payouts for review; how far back winnings against a linked player count. */
  PAYOUT_CREDENTIALS_CHANGE_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  PAYOUT_NEW_DEVICE_HOLD_HOURS: z.coerce.number().min(0).max(720).default(24),
  PAYOUT_LINKED_WINNINGS_DAYS: z.coerce.number().min(0).max(365).default(30),
  /**
   * The same tier for crypto withdrawals, in USD: the crypto balance is kept in USD and the app
   * has no naira–dollar rate to convert with (defaults: about ₦50,000 / ₦200,000 at ₦1,650 per $).
   */
  CRYPTO_PAYOUT_TIER_DAILY_USD: decimalString.default('30'),
  CRYPTO_PAYOUT_TIER_MONTHLY_USD: decimalString.default('120'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Read-your-writes: how long a command waits for the read models to show its events. */
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Bets: hours an accepted bet has to be played and reported; hours a lone result may be contested. */
  BET_PLAY_DEADLINE_HOURS: z.coerce.number().min(0.01).max(720).default(24), BET_CONTEST_WINDOW_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  /**
   * Live match tracking (api/src/contexts/live): the COD and FC25 stats providers' base URLs and
   * API keys. Unset (any environment but production), the app's sandbox under
   * /sandbox/match-stats stands in; in production, a game without a URL is not polled.
   */
  COD_STATS_URL: z.string().url().optional(),
  COD_STATS_API_KEY: z.string().optional(),
  FC25_STATS_URL: z.string().url().optional(),
  FC25_STATS_API_KEY: z.string().optional(),
  /** The most calls per minute the ingest job makes to each stats provider (their rate limit). */
  MATCH_STATS_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  /** Spec section 9: a COD player's feed every 15 s, a bet's tracking every 30 s (shorter in demos and tests). */
  LIVE_COD_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  LIVE_FC25_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How many real seconds a sandbox match lasts from kick-off to the end. */
  MATCH_SANDBOX_MATCH_SECONDS: z.coerce.number().min(1).max(3600).default(180),
  /** Trust X-Forwarded-For (only behind a proxy that sets it): otherwise clients could spoof their IP past per-IP limits. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * The bearer token Prometheus presents to scrape /metrics (at least 16 characters). Unset: no
   * /metrics route at all. ROLE=project, which has no HTTP server, serves /metrics alone on
   * METRICS_PORT when the token is set.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** FPL pools: the FPL API (https://fantasy.premierleague.com/api); unset → the FPL sandbox under /sandbox/fpl. */
  FPL_API_URL: optionalUrl(['http', 'https']),
  /** How long an FPL answer (calendar, a team's history) is reused before asking again. */
  FPL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How often the pools job looks at the FPL calendar (a few times an hour is polite). */
  FPL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /** How often the ledger audit (replay and verify, the same as `npm run audit -- verify`) runs on its own; 0: only when asked. */
  AUDIT_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(360),
  /**
   * Web Push (api/src/adapters/push): the VAPID key pair the push services know this server by,
   * and the contact they may reach its operator at (`mailto:` or `https:`). Unset outside
   * production, a pair is generated once and kept in the database (every process shares it);
   * unset in production, push is off and the start banner says so.
   */
  VAPID_PUBLIC_KEY: vapidKey(65),
  VAPID_PRIVATE_KEY: vapidKey(32),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || ((v.startsWith('mailto:') || v.startsWith('https://')) && URL.canParse(v)), 'must be a mailto: or https:// URL'),
}).superRefine((config, context) => {
  // One key without the other cannot sign anything: say which one is missing.
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    const missing = config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all' });
  }
});

export type Config = z.infer<typeof configSchema>;

/**
 * The base of absolute links the app hands out: PUBLIC_URL and nothing else. A request's Host
 * (or X-Forwarded-Host) header is whatever the client chose to send, so a link built from it
 * would mail a reset token, or send a player back from a payment, to the sender's own site.
 * `startServer` sets PUBLIC_URL before the first request and the test harness sets it too, so
 * an unset one here is a wiring bug, not a request's fault.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL'>): string {
  assert(config.PUBLIC_URL, 'PUBLIC_URL is unset: startServer sets it from the listening address before serving');
  return config.PUBLIC_URL.replace(/\/+$/, '');
}

export class ConfigError extends Error {}

/** Parses the environment; the error message is one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
}

/** For command-line entry points: the config, or the one-line reason on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
