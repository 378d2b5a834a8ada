/**
 * Retention (docs/architecture.md, "Retention"): evidence files and chats of bets that ended more
 * than RETENTION_DAYS_EVIDENCE_AND_CHAT ago, with no dispute or appeal open (an admin's resolution
 * still inside its appeal window counts as open), are deleted, and the deletion is recorded.
 *
 * For each due bet, in this order, so a pass interrupted anywhere is finished by the next one:
 * the chat's keys are destroyed (every writer's key for this chat: their texts in the log read
 * "[erased]" for good), the evidence files no other live bet still references are removed from
 * disk, then `ChatPurged` and `EvidencePurged` are appended to the chat's stream, which drops the
 * messages from `chat_messages` and marks the chat purged (so the bet is not picked again).
 * Several processes may run it: every step is idempotent and the events have deterministic ids.
 */
import { betsEndedBefore, evidenceHeldByAnotherBet } from '@wager/projections/bets/queries';
import type { PurgedEvidenceFile } from '@wager/domain/chat/index';
import { DAY_MS, retentionDue } from '@wager/domain/privacy/index';
import type { AppDeps } from '../../deps.js';
import { PersonalDataEventStore } from '../../adapters/personal-data/store.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { retentionLastRun, retentionPurged, retentionRuns } from '../../runtime/metrics.js';
import { EvidenceStore } from '../bets/index.js';
import { purgeChat } from '../chat/index.js';

export const RETENTION_JOB_INTERVAL_MS = 3_600_000;
/** Bets handled in one pass; the next pass takes the rest. */
export const RETENTION_BATCH_MAX = 100;

interface EvidenceJson {
  sha256: string;
}

/** The bets whose evidence and chat are due, oldest first (the query narrows, `retentionDue` decides). */
export async function betsDueForRetention(deps: Pick<AppDeps, 'db'>, now: Date, retentionDays: number, limit = RETENTION_BATCH_MAX) {
  const rows = await betsEndedBefore(deps.db, { cutoff: new Date(now.getTime() - retentionDays * DAY_MS), now, limit });
  return rows.filter((r) => retentionDue({ status: r.status, endedAt: r.updated_at, appealStatus: r.appeal_status, appealDeadlineAt: r.appeal_deadline_at }, now, retentionDays * DAY_MS));
}

/** Every evidence file of the bet row, with who uploaded it. */
export function evidenceOf(row: { challenger_id: string; opponent_id: string | null; challenger_evidence: readonly EvidenceJson[]; opponent_evidence: readonly EvidenceJson[] }): PurgedEvidenceFile[] {
  return [
    ...row.challenger_evidence.map((f) => ({ sha256: f.sha256, reporterId: row.challenger_id })),
    ...(row.opponent_id ? row.opponent_evidence.map((f) => ({ sha256: f.sha256, reporterId: row.opponent_id! })) : []),
  ];
}

/** Removes from disk the files of `files` that no other bet holds; returns how many it removed. */
export async function deleteEvidenceFiles(deps: Pick<AppDeps, 'db'>, store: EvidenceStore, betId: string, files: readonly PurgedEvidenceFile[]): Promise<number> {
  let removed = 0;
  for (const sha256 of new Set(files.map((f) => f.sha256))) {
    // Content-addressed: the same bytes reported in another bet that has not let them go are that bet's too.
    if (await evidenceHeldByAnotherBet(deps.db, sha256, betId)) continue;
    if (await store.exists(sha256)) removed++;
    await store.delete(sha256);
  }
  return removed;
}

export interface RetentionPass {
  readonly chats: number;
  readonly files: number;
}

/** One pass of the retention job. */
export async function runRetention(deps: AppDeps, evidence = new EvidenceStore(deps.config.DATA_DIR)): Promise<RetentionPass> {
  if (!(deps.store instanceof PersonalDataEventStore)) throw new Error('Retention needs the personal-data event store');
  const cipher = deps.store.cipher;
  const retentionDays = deps.config.RETENTION_DAYS_EVIDENCE_AND_CHAT;
  let chats = 0;
  let files = 0;
  for (const bet of await betsDueForRetention(deps, deps.clock.now(), retentionDays)) {
    const evidenceFiles = evidenceOf(bet);
    await cipher.destroyScope(bet.chatId);
    files += await deleteEvidenceFiles(deps, evidence, bet.betId, evidenceFiles);
    const events = await purgeChat(deps, bet.chatId, retentionDays, evidenceFiles);
    if (events.some((e) => e.type === 'ChatPurged')) chats++;
  }
  retentionRuns.inc();
  retentionPurged.inc({ kind: 'chat' }, chats);
  retentionPurged.inc({ kind: 'evidence_file' }, files);
  retentionLastRun.set(deps.clock.now().getTime() / 1000);
  return { chats, files };
}

export function retentionJob(deps: AppDeps, intervalMs = RETENTION_JOB_INTERVAL_MS): BackgroundJob {
  return pollingJob('privacy-retention', intervalMs, () => runRetention(deps));
}
