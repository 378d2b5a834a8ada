import type { Kysely } from 'kysely';
import type { Bus, EventStore, Position } from '@wager/domain';
import type { Database, ProjectorStatus } from '@wager/projections';
import type { Config } from './config.js';

/** Time and ids come from here, never from Date.now() / randomUUID() in handlers: tests inject them. */
export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  uuid(): string;
}

/** Read-your-writes: lets a command wait until the read models show what it appended. */
export interface ProjectionWaiter {
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
  status(): Promise<{ running: boolean; lastError?: string; projectors: ProjectorStatus[] }>;
}

/** What each part is, for the start banner and /api/health: 'embedded PostgreSQL', 'NATS nats://…'. */
export type PartsDescription = Record<string, string>;

export interface AppDeps {
  readonly config: Config;
  readonly store: EventStore;
  readonly db: Kysely<Database>;
  readonly bus: Bus;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly projections: ProjectionWaiter;
  readonly parts: PartsDescription;
}

export const systemClock: Clock = { now: () => new Date() };
