/**
 * `npm run bench -- eventstore`: how fast the PostgreSQL event store appends, next to the
 * ceiling (a bare INSERT of the same rows) and a peer (Emmett's PostgreSQL event store), at
 * concurrency 1, 16 and 64 with 1- and 10-event appends, each to a new stream; then how fast
 * $all is read from the start (readAll paging) and a projection is rebuilt. Every run makes its
 * own database and drops it. Figures are recorded in docs/benchmarks.md.
 *
 * Options: `--appends N` (per cell), `--warmup N`, and, to narrow a run while profiling,
 * `--concurrency N`, `--only ours,ceiling,emmett` and `--appends-only` (no read rates).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { START, type NewEvent, type Position } from '@wager/domain';
import { createDatabase, migrateToLatest, rebuildProjector, type Database, type Projector } from '@wager/projections';
import { PostgresEventStore } from '../../../api/src/adapters/event-store/postgres.js';
import { openBenchDatabase } from './database.js';
import { benchEvents, ceiling, emmett, ours, type Contender } from './contenders.js';

export const CONCURRENCIES = [1, 16, 64] as const;
export const EVENTS_PER_APPEND = [1, 10] as const;
export const APPENDS_PER_CELL_DEFAULT = 2000;
/** Warm-up appends per cell, spread over the rounds (each turn warms a fresh pool). */
export const WARMUP_APPENDS_DEFAULT = 200;
export const READ_PAGE_SIZE = 1000;
const ROUNDS = 4;
const FREE_CONNECTIONS_KEPT = 15;
const CONTENDERS: readonly Contender[] = [ceiling, ours, emmett];

interface Settings {
  /** Connections each contender may open: the concurrency, within what the server has free. */
  readonly poolSizeMax: number;
  readonly appends: number;
  readonly warmup: number;
  readonly concurrencies: readonly number[];
  readonly contenders: readonly Contender[];
  readonly appendsOnly: boolean;
}

interface Cell {
  readonly concurrency: number;
  readonly eventsPerAppend: number;
  /** Appends per second, by contender name. */
  readonly rates: Record<string, number>;
}

