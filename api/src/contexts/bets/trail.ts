/**
 * The bets context's part of the dispute trail: every event of the bet's stream (an admin's
 * resolution marked as an admin action), and one entry per evidence file of each report with its
 * hash, type, size and link; each with what it means as a casebook line.
 */
import { betStreamId, disputeReasonCode, type BetEvent, type EvidenceFile } from '@wager/domain/bets/index';
import type { CasebookLine } from '@wager/domain/bets/casebook';
import { postingsOf } from '@wager/domain/ledger/index';
import type { RecordedEvent } from '@wager/domain';
import { entryOf, type TrailContributor, type TrailEntry } from '../../runtime/trail.js';

const SOURCE = 'bets';

/** What a bet event means, in the casebook's terms. */
export function betCasebookLine(event: BetEvent): CasebookLine {
  switch (event.type) {
    case 'BetCreated': {
      const d = event.data;
      return { code: 'bet_created', params: { challengerId: d.challengerId, invitedOpponentId: d.invitedOpponentId, amount: d.amount, currency: d.currency, gameType: d.gameType } };
    }
    case 'BetAccepted':
      return { code: 'bet_accepted', params: { opponentId: event.data.opponentId } };
    case 'BetResultReported':
      return { code: 'result_reported', params: { reporterId: event.data.reporterId, result: event.data.result, evidenceCount: event.data.evidence.length } };
    case 'BetDisputed':
      return { code: 'bet_disputed', params: { reason: event.data.reason, reasonCode: disputeReasonCode(event.data.reason) } };
    case 'DisputeResolved':
      return { code: 'dispute_resolved', params: { adminId: event.data.adminId, winnerId: event.data.winnerId, adminNotes: event.data.adminNotes } };
    case 'BetSettled':
      return { code: 'bet_settled', params: { winnerId: event.data.winnerId, loserId: event.data.loserId, payoutAmount: event.data.payoutAmount, feeIncome: event.data.feeIncome, currency: event.data.currency } };
    case 'BetVoided':
      return { code: 'bet_voided', params: { reason: event.data.reason } };
    case 'BetCancelled':
      return { code: 'bet_cancelled', params: { cancelledBy: event.data.cancelledBy } };
    case 'BetExpired':
      return { code: 'bet_expired', params: {} };
    case 'BetCreationAbandoned':
      return { code: 'bet_abandoned', params: {} };
    case 'AppealFiled':
      return { code: 'appeal_filed', params: { appellantId: event.data.appellantId, reason: event.data.reason } };
    case 'AppealDecided':
      return { code: 'appeal_decided', params: { adminId: event.data.adminId, outcome: event.data.outcome, winnerId: event.data.winnerId, notes: event.data.notes } };
    case 'AppealFeesAdjusted':
      return { code: 'appeal_fees_adjusted', params: { feeAdjustment: event.data.feeAdjustment, currency: event.data.currency } };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

function evidenceEntries(betId: string, event: RecordedEvent): TrailEntry[] {
  const data = event.data as { reporterId?: string; evidence?: EvidenceFile[] };
  return (data.evidence ?? []).map((file, i) =>
    entryOf(SOURCE, 'evidence', event, {
      part: i + 1,
      type: 'EvidenceFile',
      evidence: { userId: data.reporterId ?? '', sha256: file.sha256, contentType: file.contentType, sizeBytes: file.sizeBytes, filename: file.filename, url: `/api/bets/${betId}/evidence/${file.sha256}` },
      summary: { code: 'evidence_attached', params: { userId: data.reporterId ?? '', filename: file.filename, contentType: file.contentType } },
    }),
  );
}

export const betsTrail: TrailContributor = async (deps, betId) => {
  const streamId = betStreamId(betId);
  const events = await deps.store.readStream(streamId);
  const entries = events.flatMap((event) => {
    const actor = typeof event.metadata.actor === 'string' ? event.metadata.actor : '';
    const own = entryOf(SOURCE, actor.startsWith('admin:') ? 'admin' : 'event', event, {
      postings: postingsOf(event.data) ?? [],
      summary: betCasebookLine({ type: event.type, data: event.data } as BetEvent),
    });
    return event.type === 'BetResultReported' ? [own, ...evidenceEntries(betId, event)] : [own];
  });
  return { entries, streams: events.length > 0 ? [streamId] : [] };
};
