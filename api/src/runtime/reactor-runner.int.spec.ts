// Proves the reactor runner: all reactors share one $all subscription and their checkpoints are saved in one statement at most every interval (and at a stop), each gets exactly the events it handles in order (a reactor that takes batches, all of a batch's at once, one at a time when that fails), a failing reactor holds back only itself and retries without skipping the event, and a restart resumes from the checkpoints.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryEventStore, type RecordedEvent } from '@wager/domain';
import { createDatabase, migrateToLatest, readCheckpoints, type Database } from '@wager/projections';
import { freshDatabaseUrl } from '@wager/projections/testing/database';
import { eventually } from '../testing/eventually.js';
import { REACTOR_CHECKPOINT_INTERVAL_MS, ReactorRunner, type Reactor } from './reactor-runner.js';
import { reactorFailures } from './metrics.js';

let db: Kysely<Database>;

beforeAll(async () => {
  db = createDatabase(await freshDatabaseUrl('reactor_runner'));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
});

/** A reactor that records what it handled; `failFirst` throws on the first N attempts at that event type. */
function recorder(name: string, eventTypes?: string[], failFirst?: { type: string; times: number }): Reactor & { seen: string[]; attempts: number } {
  const reactor = {
    name: `${name}-${randomUUID().slice(0, 8)}`,
    eventTypes,
    seen: [] as string[],
    attempts: 0,
    async handle(event: RecordedEvent) {
      if (failFirst && event.type === failFirst.type && reactor.attempts++ < failFirst.times) throw new Error(`${name} failed on ${event.type}`);
      reactor.seen.push((event.data as { n: string }).n);
    },
  };
  return reactor;
}

/** Counts `readAll` calls: a subscription's every read goes through it. */
class CountingStore extends InMemoryEventStore {
  reads = 0;
  override readAll(...args: Parameters<InMemoryEventStore['readAll']>): ReturnType<InMemoryEventStore['readAll']> {
    this.reads++;
    return super.readAll(...args);
  }
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  await eventually(async () => await check(), (met) => met, 'the reactors’ condition');
}

const events = (type: string, ...ns: string[]) => ns.map((n) => ({ id: randomUUID(), type, data: { n } }));

