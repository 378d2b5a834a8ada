import { Money } from '@wager/domain/money/index';
import { WALLET_EVENT_TYPES, type WalletEvent } from '@wager/domain/wallet/index';
import { userAvailable, userCrypto } from '@wager/domain/ledger/index';
import type { Posting } from '@wager/domain/ledger/index';
import type { Projector } from '../projector.js';

function delta(postings: readonly Posting[] | undefined, account: string): Money {
  return (postings ?? []).filter((p) => p.account === account).reduce((sum, p) => sum.plus(p.amount), new Money(0));
}

/**
 * `wallets`: per user, the fiat balance, the crypto balance (USD) and the stakes counted on the
 * user's latest staking day. One wallet stream per user, applied in order; the row keeps the
 * last stream revision applied, so a repeated event changes nothing.
 */
export const walletsProjector: Projector = {
  name: 'wallets',
  tables: ['wallets'],
  eventTypes: WALLET_EVENT_TYPES,
  async apply(db, recorded) {
    const event = { type: recorded.type, data: recorded.data } as WalletEvent;
    const userId = event.data.userId;
    const row = await db.selectFrom('wallets').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (row && row.stream_revision >= recorded.streamRevision) return;
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
    const values = {
      user_id: userId,
      currency: fiatCurrency,
      balance: balance.toFixed(2),
      crypto_balance: cryptoBalance.toFixed(2),
      daily_spent_day: spentDay,
      daily_spent: spent.toFixed(2),
      stream_revision: recorded.streamRevision,
      updated_at: recorded.recordedAt,
    };
    await db
      .insertInto('wallets')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  },
};
