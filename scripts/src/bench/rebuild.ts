/**
 * `npm run bench -- rebuild`: how fast a real projector is rebuilt. On a fresh database it
 * appends `--bets N` (7,000, about 53,000 events) bet lifecycles' events, decided by the bet and wallet deciders
 * (funding deposits, stake locks, bets created, accepted, reported, settled, disputed,
 * cancelled, expired or voided, refunds and payouts), as players would append them: one append
 * per decision, 16 at a time, each stream's appends in order. Then it rebuilds each projector
 * that writes per bet (`rebuildProjector`: shadow tables, replay, swap) and prints events/s
 * (all `$all` events read, as the rebuild reads them) against the goal of 20,000 events/s, the
 * rows each rebuilt, and, for comparison in the same run, the same rebuild event by event
 * (`apply` only, as before `applyBatch`) for `--one-by-one` projectors (default: ledger).
 * `--other-per-bet N` (default 7) adds N events per bet that no measured projector folds
 * (type `BenchOtherEvent`, in streams of their own), as the chat, live tracker, notifications and
 * accounts add about 7 of a live lifecycle's 15: a projector with `eventTypes` (the ledger) reads
 * only its own through the type-filtered `$all` read, and events/s counts every event of the log.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { START } from '@wager/domain';
import { REBUILD_BATCH_SIZE, allProjectors, createDatabase, migrateToLatest, rebuildProjector, type Database, type Projector } from '@wager/projections';
import { PostgresEventStore } from '../../../api/src/adapters/event-store/postgres.js';
import { seededRandom, simulateBetLifecycles, type SimulatedEvent } from '../../../projections/src/testing/bet-lifecycles.js';
import { openBenchDatabase } from './database.js';

export const BETS_DEFAULT = 7_000;
export const USERS_DEFAULT = 400;
export const REBUILD_GOAL_EVENTS_PER_SECOND = 20_000;
const APPEND_CONCURRENCY = 16;
const PROJECTORS_MEASURED = ['ledger', 'wallets', 'transactions', 'bets', 'bet_trail', 'stake_holds', 'user_stats'];

function option(args: readonly string[], name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? fallback : (args[i + 1] ?? fallback);
}

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Appends the simulated lifecycles: each stream's appends in order, APPEND_CONCURRENCY appends in flight. */
async function appendLifecycles(store: PostgresEventStore, bets: number, users: number): Promise<number> {
  const appends: SimulatedEvent[][] = [];
  simulateBetLifecycles({
    bets,
    users: Array.from({ length: users }, () => randomUUID()),
    concurrent: 64,
    random: seededRandom(20261125),
    nextId: randomUUID,
    start: new Date('2026-11-25T10:00:00.000Z'),
    emit: (events) => appends.push([...events]),
  });
  const tails = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  for (const events of appends) {
    const streamId = events[0]!.streamId;
    const append = (tails.get(streamId) ?? Promise.resolve()).then(async () => {
      await store.append(streamId, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata })), { expectedRevision: 'any' });
    });
    tails.set(streamId, append);
    const tracked = append.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= APPEND_CONCURRENCY) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return appends.reduce((n, a) => n + a.length, 0);
}

/** Events no measured projector folds, in batches of 10 per append, 16 appends at a time. */
async function appendOtherEvents(store: PostgresEventStore, count: number): Promise<number> {
  const inFlight = new Set<Promise<unknown>>();
  for (let done = 0; done < count; done += 10) {
    const n = Math.min(10, count - done);
    const append = store.append(`benchother-${randomUUID()}`, Array.from({ length: n }, (_, i) => ({ id: randomUUID(), type: 'BenchOtherEvent', data: { n: done + i, text: 'a chat line or a live snapshot of about this size' }, metadata: { actor: 'bench' } })), { expectedRevision: 'no_stream' });
    const tracked = append.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= APPEND_CONCURRENCY) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return count;
}

async function rowsOf(db: Kysely<Database>, projector: Projector): Promise<number> {
  let rows = 0;
  for (const table of projector.tables) rows += Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
  return rows;
}

interface Timed {
  events: number;
  seconds: number;
  /** This process's CPU seconds (user + system) over the same time: the client's share of the work. */
  nodeCpuSeconds: number;
}

async function timed(run: () => Promise<number>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const events = await run();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { events, seconds, nodeCpuSeconds: (used.user + used.system) / 1e6 };
}

