import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { InProcessBus, type Bus, type EventStore } from '@wager/domain';
import { createDatabase, migrateToLatest, type Database } from '@wager/projections';
import { ConfigError, type Config } from './config.js';
import type { PartsDescription } from './deps.js';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './adapters/database/embedded.js';
import { PostgresEventStore } from './adapters/event-store/postgres.js';
import { InstrumentedEventStore } from './adapters/event-store/instrumented.js';
import { NatsBus } from './adapters/bus/nats.js';
import { describePush } from './adapters/push/vapid.js';
import { describePersonalData, withPersonalData } from './adapters/personal-data/store.js';

export const EMBEDDED_DATABASE_NAME = 'wager';

export interface Infrastructure {
  readonly databaseUrl: string;
  readonly db: Kysely<Database>;
  readonly store: EventStore;
  readonly bus: Bus;
  readonly parts: PartsDescription;
  close(): Promise<void>;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * Opens every part the config names, or its embedded stand-in: the database (DATABASE_URL or
 * embedded PostgreSQL under DATA_DIR, joined if already running), read-table migrations, the
 * event store (EVENTSTORE_URL or PostgreSQL) and the bus (NATS_URL or in-process). The server
 * and every `scripts` command use this, so they meet on the same data.
 */
export async function openInfrastructure(config: Config, options: { log?: (m: string) => void } = {}): Promise<Infrastructure> {
  const closers: (() => Promise<void>)[] = [];
  const parts: Record<string, string> = {};
  try {
    let databaseUrl: string;
    let embedded: EmbeddedDatabase | undefined;
    if (config.DATABASE_URL) {
      databaseUrl = config.DATABASE_URL;
      parts.database = `PostgreSQL ${redact(databaseUrl)}`;
    } else {
      const dataDir = resolve(config.DATA_DIR);
      embedded = await startEmbeddedPostgres({ dataDir, persistent: true });
      if (embedded.owned) closers.push(() => embedded!.stop());
      databaseUrl = await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE_NAME);
      parts.database = `embedded PostgreSQL (${dataDir}/postgres, ${new URL(databaseUrl).host}${embedded.owned ? '' : ', shared with a running server'})`;
    }
    const db = createDatabase(databaseUrl);
    closers.unshift(() => db.destroy());
    await migrateToLatest(db);

    let store: EventStore;
    if (config.EVENTSTORE_URL) {
      const { EsdbEventStore } = await import('./adapters/event-store/esdb.js');
      store = await EsdbEventStore.connect(config.EVENTSTORE_URL);
      parts.eventStore = `EventStoreDB ${redact(config.EVENTSTORE_URL)}`;
    } else {
      store = await PostgresEventStore.connect(databaseUrl);
      parts.eventStore = 'PostgreSQL event store (same database)';
    }
    // Every append measured (metrics) and traced; reads pass through.
    store = new InstrumentedEventStore(store);
    closers.unshift(() => store.close());
    // In production the master key must live apart from the data it protects.
    if (config.NODE_ENV === 'production' && !config.DATA_MASTER_KEY) throw new ConfigError('Invalid configuration: DATA_MASTER_KEY="": required in production (base64 of 32 bytes: openssl rand -base64 32)');
    store = await withPersonalData(store, { db, config, clock: { now: () => new Date() } });
    parts.personalData = describePersonalData(config);

    let bus: Bus;
    if (config.NATS_URL) {
      bus = await NatsBus.connect(config.NATS_URL);
      parts.bus = `NATS ${redact(config.NATS_URL)}`;
    } else {
      bus = new InProcessBus();
      parts.bus = 'in-process bus';
    }
    closers.unshift(() => bus.close());
    parts.push = describePush(config);

    return {
      databaseUrl,
      db,
      store,
      bus,
      parts,
      close: async () => {
        for (const close of closers) await close().catch((e: unknown) => options.log?.(`close: ${String(e)}`));
      },
    };
  } catch (error) {
    for (const close of closers) await close().catch(() => undefined);
    throw error;
  }
}