function option(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a whole number above 0`);
  return value;
}

/** The defaults measure everything; `--concurrency` and `--only` narrow a run while profiling. */
function parseSettings(args: readonly string[], poolSizeMax: number): Settings {
  const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',') : undefined;
  const contenders = only ? CONTENDERS.filter((c) => only.includes(c.name)) : CONTENDERS;
  if (contenders.length === 0) throw new Error(`--only names some of: ${CONTENDERS.map((c) => c.name).join(', ')}`);
  return {
    poolSizeMax,
    appends: option(args, 'appends', APPENDS_PER_CELL_DEFAULT),
    warmup: option(args, 'warmup', WARMUP_APPENDS_DEFAULT),
    concurrencies: args.includes('--concurrency') ? [option(args, 'concurrency', 1)] : CONCURRENCIES,
    contenders,
    appendsOnly: args.includes('--appends-only'),
  };
}

/** Runs the prepared appends with `concurrency` workers; returns the seconds they took. */
async function drive(append: (streamId: string, events: readonly NewEvent[]) => Promise<void>, concurrency: number, batches: readonly NewEvent[][]): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < batches.length; i = next++) await append(`bench-${randomUUID()}`, batches[i]!);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * Measures one cell in ROUNDS rounds, each contender in turn within a round, so that a burst of
 * other load on the machine falls on all of them alike; a rate is all appends over all time.
 */
async function measureCell(url: string, settings: Settings, concurrency: number, eventsPerAppend: number): Promise<Cell> {
  const perRound = Math.ceil(settings.appends / ROUNDS);
  const totals = new Map<string, { appends: number; seconds: number }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const contender of settings.contenders) {
      const appender = await contender.open(url, Math.min(concurrency, settings.poolSizeMax));
      try {
        // The warm-up opens every pooled connection and fills caches before the clock starts.
        const warm = Array.from({ length: Math.max(Math.ceil(settings.warmup / ROUNDS), 2 * concurrency) }, () => benchEvents(eventsPerAppend));
        await drive((s, e) => appender.append(s, e), concurrency, warm);
        const batches = Array.from({ length: perRound }, () => benchEvents(eventsPerAppend));
        const seconds = await drive((s, e) => appender.append(s, e), concurrency, batches);
        const total = totals.get(contender.name) ?? { appends: 0, seconds: 0 };
        totals.set(contender.name, { appends: total.appends + perRound, seconds: total.seconds + seconds });
      } finally {
        await appender.close();
      }
    }
  }
  const rates = Object.fromEntries([...totals].map(([name, t]) => [name, t.appends / t.seconds]));
  return { concurrency, eventsPerAppend, rates };
}

/** Reads all of $all from the start in pages, as a catching-up subscriber does. */
async function measureCatchUp(url: string): Promise<{ events: number; seconds: number }> {
  const store = await PostgresEventStore.connect(url, { poolSize: 2 });
  try {
    let after: Position = START;
    let events = 0;
    const started = process.hrtime.bigint();
    for (;;) {
      const page = await store.readAll({ after, maxCount: READ_PAGE_SIZE });
      if (page.length === 0) break;
      events += page.length;
      after = page[page.length - 1]!.position;
    }
    return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    await store.close();
  }
}

/** A read model of one row per event, the simplest a projector can write. */
const rowPerEvent: Projector = {
  name: 'bench_row_per_event',
  tables: ['bench_row_per_event'],
  apply: async (db, event) => {
    await sql`insert into bench_row_per_event (event_id, stream_id, type, commit_position, prepare_position)
      values (${event.id}, ${event.streamId}, ${event.type}, ${event.position.commit}, ${event.position.prepare})
      on conflict (event_id) do nothing`.execute(db);
  },
};

async function measureRebuild(url: string): Promise<{ events: number; seconds: number }> {
  const db: Kysely<Database> = createDatabase(url);
  const store = await PostgresEventStore.connect(url, { poolSize: 2 });
  try {
    await migrateToLatest(db);
    await sql`create table bench_row_per_event (event_id uuid primary key, stream_id text not null, type text not null,
      commit_position bigint not null, prepare_position bigint not null)`.execute(db);
    const started = process.hrtime.bigint();
    const { events } = await rebuildProjector({ store, db, projector: rowPerEvent });
    return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    await store.close();
    await db.destroy();
  }
}

const fmt = (n: number | undefined): string => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));
const ratio = (a: number | undefined, b: number | undefined): string => (a && b ? (a / b).toFixed(2) : '-');

function printCells(cells: readonly Cell[]): void {
  const header = ['conc', 'ev/app', 'ceiling app/s', 'ceiling ev/s', 'ours app/s', 'ours ev/s', 'emmett app/s', 'emmett ev/s', 'ours/ceiling', 'ours/emmett'];
  const rows = cells.map((c) => {
    const { ceiling: top, ours: mine, emmett: peer } = c.rates;
    const events = (rate: number | undefined): string => fmt(rate === undefined ? undefined : rate * c.eventsPerAppend);
    return [String(c.concurrency), String(c.eventsPerAppend), fmt(top), events(top), fmt(mine), events(mine), fmt(peer), events(peer), ratio(mine, top), ratio(mine, peer)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string => r.map((v, i) => v.padStart(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

async function printReadRates(url: string): Promise<void> {
  const read = await measureCatchUp(url);
  console.log(`\n$all catch-up read (readAll, pages of ${READ_PAGE_SIZE}): ${fmt(read.events)} events in ${read.seconds.toFixed(2)} s = ${fmt(read.events / read.seconds)} events/s`);
  const rebuild = await measureRebuild(url);
  console.log(`projection rebuild (rebuildProjector, one row per event): ${fmt(rebuild.events)} events in ${rebuild.seconds.toFixed(2)} s = ${fmt(rebuild.events / rebuild.seconds)} events/s`);
}

/**
 * A shared server (DATABASE_URL) may have other clients: each contender's pool keeps
 * FREE_CONNECTIONS_KEPT of the server's connections free for them.
 */
async function freeConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ free: number }>(
      `select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int - count(*)::int as free from pg_stat_activity`,
    );
    return rows[0]!.free - FREE_CONNECTIONS_KEPT;
  } finally {
    await client.end();
  }
}

export async function runEventStoreBench(args: readonly string[]): Promise<void> {
  const runStarted = Date.now();
  const database = await openBenchDatabase();
  try {
    const settings = parseSettings(args, Math.max(1, Math.min(Math.max(...CONCURRENCIES), await freeConnections(database.url))));
    console.log(`Event store benchmark: ${database.server}`);
    console.log(`Node ${process.version}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, load average ${loadavg()[0]!.toFixed(2)} at start`);
    console.log(`${settings.appends} appends per cell, each to a new stream, in ${ROUNDS} rounds with the contenders taking turns;`);
    console.log(`each turn opens a fresh pool and warms it with ${Math.ceil(settings.warmup / ROUNDS)} appends (at least two per connection) before the clock starts`);
    console.log(`Each contender's pool: as many connections as the concurrency, at most ${settings.poolSizeMax} (the server's free connections)\n`);
    const cells: Cell[] = [];
    for (const concurrency of settings.concurrencies) {
      for (const eventsPerAppend of EVENTS_PER_APPEND) cells.push(await measureCell(database.url, settings, concurrency, eventsPerAppend));
    }
    printCells(cells);
    // Both read what our store wrote above.
    if (settings.contenders.includes(ours) && !settings.appendsOnly) await printReadRates(database.url);
  } finally {
    await database.drop();
  }
  console.log(`\nTotal ${((Date.now() - runStarted) / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(2)} at the end (other work on the machine skews absolute rates; the ratios compare contenders that took turns)`);
}
