/**
 * Test support for the bets context: funded users, a multipart body builder and ledger checks
 * computed from every posting in the event store (the books, not a read model).
 */
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { comparePositions, type Position } from '@wager/domain';
import { waitForCheckpoints } from '@wager/projections';
import type { TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser, type SignedUpUser } from '../../testing/users.js';
import { executeWalletCommand } from '../wallet/index.js';

export interface Player extends SignedUpUser {
  readonly id: string;
  readonly headers: { authorization: string };
}

/** Signs up through the API and deposits `amount` through the wallet's real command path. */
export async function fundedPlayer(h: TestHarness, amount = '1000.00'): Promise<Player> {
  const user = await signUpUser(h);
  if (new Decimal(amount).gt(0)) {
    await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId: user.user.id, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount, currency: h.deps.config.WALLET_CURRENCY }, metadata: { now: h.clock.now() } }, randomUUID());
  }
  return { ...user, id: user.user.id, headers: authHeader(user.token) };
}

export function multipart(fields: Record<string, string>, files: { name: string; filename: string; contentType: string; bytes: Buffer }[]) {
  const boundary = `----wager${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Every account's balance, from every posting of every committed event. Read from the
 * PostgreSQL event store's table directly: the $all reader deliberately holds back events
 * behind any in-flight transaction on the server, which would make a check lag.
 */
export async function ledger(h: TestHarness): Promise<Map<string, Decimal>> {
  const balances = new Map<string, Decimal>();
  const rows = await sql<{ postings: { account: string; currency: string; amount: string }[] }>`select data->'postings' as postings from es_events where jsonb_typeof(data->'postings') = 'array'`.execute(h.deps.db);
  for (const row of rows.rows) {
    for (const p of row.postings) balances.set(p.account, (balances.get(p.account) ?? new Decimal(0)).plus(p.amount));
  }
  return balances;
}

export function available(books: Map<string, Decimal>, userId: string, currency = 'NGN'): string {
  return (books.get(`user:${userId}:available:${currency}`) ?? new Decimal(0)).toFixed(2);
}

/** The invariants of docs/ledger.md: sum zero per currency, no negative available balance, terminal escrows empty. */
export async function checkBooks(h: TestHarness, terminalBetIds: readonly string[]): Promise<void> {
  const books = await ledger(h);
  const perCurrency = new Map<string, Decimal>();
  for (const [account, balance] of books) {
    const currency = account.split(':').at(-1)!;
    perCurrency.set(currency, (perCurrency.get(currency) ?? new Decimal(0)).plus(balance));
    if (/^user:.*:available:/.test(account) && balance.lt(0)) throw new Error(`negative balance ${account} ${balance.toFixed(2)}`);
  }
  for (const [currency, sum] of perCurrency) if (!sum.isZero()) throw new Error(`ledger ${currency} sums to ${sum.toFixed(2)}`);
  for (const betId of terminalBetIds) {
    const escrow = books.get(`bet:${betId}:escrow:NGN`) ?? new Decimal(0);
    if (!escrow.isZero()) throw new Error(`terminal bet ${betId} escrow ${escrow.toFixed(2)}`);
  }
}


export function escrowOf(books: Map<string, Decimal>, betId: string, currency = 'NGN'): Decimal {
  return books.get(`bet:${betId}:escrow:${currency}`) ?? new Decimal(0);
}

/** What went into and out of one bet's escrow, from the wallet events holding it (the books, not a read model). */
export interface BetMoney {
  readonly locked: Decimal;
  readonly released: Decimal;
  readonly paidOut: Decimal;
  /** Each payout, by winner: there must be at most one. */
  readonly payouts: { userId: string; amount: string }[];
}

export async function betMoney(h: TestHarness, betId: string): Promise<BetMoney> {
  const { rows } = await sql<{ type: string; user_id: string; amount: string }>`
    select type, data->>'userId' as user_id, coalesce(data->>'total', data->>'amount') as amount
      from es_events where type in ('StakeLocked', 'StakeReleased', 'PayoutCredited') and data->>'holdId' = ${betId}`.execute(h.deps.db);
  const sum = (type: string) => rows.filter((r) => r.type === type).reduce((total, r) => total.plus(r.amount), new Decimal(0));
  return {
    locked: sum('StakeLocked'),
    released: sum('StakeReleased'),
    paidOut: sum('PayoutCredited'),
    payouts: rows.filter((r) => r.type === 'PayoutCredited').map((r) => ({ userId: r.user_id, amount: r.amount })),
  };
}

/** Rounds of "read models caught up, then the bet follow-ups caught up" before giving up: each round may append more. */
const FOLLOW_UPS_ROUNDS_MAX = 10;
const FOLLOW_UPS_TIMEOUT_MS = 20_000;

async function lastCommitted(h: TestHarness): Promise<Position | null> {
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`select transaction_id, global_position from es_events order by transaction_id desc, global_position desc limit 1`.execute(h.deps.db);
  const row = rows[0];
  return row ? { commit: Number(row.transaction_id), prepare: Number(row.global_position) } : null;
}

/**
 * Waits until the read models and the `bet-follow-ups` process manager have handled every
 * committed event, and nothing new was appended meanwhile: the state a crash-free server
 * reaches once its follow-ups ran. Fails with the reactors' last errors when they do not.
 */
export async function settleFollowUps(h: TestHarness): Promise<void> {
  for (let round = 0; round < FOLLOW_UPS_ROUNDS_MAX; round++) {
    await h.settle();
    const last = await lastCommitted(h);
    if (!last) return;
    if (!(await waitForCheckpoints(h.deps.db, ['reactor:bet-follow-ups'], last, { timeoutMs: FOLLOW_UPS_TIMEOUT_MS }))) {
      throw new Error(`bet follow-ups did not catch up: ${JSON.stringify(h.reactors.lastErrors())}`);
    }
    const after = await lastCommitted(h);
    if (after && comparePositions(after, last) === 0) return;
  }
  throw new Error(`bet follow-ups still appending after ${FOLLOW_UPS_ROUNDS_MAX} rounds`);
}
