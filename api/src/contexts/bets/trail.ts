/**
 * The bets context's part of the dispute trail: every event of the bet's stream (an admin's
 * resolution marked as an admin action), and one entry per evidence file of each report with its
 * hash, type, size and link.
 */
import { betStreamId, type EvidenceFile } from '@wager/domain/bets/index';
import { postingsOf } from '@wager/domain/ledger/index';
import type { RecordedEvent } from '@wager/domain';
import { entryOf, type TrailContributor, type TrailEntry } from '../../runtime/trail.js';

const SOURCE = 'bets';

function evidenceEntries(betId: string, event: RecordedEvent): TrailEntry[] {
  const data = event.data as { reporterId?: string; evidence?: EvidenceFile[] };
  return (data.evidence ?? []).map((file, i) =>
    entryOf(SOURCE, 'evidence', event, {
      part: i + 1,
      type: 'EvidenceFile',
      evidence: { userId: data.reporterId ?? '', sha256: file.sha256, contentType: file.contentType, sizeBytes: file.sizeBytes, filename: file.filename, url: `/api/bets/${betId}/evidence/${file.sha256}` },
    }),
  );
}

export const betsTrail: TrailContributor = async (deps, betId) => {
  const streamId = betStreamId(betId);
  const events = await deps.store.readStream(streamId);
  const entries = events.flatMap((event) => {
    const actor = typeof event.metadata.actor === 'string' ? event.metadata.actor : '';
    const own = entryOf(SOURCE, actor.startsWith('admin:') ? 'admin' : 'event', event, { postings: postingsOf(event.data) ?? [] });
    return event.type === 'BetResultReported' ? [own, ...evidenceEntries(betId, event)] : [own];
  });
  return { entries, streams: events.length > 0 ? [streamId] : [] };
};
