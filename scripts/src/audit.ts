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
 * shows when the audit last passed. The run itself is `verifyLedger` in the admin context
 * (api/src/contexts/admin/audit.ts), which the admin panel and the schedule run too.
 *
 * `npm run audit -- statement <userId> [--at <time>]`: the user's account statement (every
 * posting on their accounts, from the log) and balances as of a point in time.
 *
 * Uses openInfrastructure, so it joins the embedded database of a running `npm start`, or
 * DATABASE_URL / EVENTSTORE_URL when set.
 */
import { formatPosition } from '@wager/domain';
import { Balances, postingsOf, accountUserId } from '@wager/domain/ledger/index';
import { loadConfigOrExit } from '../../api/src/config.js';
import { openInfrastructure } from '../../api/src/infrastructure.js';
import { FAILURES_SHOWN_MAX, IN_FLIGHT_SHOWN_MAX, allEvents, verifyLedger } from '../../api/src/contexts/admin/audit.js';

export interface VerifyOptions {
  /** The audit's "now" for judging follow-ups overdue (FOLLOW_UP_OVERDUE_MS); the wall clock by default. */
  readonly now?: Date;
}

async function verify(options: VerifyOptions = {}): Promise<number> {
  const infra = await openInfrastructure(loadConfigOrExit(), { log: () => undefined });
  try {
    const r = await verifyLedger(infra, options.now ?? new Date());
    console.log(
      `audit verify: ${r.events} events, ${r.moneyEvents} with postings, ${r.streams} streams, ${r.accounts} accounts, ${r.terminalBets} terminal bets, ${r.terminalPools} terminal pools, ${r.overturnedAppeals} overturned appeals${r.upTo ? `, read tables at ${formatPosition(r.upTo)}` : ''}`,
    );
    for (const [currency, sum] of r.trialBalance) console.log(`  trial balance ${currency}: ${sum.toFixed(2)}`);
    if (r.inFlight.length > 0) {
      console.log(`  in flight (${r.inFlight.length}, not yet overdue):`);
      for (const line of r.inFlight.slice(0, IN_FLIGHT_SHOWN_MAX)) console.log(`  - ${line}`);
    }
    if (r.passed) {
      console.log(
        '  OK: every event balances, trial balance zero, hash chains intact, no escrow or user balance ever negative, no bet or pool paid out more than paid in, every settled-up terminal bet and pool escrow zero, every overturned appeal whole, read tables match the log',
      );
      return 0;
    }
    console.log(`  FAILED (${r.failures.length}):`);
    for (const f of r.failures.slice(0, FAILURES_SHOWN_MAX)) console.log(`  - ${f}`);
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
