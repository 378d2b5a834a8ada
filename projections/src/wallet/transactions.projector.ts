import type { RecordedEvent } from '@wager/domain';
import { WALLET_EVENT_TYPES, type TransactionDescriptionCode, type TransactionDescriptionParams, type WalletEvent } from '@wager/domain/wallet/index';
import { sql, type Insertable } from 'kysely';
import type { TransactionsTable } from './wallet.table.js';
import type { Projector } from '../projector.js';
import { insertRows, unnestRows } from '../batch.js';

type Row = Insertable<TransactionsTable>;

function base(recorded: RecordedEvent, userId: string, at: string) {
  return { user_id: userId, commit_position: recorded.position.commit, prepare_position: recorded.position.prepare, created_at: at, updated_at: at, bet_id: null, pool_id: null, reference: null };
}

/** The row's description as stored: its code and parameters (the English is the API's, from the code). */
function described(code: TransactionDescriptionCode, params: TransactionDescriptionParams = {}) {
  return { description_code: code, description_params: JSON.stringify(params) };
}

function holdIds(holdKind: 'bet' | 'pool', holdId: string) {
  return holdKind === 'bet' ? { bet_id: holdId, pool_id: null } : { bet_id: null, pool_id: holdId };
}

/** The rows a wallet event adds to the user's transaction list (ids derived from the event id). */
function rowsFor(recorded: RecordedEvent, event: WalletEvent): Row[] {
  switch (event.type) {
    case 'DepositCredited': {
      const d = event.data;
      return [{ ...base(recorded, d.userId, d.creditedAt), id: recorded.id, type: 'deposit', status: 'completed', amount: d.amount, currency: d.currency, reference: d.reference, ...described('card_deposit') }];
    }
    case 'CryptoDepositCredited': {
      const d = event.data;
      return [{ ...base(recorded, d.userId, d.creditedAt), id: recorded.id, type: 'deposit', status: 'completed', amount: d.usdAmount, currency: 'USD', reference: d.depositId, ...described('crypto_deposit', { cryptoAmount: d.cryptoAmount, cryptocurrency: d.cryptocurrency, network: d.network }) }];
    }
    case 'WithdrawalRequested': {
      const d = event.data;
      return [
        {
          ...base(recorded, d.userId, d.requestedAt),
          id: `withdrawal:${d.withdrawalId}`,
          type: 'withdrawal',
          status: 'pending',
          amount: d.usdAmount,
          currency: 'USD',
          reference: d.withdrawalId,
          ...described('crypto_withdrawal', { cryptoAmount: d.cryptoAmount, cryptocurrency: d.cryptocurrency, network: d.network }),
        },
      ];
    }
    case 'BankWithdrawalRequested': {
      const d = event.data;
      return [{ ...base(recorded, d.userId, d.requestedAt), id: `withdrawal:${d.withdrawalId}`, type: 'withdrawal', status: 'pending', amount: d.amount, currency: d.currency, reference: d.reference, ...described('bank_withdrawal', { bankName: d.bankName, accountNumberMasked: d.accountNumberMasked }) }];
    }
    case 'StakeLocked': {
      const d = event.data;
      const ids = holdIds(d.holdKind, d.holdId);
      const rows: Row[] = [
        { ...base(recorded, d.userId, d.lockedAt), ...ids, id: `${recorded.id}:stake`, type: d.holdKind === 'bet' ? 'bet_escrow' : 'pool_entry', status: 'completed', amount: d.stake, currency: d.currency, ...described(d.holdKind === 'bet' ? 'stake_held' : 'pool_entry_held') },
      ];
      if (d.fee !== '0.00') rows.push({ ...base(recorded, d.userId, d.lockedAt), ...ids, id: `${recorded.id}:fee`, type: 'fee', status: 'completed', amount: d.fee, currency: d.currency, ...described('platform_fee') });
      return rows;
    }
    case 'StakeReleased': {
      const d = event.data;
      return [{ ...base(recorded, d.userId, d.releasedAt), ...holdIds(d.holdKind, d.holdId), id: recorded.id, type: 'refund', status: 'completed', amount: d.amount, currency: d.currency, ...described('stake_returned', { reason: d.reason }) }];
    }
    case 'PayoutCredited': {
      const d = event.data;
      return [
        { ...base(recorded, d.userId, d.creditedAt), ...holdIds(d.holdKind, d.holdId), id: recorded.id, type: d.holdKind === 'bet' ? 'bet_payout' : 'pool_payout', status: 'completed', amount: d.amount, currency: d.currency, ...described('winnings_paid') },
      ];
    }
    case 'AppealDebited': {
      // The whole correction shows as one debit; the part the balance could not cover is owed (docs/ledger.md, "Appeals").
      const d = event.data;
      return [{ ...base(recorded, d.userId, d.debitedAt), ...holdIds(d.holdKind, d.holdId), id: recorded.id, type: 'appeal_debit', status: 'completed', amount: d.amount, currency: d.currency, ...(d.toReceivable !== '0.00' ? described('appeal_taken_back_owed', { owed: d.toReceivable }) : described('appeal_taken_back')) }];
    }
    case 'ReceivableCollected': {
      // An appeal debt taken back from a deposit or from winnings: shown as the appeal debit it settles (docs/ledger.md, "Collecting it").
      const d = event.data;
      const row = { ...base(recorded, d.userId, d.collectedAt), id: recorded.id, type: 'appeal_debit', status: 'completed', amount: d.amount, currency: d.currency };
      const owed = d.stillOwed !== '0.00';
      if (d.source === 'payout') return [{ ...row, ...holdIds(d.holdKind, d.holdId), ...(owed ? described('appeal_collected_from_winnings_still_owed', { stillOwed: d.stillOwed }) : described('appeal_collected_from_winnings')) }];
      if (d.source === 'appeal_credit') return [{ ...row, ...holdIds(d.holdKind, d.holdId), ...(owed ? described('appeal_collected_from_appeal_credit_still_owed', { stillOwed: d.stillOwed }) : described('appeal_collected_from_appeal_credit')) }];
      return [{ ...row, reference: d.depositId, ...(owed ? described('appeal_collected_still_owed', { stillOwed: d.stillOwed }) : described('appeal_collected')) }];
    }
    case 'AppealCredited': {
      const d = event.data;
      return [{ ...base(recorded, d.userId, d.creditedAt), ...holdIds(d.holdKind, d.holdId), id: recorded.id, type: 'appeal_credit', status: 'completed', amount: d.amount, currency: d.currency, ...described('appeal_paid') }];
    }
    default:
      return [];
  }
}

