/**
 * `npm run audit -- verify`: replays every event from position 0 and checks that each event's
 * postings balance, the trial balance is zero per currency, every stream's hash chain is
 * intact, and the balances rebuilt from the log equal the live read tables (account_balances,
 * wallets). After every event, in global order, it also checks that no escrow and no user
 * wallet balance is negative and that no bet or pool has paid out more than its players paid in;
 * at the end, that every terminal bet's and pool's escrow is exactly zero once its follow-ups are recorded
 * (see audit-checks.ts). Prints a short report; exits 1 on any failure, each failure naming
 * the stream id, stream revision, event type and event id it was found at. Each run appends its
 * outcome to `audit_runs` (when, passed or not, its first failures): the admin ledger-health view
 * shows when the audit last passed.
 *
 * `npm run audit -- statement <userId> [--at <time>]`: the user's account statement (every
 * posting on their accounts, from the log) and balances as of a point in time.
 *
 * Uses openInfrastructure, so it joins the embedded database of a running `npm start`, or
 * DATABASE_URL / EVENTSTORE_URL when set.
 */
import { GENESIS_HASH, START, chainHash, storedDataOf, comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import { Balances, assertBalanced, postingsOf, accountUserId, userAvailable, userCrypto } from '@wager/domain/ledger/index';
import { Money } from '@wager/domain/money/index';
import { loadConfigOrExit } from '../../api/src/config.js';
import { openInfrastructure, type Infrastructure } from '../../api/src/infrastructure.js';
import { recordAuditRun } from '@wager/projections/admin/queries';
import { MoneyInvariants, describeEvent } from './audit-checks.js';

export const AUDIT_PAGE_SIZE = 1000;
export const FAILURES_SHOWN_MAX = 20;
export const IN_FLIGHT_SHOWN_MAX = 5;

async function* allEvents(store: EventStore, upTo?: Position): AsyncGenerator<RecordedEvent> {
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

export interface VerifyOptions {
  /** The audit's "now" for judging follow-ups overdue (FOLLOW_UP_OVERDUE_MS); the wall clock by default. */
  readonly now?: Date;
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

async function readTables(infra: Infrastructure) {
  const [accounts, wallets] = await Promise.all([infra.db.selectFrom('account_balances').selectAll().execute(), infra.db.selectFrom('wallets').selectAll().execute()]);
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

async function verify(options: VerifyOptions = {}): Promise<number> {
  const infra = await openInfrastructure(loadConfigOrExit(), { log: () => undefined });
  const failures: string[] = [];
  try {
    // The live tables as of the ledger projector's checkpoint: compare balances replayed exactly up to it.
    const checkpoint = await infra.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'ledger').executeTakeFirst();
    const upTo: Position | undefined = checkpoint ? { commit: Number(checkpoint.commit_position), prepare: Number(checkpoint.prepare_position) } : undefined;
    // Read right after the checkpoint, before the long replay, so they are still at (about) it.
    const tables = await readTables(infra);
    const replay = await replayLog(infra.store, upTo, failures);
    const trial = replay.atCheckpoint.trialBalance();
    for (const [currency, sum] of trial) if (!sum.isZero()) failures.push(`trial balance ${currency} is ${sum.toFixed(2)}, not zero`);
    compareWithReadTables(tables, replay.atCheckpoint, failures);
    failures.push(...replay.invariants.failures);
    const terminal = replay.invariants.judgeTerminalBets(options.now ?? new Date());
    const pools = replay.invariants.judgeTerminalPools(options.now ?? new Date());
    failures.push(...terminal.failures, ...pools.failures);
    const inFlight = [...terminal.inFlight, ...pools.inFlight];

    console.log(
      `audit verify: ${replay.events} events, ${replay.moneyEvents} with postings, ${replay.streams} streams, ${replay.atCheckpoint.entries().length} accounts, ${terminal.judged} terminal bets, ${pools.judged} terminal pools${upTo ? `, read tables at ${formatPosition(upTo)}` : ''}`,
    );
    for (const [currency, sum] of trial) console.log(`  trial balance ${currency}: ${sum.toFixed(2)}`);
    if (inFlight.length > 0) {
      console.log(`  in flight (${inFlight.length}, not yet overdue):`);
      for (const line of inFlight.slice(0, IN_FLIGHT_SHOWN_MAX)) console.log(`  - ${line}`);
    }
    await recordAuditRun(infra.db, { ranAt: options.now ?? new Date(), passed: failures.length === 0, events: replay.events, streams: replay.streams, failures }, FAILURES_SHOWN_MAX);
    if (failures.length === 0) {
      console.log(
        '  OK: every event balances, trial balance zero, hash chains intact, no escrow or user balance ever negative, no bet or pool paid out more than paid in, every settled-up terminal bet and pool escrow zero, read tables match the log',
      );
      return 0;
    }
    console.log(`  FAILED (${failures.length}):`);
    for (const f of failures.slice(0, FAILURES_SHOWN_MAX)) console.log(`  - ${f}`);
    return 1;
  } finally {
    await infra.close();
  }
}

async function statement(userId: string, at: Date): Promise<number> {
  const infra = await openInfrastructure(loadConfigOrExit(), { log: () => undefined });
  try {
    const balances = new Balances();
    console.log(`statement for user ${userId} as of ${at.toISOString()}`);
    console.log(['time', 'event', 'account', 'amount', 'balance'].join('\t'));
    for await (const event of allEvents(infra.store)) {
      if (event.recordedAt.getTime() > at.getTime()) continue;
      for (const posting of postingsOf(event.data) ?? []) {
        if (accountUserId(posting.account) !== userId) continue;
        balances.apply([posting]);
        console.log([event.recordedAt.toISOString(), event.type, posting.account, posting.amount, balances.get(posting.account).toFixed(2)].join('\t'));
      }
    }
    console.log('balances:');
    for (const [account, { balance }] of balances.entries()) console.log(`  ${account}\t${balance.toFixed(2)}`);
    return 0;
  } finally {
    await infra.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'verify') return verify();
  if (command === 'statement' && rest[0]) {
    const atIndex = rest.indexOf('--at');
    const at = atIndex >= 0 ? new Date(rest[atIndex + 1] ?? '') : new Date();
    if (Number.isNaN(at.getTime())) {
      console.error('--at needs a time such as 2026-11-21T12:00:00Z');
      return 2;
    }
    return statement(rest[0], at);
  }
  console.error('usage: npm run audit -- verify | statement <userId> [--at <time>]');
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`audit failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

export { verify as auditVerify, statement as auditStatement };
