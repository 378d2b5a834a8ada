import type { Kysely } from 'kysely';
import { countHit } from '../../runtime/rate-limit.js';
import { resetRateLimit } from './store.js';
import type { Database } from '@wager/projections';

export interface RateLimit {
  /** How many hits a window allows. */
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Login: every attempt from one IP, and attempts against one account since its last successful
 * sign-in (each counted before its password check, so at most `max` checks run per window).
 */
export const LOGIN_PER_IP: RateLimit = { max: 30, windowMs: 15 * 60 * 1000 };
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimit = { max: 5, windowMs: 15 * 60 * 1000 };
export const RESET_REQUESTS_PER_IP: RateLimit = { max: 10, windowMs: 60 * 60 * 1000 };
export const RESET_REQUESTS_PER_EMAIL: RateLimit = { max: 1, windowMs: 60 * 1000 };
export const SIGNUPS_PER_IP: RateLimit = { max: 20, windowMs: 60 * 60 * 1000 };

export interface RateLimitState {
  readonly count: number;
  readonly retryAfterSeconds: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every process shares them (runtime/rate-limit.ts, one
 * statement per hit: decide on the count `hit` returns, never on one read beforehand).
 */
export const hit: (db: Kysely<Database>, key: string, limit: RateLimit, now: Date) => Promise<RateLimitState> = countHit;

export const reset: (db: Kysely<Database>, key: string) => Promise<void> = resetRateLimit;
