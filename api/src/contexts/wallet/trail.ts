/**
 * The wallet context's part of the dispute trail: every wallet event made for the bet (stakes
 * locked, released, payouts, an appeal debt collected from its payout or appeal credit) with its
 * postings, found through the bet trail index (each wallet event names its hold), and the wallet
 * streams they sit in for the hash-chain check.
 */
import { postingsOf } from '@wager/domain/ledger/index';
import { WALLET_STREAM_TYPE } from '@wager/domain/wallet/index';
import { betTrail } from '@wager/projections/bets/queries';
import type { CasebookLine } from '@wager/domain/bets/casebook';
import type { TrailContributor, TrailEntry } from '../../runtime/trail.js';

/** What a wallet event made for a bet means, in the casebook's terms (amounts as recorded). */
export function walletCasebookLine(type: string, data: Record<string, unknown>): CasebookLine | undefined {
  const s = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : null);
  switch (type) {
    case 'StakeLocked':
      return { code: 'stake_locked', params: { userId: s('userId'), stake: s('stake'), fee: s('fee'), total: s('total'), currency: s('currency') } };
    case 'StakeReleased':
      return { code: 'stake_released', params: { userId: s('userId'), amount: s('amount'), currency: s('currency'), reason: s('reason') } };
    case 'PayoutCredited':
      return { code: 'payout_credited', params: { userId: s('userId'), amount: s('amount'), currency: s('currency') } };
    case 'AppealDebited':
      return { code: 'appeal_debited', params: { userId: s('userId'), amount: s('amount'), toReceivable: s('toReceivable'), currency: s('currency') } };
    case 'AppealCredited':
      return { code: 'appeal_credited', params: { userId: s('userId'), amount: s('amount'), currency: s('currency') } };
    case 'ReceivableCollected':
      return { code: 'receivable_collected', params: { userId: s('userId'), amount: s('amount'), stillOwed: s('stillOwed'), currency: s('currency') } };
    default:
      return undefined;
  }
}

const summaryOf = (type: string, data: Record<string, unknown>) => {
  const summary = walletCasebookLine(type, data);
  return summary ? { summary } : {};
};

export const walletTrail: TrailContributor = async (deps, betId) => {
  const rows = (await betTrail(deps.db, betId)).filter((r) => r.stream_id.startsWith(`${WALLET_STREAM_TYPE}-`));
  const entries: TrailEntry[] = rows.map((r) => ({
    kind: 'posting',
    source: 'wallet',
    type: r.type,
    eventId: r.event_id,
    streamId: r.stream_id,
    streamRevision: r.stream_revision,
    position: { commit: Number(r.commit_position), prepare: Number(r.prepare_position) },
    part: 0,
    actor: r.actor,
    at: r.recorded_at.toISOString(),
    data: r.data,
    postings: postingsOf(r.data) ?? [],
    ...summaryOf(r.type, r.data),
  }));
  return { entries, streams: [...new Set(rows.map((r) => r.stream_id))] };
};
