/**
 * The ledger audit, one run: replays every event from position 0 and checks that each event's
 * postings balance, the trial balance is zero per currency, every stream's hash chain is intact,
 * the balances rebuilt from the log equal the live read tables, and the money invariants of
 * audit-checks.ts hold after every event. Each run's outcome is appended to `audit_runs`.
 *
 * Three callers share it: `npm run audit -- verify` (scripts), the admin panel's "Run the audit
 * now" (a background job, POST /api/admin/audit/runs) and the schedule (AuditJob, every
 * AUDIT_INTERVAL_MINUTES). A PostgreSQL advisory lock keeps to one run at a time across every
 * process, so a click during a scheduled run is told so instead of doubling the load.
 */
import { GENESIS_HASH, START, chainHash, storedDataOf, comparePositions, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import { Balances, assertBalanced, postingsOf, userAvailable, userCrypto } from '@wager/domain/ledger/index';
import { Money } from '@wager/domain/money/index';
import { recordAuditRun } from '@wager/projections/admin/queries';
import { readCheckpoint } from '@wager/projections/checkpoints/queries';
import { accountBalances } from '@wager/projections/ledger/queries';
import { allWallets } from '@wager/projections/wallet/queries';
import type { AppDeps } from '../../deps.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { MoneyInvariants, describeEvent } from './audit-checks.js';
import { auditLockHeld, withAuditLock } from './store.js';

export const AUDIT_PAGE_SIZE = 1000;
export const FAILURES_SHOWN_MAX = 20;
export const IN_FLIGHT_SHOWN_MAX = 5;

export async function* allEvents(store: EventStore, upTo?: Position): AsyncGenerator<RecordedEvent> {
  let after: Position = START;
  for (;;) {
    const page = await store.readAll({ after, maxCount: AUDIT_PAGE_SIZE });
    if (page.length === 0) return;
    for (const event of page) {
      if (upTo && comparePositions(event.position, upTo) > 0) return;
      yield event;
    }
    after = page[page.length - 1]!.position;
  }
}

interface Replay {
  readonly events: number;
  readonly moneyEvents: number;
  readonly streams: number;
  /** Balances up to the read tables' checkpoint, to compare with them. */
  readonly atCheckpoint: Balances;
  readonly invariants: MoneyInvariants;
}

/** One pass over the log: hash chains and balanced postings per event, balances, and the money invariants. */
async function replayLog(store: EventStore, upTo: Position | undefined, failures: string[]): Promise<Replay> {
  const atCheckpoint = new Balances();
  const invariants = new MoneyInvariants();
  const chains = new Map<string, string>();
  let events = 0;
  let moneyEvents = 0;
  for await (const event of allEvents(store)) {
    events++;
    const previous = chains.get(event.streamId) ?? GENESIS_HASH;
    const expected = chainHash(previous, event.type, storedDataOf(event));
    if (event.metadata.hash !== expected) failures.push(`hash chain broken at ${describeEvent(event)}`);
    chains.set(event.streamId, typeof event.metadata.hash === 'string' ? event.metadata.hash : expected);
    const postings = postingsOf(event.data);
    invariants.observe(event, postings);
    if (!postings || postings.length === 0) continue;
    moneyEvents++;
    try {
      assertBalanced(postings);
    } catch (error) {
      failures.push(`unbalanced postings at ${describeEvent(event)}: ${(error as Error).message}`);
    }
    if (!upTo || comparePositions(event.position, upTo) <= 0) atCheckpoint.apply(postings);
  }
  return { events, moneyEvents, streams: chains.size, atCheckpoint, invariants };
}

async function readTables(db: AppDeps['db']) {
  const [accounts, wallets] = await Promise.all([accountBalances(db), allWallets(db)]);
  return { accounts, wallets };
}

/** The live read tables must show exactly the balances rebuilt from the log up to their checkpoint. */
function compareWithReadTables(tables: Awaited<ReturnType<typeof readTables>>, balances: Balances, failures: string[]): void {
  const { accounts: liveAccounts, wallets: liveWallets } = tables;
  const live = new Map(liveAccounts.map((a) => [a.account, new Money(a.balance)]));
  for (const [account, { balance }] of balances.entries()) {
    const shown = live.get(account);
    if (!shown || !shown.eq(balance)) failures.push(`account_balances ${account}: live ${shown?.toFixed(2) ?? 'missing'}, rebuilt ${balance.toFixed(2)}`);
    live.delete(account);
  }
  for (const [account, balance] of live) if (!balance.isZero()) failures.push(`account_balances ${account}: live ${balance.toFixed(2)}, not in the log`);
  for (const wallet of liveWallets) {
    const fiat = wallet.currency ? balances.get(userAvailable(wallet.user_id, wallet.currency)) : new Money(0);
    if (!fiat.eq(wallet.balance)) failures.push(`wallets ${wallet.user_id}: balance ${wallet.balance}, rebuilt ${fiat.toFixed(2)}`);
    const crypto = balances.get(userCrypto(wallet.user_id));
    if (!crypto.eq(wallet.crypto_balance)) failures.push(`wallets ${wallet.user_id}: crypto ${wallet.crypto_balance}, rebuilt ${crypto.toFixed(2)}`);
  }
}

export interface AuditResult {
  readonly passed: boolean;
  readonly events: number;
  readonly moneyEvents: number;
  readonly streams: number;
  readonly accounts: number;
  readonly terminalBets: number;
  readonly terminalPools: number;
  /** Overturned appeals judged whole (check 9). */
  readonly overturnedAppeals: number;
  /** The ledger projector's checkpoint the read tables were compared at. */
  readonly upTo: Position | undefined;
  readonly trialBalance: readonly (readonly [string, Money])[];
  readonly inFlight: readonly string[];
  readonly failures: readonly string[];
}

/** One audit run, recorded in `audit_runs`. `now` judges follow-ups overdue (FOLLOW_UP_OVERDUE_MS). */
export async function verifyLedger(deps: Pick<AppDeps, 'store' | 'db'>, now: Date): Promise<AuditResult> {
  const failures: string[] = [];
  // The live tables as of the ledger projector's checkpoint: compare balances replayed exactly up to it.
  const upTo: Position | undefined = await readCheckpoint(deps.db, 'ledger');
  // Read right after the checkpoint, before the long replay, so they are still at (about) it.
  const tables = await readTables(deps.db);
  const replay = await replayLog(deps.store, upTo, failures);
  const trial = replay.atCheckpoint.trialBalance();
  for (const [currency, sum] of trial) if (!sum.isZero()) failures.push(`trial balance ${currency} is ${sum.toFixed(2)}, not zero`);
  compareWithReadTables(tables, replay.atCheckpoint, failures);
  failures.push(...replay.invariants.failures);
  const terminal = replay.invariants.judgeTerminalBets(now);
  const pools = replay.invariants.judgeTerminalPools(now);
  const appeals = replay.invariants.judgeAppeals(now);
  failures.push(...terminal.failures, ...pools.failures, ...appeals.failures);
  await recordAuditRun(deps.db, { ranAt: now, passed: failures.length === 0, events: replay.events, streams: replay.streams, failures }, FAILURES_SHOWN_MAX);
  return {
    passed: failures.length === 0,
    events: replay.events,
    moneyEvents: replay.moneyEvents,
    streams: replay.streams,
    accounts: replay.atCheckpoint.entries().length,
    terminalBets: terminal.judged,
    terminalPools: pools.judged,
    overturnedAppeals: appeals.judged,
    upTo,
    trialBalance: [...trial],
    inFlight: [...terminal.inFlight, ...pools.inFlight, ...appeals.inFlight],
    failures,
  };
}

/**
 * Runs the audit unless one is already running anywhere (the advisory lock, held on one pooled
 * connection for the run). Answers null when another run holds it.
 */
export async function runAuditExclusively(deps: Pick<AppDeps, 'store' | 'db' | 'clock'>): Promise<AuditResult | null> {
  return withAuditLock(deps.db, () => verifyLedger(deps, deps.clock.now()));
}

/** Whether an audit is running now, in any process. */
export async function auditRunning(db: AppDeps['db']): Promise<boolean> {
  return auditLockHeld(db);
}

/**
 * Starts a run in the background for the admin panel; answers at once whether it started. The
 * run's outcome lands in `audit_runs` like every other run's; a failure to run is logged.
 */
export function startAuditRun(deps: Pick<AppDeps, 'store' | 'db' | 'clock'>, log: (message: string) => void): Promise<{ started: boolean; done: Promise<AuditResult | null> }> {
  return auditRunning(deps.db).then((running) => {
    if (running) return { started: false, done: Promise.resolve(null) };
    const done = runAuditExclusively(deps).catch((error: unknown) => {
      log(`audit run failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    return { started: true, done };
  });
}

/** The schedule: the audit every AUDIT_INTERVAL_MINUTES (not started when 0). */
export class AuditJob extends IntervalJob<AuditResult | null> {
  readonly name = 'admin-audit';

  constructor(
    private readonly deps: Pick<AppDeps, 'store' | 'db' | 'clock'>,
    intervalMs: number,
  ) {
    super(intervalMs);
  }

  tick(): Promise<AuditResult | null> {
    return runAuditExclusively(this.deps);
  }
}
