import { sql } from 'kysely';
import { parseAccount, postingsOf } from '@wager/domain/ledger/index';
import type { Projector } from '../projector.js';

/**
 * The ledger: every event that carries postings (wallet, bet and pool streams alike) becomes
 * one `ledger_entries` row per posting; `account_balances` moves only when the entry is new,
 * so an event applied twice changes nothing. Events without postings are skipped.
 */
export const ledgerProjector: Projector = {
  name: 'ledger',
  tables: ['ledger_entries', 'account_balances'],
  async apply(db, event) {
    const postings = postingsOf(event.data);
    if (!postings || postings.length === 0) return;
    for (const [index, posting] of postings.entries()) {
      const parsed = parseAccount(posting.account);
      const accountKind = parsed?.kind ?? 'unknown';
      const ownerId = parsed?.ownerId ?? null;
      const inserted = await db
        .insertInto('ledger_entries')
        .values({
          event_id: event.id,
          posting_index: index,
          stream_id: event.streamId,
          event_type: event.type,
          commit_position: event.position.commit,
          prepare_position: event.position.prepare,
          account: posting.account,
          account_kind: accountKind,
          owner_id: ownerId,
          currency: posting.currency,
          amount: posting.amount,
          recorded_at: event.recordedAt,
        })
        .onConflict((oc) => oc.columns(['event_id', 'posting_index']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!inserted) continue;
      await db
        .insertInto('account_balances')
        .values({ account: posting.account, account_kind: accountKind, owner_id: ownerId, currency: posting.currency, balance: posting.amount, entry_count: 1, updated_at: event.recordedAt })
        .onConflict((oc) =>
          oc.column('account').doUpdateSet({
            balance: sql`account_balances.balance + excluded.balance`,
            entry_count: sql`account_balances.entry_count + 1`,
            updated_at: sql`excluded.updated_at`,
          }),
        )
        .execute();
    }
  },
};
