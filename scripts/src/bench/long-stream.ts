/**
 * `npm run bench -- long-stream`: does a command's cost depend on its stream's length? On a
 * fresh database, one wallet is given `--events N` (10,000) events (a deposit, then stake locks
 * and releases, decided by the wallet's own decider and appended in batches), then stake locks
 * run through the real command path (`lockStake`, i.e. runCommand with the snapshot cache)
 * alternately on that wallet and on fresh wallets, so other load on the machine falls on both
 * alike. Prints p50/p95 of each, their ratio (goal ≤ 1.2), the first command on the long wallet
 * (cold: it folds the whole stream once per process) and what a whole-stream fold costs, as
 * every command paid before the cache.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { foldStream, type NewEvent } from '@wager/domain';
import { walletDecider, walletStreamId, type WalletCommand, type WalletEvent } from '@wager/domain/wallet/index';
import { PostgresEventStore } from '../../../api/src/adapters/event-store/postgres.js';
import { systemClock } from '../../../api/src/deps.js';
import { executeWalletCommand, lockStake, releaseStake, type WalletDeps } from '../../../api/src/contexts/wallet/commands.js';
import { openBenchDatabase } from './database.js';

export const LONG_STREAM_EVENTS_DEFAULT = 10_000;
export const COMMANDS_DEFAULT = 200;
export const RATIO_GOAL = 1.2;
const APPEND_BATCH = 500;

function option(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} needs a whole number above 0`);
  return value;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** A wallet of `count` events: one large deposit, then alternating stake locks and releases, decided by the wallet decider itself. */
async function buildLongWallet(store: PostgresEventStore, userId: string, count: number): Promise<void> {
  let state = walletDecider.initialState();
  let pending: NewEvent[] = [];
  let revision = -1;
  const now = new Date();
  const decide = (command: WalletCommand): void => {
    for (const event of walletDecider.decide(command, state)) {
      state = walletDecider.evolve(state, event as WalletEvent);
      pending.push({ id: randomUUID(), type: event.type, data: event.data, metadata: { actor: userId } });
    }
  };
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const result = await store.append(walletStreamId(userId), pending, { expectedRevision: revision < 0 ? 'no_stream' : revision });
    revision = result.nextExpectedRevision;
    pending = [];
  };
  decide({ type: 'CreditDeposit', data: { userId, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount: '1000000000.00', currency: 'NGN' }, metadata: { now } });
  for (let i = 1; i < count; i += 2) {
    const holdId = randomUUID();
    decide({ type: 'LockStake', data: { userId, holdId, holdKind: 'bet', stake: '100.00', fee: '2.00', currency: 'NGN', timeZone: 'UTC', dailyLimit: '1000000000000.00' }, metadata: { now } });
    if (i + 1 < count) decide({ type: 'ReleaseStake', data: { userId, holdId, reason: 'cancelled' }, metadata: { now } });
    if (pending.length >= APPEND_BATCH) await flush();
  }
  await flush();
}

async function fund(deps: WalletDeps, userId: string): Promise<void> {
  await executeWalletCommand(deps, { type: 'CreditDeposit', data: { userId, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount: '1000000.00', currency: 'NGN' }, metadata: { now: new Date() } }, randomUUID());
}

async function timedLock(deps: WalletDeps, userId: string): Promise<number> {
  const started = process.hrtime.bigint();
  const holdId = randomUUID();
  await lockStake(deps, { eventId: randomUUID(), userId, holdId, holdKind: 'bet', stake: '100' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // Released again (untimed), so the long wallet's holds and balance stay as they were.
  await releaseStake(deps, { eventId: randomUUID(), userId, holdId, reason: 'cancelled' });
  return ms;
}

export async function runLongStreamBench(args: readonly string[]): Promise<void> {
  const events = option(args, 'events', LONG_STREAM_EVENTS_DEFAULT);
  const commands = option(args, 'commands', COMMANDS_DEFAULT);
  const database = await openBenchDatabase();
  const store = await PostgresEventStore.connect(database.url, { poolSize: 4 });
  try {
    console.log(`Long-stream benchmark: ${database.server}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
    const deps = { store, clock: systemClock, config: { WALLET_CURRENCY: 'NGN', DAILY_LIMIT_DEFAULT: '1000000000000' } } as unknown as WalletDeps;
    const longUser = randomUUID();
    await buildLongWallet(store, longUser, events);
    const stream = await store.readStream(walletStreamId(longUser));
    console.log(`wallet-${longUser}: ${stream.length.toLocaleString('en-US')} events`);

    const foldStarted = process.hrtime.bigint();
    foldStream(walletDecider, stream);
    const foldMs = Number(process.hrtime.bigint() - foldStarted) / 1e6;
    const cold = await timedLock(deps, longUser);

    const fresh: number[] = [];
    const long: number[] = [];
    for (let i = 0; i < commands; i++) {
      const user = randomUUID();
      await fund(deps, user);
      fresh.push(await timedLock(deps, user));
      long.push(await timedLock(deps, longUser));
    }
    fresh.sort((a, b) => a - b);
    long.sort((a, b) => a - b);
    const ratio = percentile(long, 50) / percentile(fresh, 50);
    console.log(`\nlockStake through runCommand, ${commands} of each, interleaved (ms):`);
    console.log(`  fresh wallet (1 event)           p50 ${percentile(fresh, 50).toFixed(2)}  p95 ${percentile(fresh, 95).toFixed(2)}`);
    console.log(`  ${events.toLocaleString('en-US')}-event wallet, warm      p50 ${percentile(long, 50).toFixed(2)}  p95 ${percentile(long, 95).toFixed(2)}`);
    console.log(`  ratio of p50s: ${ratio.toFixed(2)}   (goal ≤ ${RATIO_GOAL}: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'})`);
    console.log(`  first command on the long wallet in this process (cold: reads and folds the whole stream once): ${cold.toFixed(1)} ms`);
    console.log(`  folding the whole stream in memory, as every command did before the snapshot cache: ${foldMs.toFixed(1)} ms (plus reading its ${stream.length.toLocaleString('en-US')} rows)`);
    console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await store.close();
    await database.drop();
  }
}