const TRANSACTION_COLUMNS = [
  ['id', 'text'], ['user_id', 'text'], ['type', 'text'], ['status', 'text'], ['amount', 'numeric'], ['currency', 'text'], ['bet_id', 'text'], ['pool_id', 'text'],
  ['reference', 'text'], ['description_code', 'text'], ['description_params', 'jsonb'], ['commit_position', 'bigint'], ['prepare_position', 'bigint'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
] as const;

/** Withdrawal statuses only move forward, so a repeated event cannot undo a later one. */
const WITHDRAWAL_STATUS: Partial<Record<WalletEvent['type'], { status: string; from: string[]; at: (d: never) => string }>> = {
  WithdrawalSubmitted: { status: 'processing', from: ['pending'], at: (d: { submittedAt: string }) => d.submittedAt },
  WithdrawalCompleted: { status: 'completed', from: ['pending', 'processing'], at: (d: { completedAt: string }) => d.completedAt },
  WithdrawalCancelled: { status: 'cancelled', from: ['pending', 'processing'], at: (d: { cancelledAt: string }) => d.cancelledAt },
  // Bank withdrawals: sent, paid, or returned to the wallet (failed, or reversed even after paid).
  BankWithdrawalSent: { status: 'processing', from: ['pending'], at: (d: { sentAt: string }) => d.sentAt },
  BankWithdrawalPaid: { status: 'completed', from: ['pending', 'processing'], at: (d: { paidAt: string }) => d.paidAt },
  BankWithdrawalReturned: { status: 'returned', from: ['pending', 'processing', 'completed'], at: (d: { returnedAt: string }) => d.returnedAt },
};

/**
 * `transactions`: the user's money history, newest first on read. Upserts by id: idempotent.
 * `applyBatch` reads the rows the batch touches in one statement, folds the batch in memory (a
 * withdrawal requested and sent in the same batch is inserted as sent), then writes the new
 * rows in one INSERT and the changed statuses in one UPDATE … FROM unnest.
 */
export const transactionsProjector: Projector = {
  name: 'transactions',
  tables: ['transactions'],
  eventTypes: WALLET_EVENT_TYPES,
  async apply(db, recorded) {
    const event = { type: recorded.type, data: recorded.data } as WalletEvent;
    const statusChange = WITHDRAWAL_STATUS[event.type];
    if (statusChange) {
      const data = event.data as { withdrawalId: string };
      await db
        .updateTable('transactions')
        .set({ status: statusChange.status, updated_at: statusChange.at(event.data as never) })
        .where('id', '=', `withdrawal:${data.withdrawalId}`)
        .where('status', 'in', statusChange.from)
        .execute();
      return;
    }
    for (const row of rowsFor(recorded, event)) {
      await db.insertInto('transactions').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  },
  async applyBatch(db, events) {
    const inserts: Row[] = [];
    const updates: { id: string; status: string; from: readonly string[]; at: string }[] = [];
    const ops: ({ insert: Row } | { update: (typeof updates)[number] })[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as WalletEvent;
      const statusChange = WITHDRAWAL_STATUS[event.type];
      if (statusChange) {
        const update = { id: `withdrawal:${(event.data as { withdrawalId: string }).withdrawalId}`, status: statusChange.status, from: statusChange.from, at: statusChange.at(event.data as never) };
        updates.push(update);
        ops.push({ update });
      } else {
        for (const row of rowsFor(recorded, event)) {
          inserts.push(row);
          ops.push({ insert: row });
        }
      }
    }
    if (ops.length === 0) return;
    const ids = [...new Set([...inserts.map((r) => r.id), ...updates.map((u) => u.id)])];
    const existing = new Map<string, { status: string; updated_at: Date | string }>();
    for (const row of await db.selectFrom('transactions').select(['id', 'status', 'updated_at']).where('id', 'in', ids).execute()) existing.set(row.id, row);
    const created = new Map<string, Row>();
    const changed = new Map<string, { status: string; updated_at: Date | string }>();
    for (const op of ops) {
      if ('insert' in op) {
        if (!existing.has(op.insert.id) && !created.has(op.insert.id)) created.set(op.insert.id, { ...op.insert });
        continue;
      }
      const { id, status, from, at } = op.update;
      const row = created.get(id) ?? existing.get(id);
      if (!row || !from.includes(row.status)) continue;
      row.status = status;
      row.updated_at = at;
      if (!created.has(id)) changed.set(id, row);
    }
    if (created.size > 0) await insertRows('transactions', [...created.values()], TRANSACTION_COLUMNS, sql`on conflict (id) do nothing`).execute(db);
    if (changed.size > 0) {
      const rows = [...changed.entries()].map(([id, row]) => ({ id, status: row.status, updated_at: row.updated_at }));
      await sql`
        update transactions set status = input.status, updated_at = input.updated_at
        from ${unnestRows(rows, [['id', 'text'], ['status', 'text'], ['updated_at', 'timestamptz']])}
        where transactions.id = input.id
      `.execute(db);
    }
  },
};
