import { sql } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { Money } from '@wager/domain/money/index';
import { WALLET_EVENT_TYPES, type WalletEvent } from '@wager/domain/wallet/index';
import { userAvailable, userCrypto } from '@wager/domain/ledger/index';
import type { Posting } from '@wager/domain/ledger/index';
import type { Projector } from '../projector.js';
import { insertRows } from '../batch.js';

function delta(postings: readonly Posting[] | undefined, account: string): Money {
  return (postings ?? []).filter((p) => p.account === account).reduce((sum, p) => sum.plus(p.amount), new Money(0));
}

const WALLET_COLUMNS = [
  ['user_id', 'text'], ['currency', 'text'], ['balance', 'numeric'], ['crypto_balance', 'numeric'], ['daily_spent_day', 'text'], ['daily_spent', 'numeric'],
  ['stream_revision', 'integer'], ['updated_at', 'timestamptz'],
] as const;

/** A wallet row as the projector reads and writes it. */
interface WalletRow {
  user_id: string;
  currency: string | null;
  balance: string;
  crypto_balance: string;
  daily_spent_day: string | null;
  daily_spent: string;
  stream_revision: number;
  updated_at: Date | string;
}

/** The row after `recorded`, or null when the row already holds it (same or later revision). */
function nextRow(row: WalletRow | undefined, recorded: RecordedEvent): WalletRow | null {
  const event = { type: recorded.type, data: recorded.data } as WalletEvent;
  const userId = event.data.userId;
  if (row && row.stream_revision >= recorded.streamRevision) return null;
  const postings = 'postings' in event.data ? event.data.postings : undefined;
  const fiatCurrency = row?.currency ?? ('currency' in event.data ? event.data.currency : null);
  let balance = new Money(row?.balance ?? '0');
  if (fiatCurrency) balance = balance.plus(delta(postings, userAvailable(userId, fiatCurrency)));
  const cryptoBalance = new Money(row?.crypto_balance ?? '0').plus(delta(postings, userCrypto(userId)));
  let spentDay = row?.daily_spent_day ?? null;
  let spent = new Money(row?.daily_spent ?? '0');
  if (event.type === 'StakeLocked') {
    if (spentDay === event.data.spentDay) spent = spent.plus(event.data.total);
    else [spentDay, spent] = [event.data.spentDay, new Money(event.data.total)];
  } else if (event.type === 'StakeReleased' && spentDay === event.data.spentDay) {
    spent = Money.max(0, spent.minus(event.data.amount));
  }
  return {
    user_id: userId,
    currency: fiatCurrency,
    balance: balance.toFixed(2),
    crypto_balance: cryptoBalance.toFixed(2),
    daily_spent_day: spentDay,
    daily_spent: spent.toFixed(2),
    stream_revision: recorded.streamRevision,
    updated_at: recorded.recordedAt,
  };
}

/**
 * `wallets`: per user, the fiat balance, the crypto balance (USD) and the stakes counted on the
 * user's latest staking day. One wallet stream per user, applied in order; the row keeps the
 * last stream revision applied, so a repeated event changes nothing. `applyBatch` reads the
 * batch's wallets in one statement, folds the events in memory, and writes each changed wallet
 * once in one upsert.
 */
export const walletsProjector: Projector = {
  name: 'wallets',
  tables: ['wallets'],
  eventTypes: WALLET_EVENT_TYPES,
  async apply(db, recorded) {
    const userId = (recorded.data as { userId: string }).userId;
    const row = await db.selectFrom('wallets').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    const values = nextRow(row, recorded);
    if (!values) return;
    await db
      .insertInto('wallets')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  },
  async applyBatch(db, events) {
    const userIds = [...new Set(events.map((e) => (e.data as { userId: string }).userId))];
    if (userIds.length === 0) return;
    const rows = new Map<string, WalletRow>();
    for (const row of await db.selectFrom('wallets').selectAll().where('user_id', 'in', userIds).forUpdate().execute()) rows.set(row.user_id, row);
    const changed = new Map<string, WalletRow>();
    for (const recorded of events) {
      const next = nextRow(rows.get((recorded.data as { userId: string }).userId), recorded);
      if (!next) continue;
      rows.set(next.user_id, next);
      changed.set(next.user_id, next);
    }
    if (changed.size === 0) return;
    await insertRows(
      'wallets',
      [...changed.values()],
      WALLET_COLUMNS,
      sql`on conflict (user_id) do update set currency = excluded.currency, balance = excluded.balance, crypto_balance = excluded.crypto_balance,
        daily_spent_day = excluded.daily_spent_day, daily_spent = excluded.daily_spent, stream_revision = excluded.stream_revision, updated_at = excluded.updated_at`,
    ).execute(db);
  },
};
