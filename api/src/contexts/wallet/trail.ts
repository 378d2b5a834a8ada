/**
 * The wallet context's part of the dispute trail: every wallet event made for the bet (stakes
 * locked, released, payouts) with its postings, found through the bet trail index (each wallet
 * event names its hold), and the wallet streams they sit in for the hash-chain check.
 */
import { postingsOf } from '@wager/domain/ledger/index';
import { WALLET_STREAM_TYPE } from '@wager/domain/wallet/index';
import { betTrail } from '@wager/projections/bets/queries';
import type { TrailContributor, TrailEntry } from '../../runtime/trail.js';

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
  }));
  return { entries, streams: [...new Set(rows.map((r) => r.stream_id))] };
};