/** Reading `$all` alone, in the rebuild's pages: the most a rebuild could reach here. */
async function readOnly(store: PostgresEventStore): Promise<Timed> {
  return timed(async () => {
    let after = START;
    let events = 0;
    for (;;) {
      const page = await store.readAll({ after, maxCount: REBUILD_BATCH_SIZE });
      if (page.length === 0) return events;
      events += page.length;
      after = page[page.length - 1]!.position;
    }
  });
}

/** A rebuild's rate counts every event of the log (`logEvents`), whether or not its projector reads them. */
async function timedRebuild(store: PostgresEventStore, db: Kysely<Database>, projector: Projector, logEvents: number): Promise<Timed & { rows: number; read: number }> {
  let read = 0;
  const result = await timed(async () => {
    read = (await rebuildProjector({ store, db, projector })).events;
    return logEvents;
  });
  return { ...result, rows: await rowsOf(db, projector), read };
}

function line(name: string, writes: string, result: Timed & { rows?: number }, note = ''): string {
  const rate = result.events / result.seconds;
  const rows = result.rows === undefined ? '-' : fmt(result.rows);
  return `${name.padEnd(18)} ${writes.padEnd(10)} ${rows.padStart(8)} ${fmt(rate).padStart(10)}  ${(rate / REBUILD_GOAL_EVENTS_PER_SECOND).toFixed(2).padStart(6)} ×  ${(result.seconds).toFixed(2).padStart(7)}  ${result.nodeCpuSeconds.toFixed(2).padStart(7)}   ${load()}${note}`;
}

export async function runRebuildBench(args: readonly string[]): Promise<void> {
  const bets = Number(option(args, 'bets', String(BETS_DEFAULT)));
  const users = Number(option(args, 'users', String(USERS_DEFAULT)));
  const oneByOne = option(args, 'one-by-one', 'ledger').split(',').filter(Boolean);
  const otherPerBet = Number(option(args, 'other-per-bet', '7'));
  const only = option(args, 'only', PROJECTORS_MEASURED.join(',')).split(',');
  const database = await openBenchDatabase();
  const db = createDatabase(database.url);
  const store = await PostgresEventStore.connect(database.url, { poolSize: APPEND_CONCURRENCY });
  try {
    console.log(`${database.server}\nload average at start: ${load()}`);
    await migrateToLatest(db);
    const appendStarted = Date.now();
    const money = await appendLifecycles(store, bets, users);
    const other = await appendOtherEvents(store, bets * otherPerBet);
    const appended = money + other;
    console.log(`appended ${fmt(appended)} events: ${fmt(money)} of ${fmt(bets)} bet lifecycles among ${users} players and ${fmt(other)} no measured projector folds, in ${((Date.now() - appendStarted) / 1000).toFixed(1)} s (load average ${load()})\n`);

    const projectors = allProjectors().filter((p) => only.includes(p.name));
    console.log(`projector          writes         rows   events/s  vs goal ${fmt(REBUILD_GOAL_EVENTS_PER_SECOND)}   wall s  Node CPU s   load average`);
    console.log(line('($all read only)', '-', await readOnly(store)));
    for (const projector of projectors) {
      const result = await timedRebuild(store, db, projector, appended);
      const reads = (r: { read: number }) => (projector.eventTypes ? `   (read ${fmt(r.read)} events of its types)` : '   (read every event)');
      console.log(line(projector.name, projector.applyBatch ? 'batched' : 'one by one', result, reads(result)));
      if (projector.eventTypes && oneByOne.includes(projector.name)) {
        // The same rebuild reading every event of $all, as before the type-filtered read.
        const { eventTypes: _types, ...unfiltered } = projector;
        const all = await timedRebuild(store, db, unfiltered, appended);
        console.log(line(projector.name, 'unfiltered', all, `   (filtered / unfiltered: ${(all.seconds / result.seconds).toFixed(2)})`));
      }
      if (projector.applyBatch && oneByOne.includes(projector.name)) {
        const { applyBatch: _, ...eventByEvent } = projector;
        const before = await timedRebuild(store, db, eventByEvent, appended);
        console.log(line(projector.name, 'one by one', before, `   (batched / one by one: ${(before.seconds / result.seconds).toFixed(1)})`));
      }
    }
    console.log(`\nevents/s: all ${fmt(appended)} $all events read per second of the whole rebuild (shadow tables, replay, indexes, swap). Load average at end: ${load()}`);
  } finally {
    await store.close();
    await db.destroy();
    await database.drop();
  }
}