describe('reactor runner', () => {
  it('feeds every reactor its own events in order from one subscription, and moves all their checkpoints', async () => {
    const store = new CountingStore();
    const a = recorder('a', ['A']);
    const b = recorder('b', ['B']);
    const all = recorder('all');
    const runner = new ReactorRunner({ store, db, reactors: [a, b, all] });
    runner.start();
    try {
      await store.append('s-1', events('A', '1', '2'));
      await store.append('s-2', events('B', '3'));
      const last = await store.append('s-1', events('A', '4'));
      await until(() => all.seen.length === 4);
      expect(a.seen).toEqual(['1', '2', '4']);
      expect(b.seen).toEqual(['3']);
      expect(all.seen).toEqual(['1', '2', '3', '4']);
      await until(async () => {
        const saved = await readCheckpoints(db);
        return [a, b, all].every((r) => saved.get(`reactor:${r.name}`)?.prepare === last.position.prepare);
      });
      // One subscription's reads for three reactors: three separate ones read at least three times each.
      const readsForFourAppends = store.reads;
      expect(readsForFourAppends).toBeLessThan(3 * 3);
    } finally {
      await runner.stop();
    }
  });

  it('lets a failing reactor hold back only itself, and retries it from its checkpoint without skipping the event', async () => {
    const store = new InMemoryEventStore();
    const healthy = recorder('healthy');
    const flaky = recorder('flaky', undefined, { type: 'BOOM', times: 2 });
    const runner = new ReactorRunner({ store, db, reactors: [healthy, flaky] });
    const failuresBefore = (await reactorFailures.get()).values.find((v) => v.labels.reactor === flaky.name)?.value ?? 0;
    runner.start();
    try {
      await store.append('s-1', [...events('OK', '1'), ...events('BOOM', '2')]);
      await store.append('s-1', events('OK', '3'));
      await until(() => healthy.seen.length === 3);
      expect(healthy.seen).toEqual(['1', '2', '3']);
      // The failed reactor comes back on its own (growing delays: 200 ms, then 400 ms) and sees everything, '1' possibly twice (at least once), never skipping '2'.
      await until(() => flaky.seen.includes('3'));
      expect(flaky.seen.filter((n) => n !== '1')).toEqual(['2', '3']);
      await until(() => runner.lastErrors()[flaky.name] === undefined);
      // Each failed attempt is counted (metrics), against the failing reactor only.
      const failures = (await reactorFailures.get()).values;
      expect(failures.find((v) => v.labels.reactor === flaky.name)?.value).toBe(failuresBefore + 2);
      expect(failures.find((v) => v.labels.reactor === healthy.name)).toBeUndefined();
    } finally {
      await runner.stop();
    }
  });

  it('resumes from the saved checkpoints after a restart, handling only what came after', async () => {
    const store = new InMemoryEventStore();
    const first = recorder('restart');
    const runner = new ReactorRunner({ store, db, reactors: [first] });
    runner.start();
    const before = await store.append('s-1', events('E', '1', '2'));
    await until(async () => (await readCheckpoints(db)).get(`reactor:${first.name}`)?.prepare === before.position.prepare);
    await runner.stop();
    await store.append('s-1', events('E', '3'));
    const again = { ...recorder('restart'), name: first.name, seen: [] as string[] };
    again.handle = async (event) => void again.seen.push((event.data as { n: string }).n);
    const restarted = new ReactorRunner({ store, db, reactors: [again] });
    restarted.start();
    try {
      await until(() => again.seen.length > 0);
      await new Promise((r) => setTimeout(r, 100));
      expect(again.seen).toEqual(['3']);
    } finally {
      await restarted.stop();
    }
  });

  it('hands a reactor that takes batches all its events of a batch in one call, and one at a time when that call fails, never skipping the failing event', async () => {
    const store = new InMemoryEventStore();
    const n = (e: RecordedEvent) => (e.data as { n: string }).n;
    // Both appended before the runner starts: its first read is one batch of all four events.
    await store.append('s-1', events('E', '1', '2'));
    await store.append('s-2', events('E', '3', '4'));
    const batched = { name: `batched-${randomUUID().slice(0, 8)}`, calls: [] as string[][], async handle(e: RecordedEvent) { batched.calls.push([n(e)]); }, async handleBatch(es: readonly RecordedEvent[]) { batched.calls.push(es.map(n)); } };
    let refusals = 1;
    const failing = {
      name: `failing-batch-${randomUUID().slice(0, 8)}`,
      seen: [] as string[],
      async handle(e: RecordedEvent) {
        if (n(e) === '3' && refusals-- > 0) throw new Error('3 fails once');
        failing.seen.push(n(e));
      },
      async handleBatch(es: readonly RecordedEvent[]) {
        if (es.some((e) => n(e) === '3')) throw new Error('a batch with 3 fails');
        failing.seen.push(...es.map(n));
      },
    };
    const runner = new ReactorRunner({ store, db, reactors: [batched, failing] });
    runner.start();
    try {
      await until(() => failing.seen.includes('4'));
      await until(() => batched.calls.length > 0);
      expect(batched.calls).toEqual([['1', '2', '3', '4']]);
      // The failed batch fell back to one at a time: 1 and 2 stored before 3 failed, then (retried from the checkpoint) everything, 3 once, in order.
      expect(failing.seen.slice(0, 2)).toEqual(['1', '2']);
      expect(failing.seen.filter((x) => x === '3')).toEqual(['3']);
      expect(failing.seen.slice(failing.seen.indexOf('3') - 2)).toEqual(['1', '2', '3', '4']);
    } finally {
      await runner.stop();
    }
  });

  it('saves the checkpoints at most about every REACTOR_CHECKPOINT_INTERVAL_MS under a stream of batches, and a stop saves the last position handled', async () => {
    const store = new InMemoryEventStore();
    const reactor = recorder('throttled');
    let saves = 0;
    // The runner reads the clock once per checkpoint save (its updated_at).
    const runner = new ReactorRunner({ store, db, reactors: [reactor], now: () => (saves++, new Date()) });
    runner.start();
    const started = Date.now();
    let last = await store.append('s-1', events('E', '0'));
    await until(() => reactor.seen.length === 1);
    for (let i = 1; i < 60; i++) {
      last = await store.append('s-1', events('E', String(i)));
      await until(() => reactor.seen.length === i + 1);
    }
    const windows = Math.floor((Date.now() - started) / REACTOR_CHECKPOINT_INTERVAL_MS) + 1;
    await runner.stop();
    // 60 batches, each handled: a save right after a batch at most once a window, one by a timer after a quiet window at most as often, one at the stop.
    expect(saves).toBeLessThanOrEqual(2 * windows + 2);
    expect((await readCheckpoints(db)).get(`reactor:${reactor.name}`)?.prepare).toBe(last.position.prepare);
  });
});
