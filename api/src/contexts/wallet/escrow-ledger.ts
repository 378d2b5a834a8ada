/**
 * The ledger's public read of one escrow account (a bet's or a pool's): every event that moved
 * money in or out of it, with all its postings, the event's stream, revision, time and hash, and
 * the account's balance now. Other contexts (bets' Money panel) read escrows only through this.
 */
import { formatAmount } from '@wager/domain/money/index';
import type { Posting } from '@wager/domain/ledger/index';
import { accountBalance, ledgerEntriesForAccount, ledgerEntriesOfEvents } from '@wager/projections/ledger/queries';
import type { AppDeps } from '../../deps.js';

export interface EscrowMovement {
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly streamRevision: number | null;
  readonly recordedAt: string;
  readonly hash: string | null;
  readonly postings: Posting[];
}

export interface EscrowLedger {
  readonly account: string;
  readonly balance: string;
  readonly movements: EscrowMovement[];
}

export async function escrowLedger(deps: Pick<AppDeps, 'db' | 'store'>, account: string): Promise<EscrowLedger> {
  const touching = await ledgerEntriesForAccount(deps.db, account);
  const eventIds = [...new Set(touching.map((e) => e.event_id))];
  const entries = await ledgerEntriesOfEvents(deps.db, eventIds);
  // Hashes and revisions come from the event store itself, never from a read model.
  const recorded = new Map<string, { hash: string | null; revision: number }>();
  for (const streamId of new Set(entries.map((e) => e.stream_id))) {
    for (const event of await deps.store.readStream(streamId)) {
      if (eventIds.includes(event.id)) recorded.set(event.id, { hash: typeof event.metadata.hash === 'string' ? event.metadata.hash : null, revision: event.streamRevision });
    }
  }
  const movements = new Map<string, EscrowMovement>();
  for (const e of entries) {
    const movement = movements.get(e.event_id) ?? {
      eventId: e.event_id,
      eventType: e.event_type,
      streamId: e.stream_id,
      streamRevision: recorded.get(e.event_id)?.revision ?? null,
      recordedAt: e.recorded_at.toISOString(),
      hash: recorded.get(e.event_id)?.hash ?? null,
      postings: [],
    };
    movement.postings.push({ account: e.account, currency: e.currency, amount: formatAmount(e.amount) });
    movements.set(e.event_id, movement);
  }
  const balance = await accountBalance(deps.db, account);
  return { account, balance: formatAmount(balance?.balance ?? '0'), movements: [...movements.values()] };
}
