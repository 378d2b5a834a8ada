/**
 * The only code that appends to match streams (`match-<betId>`), through the one command
 * pipeline. Every event id is deterministic (domain/src/live/ids.ts): a provider's event by the
 * observation it records, a manual event by its id (the client's key when it sent one), the
 * platform's steps by the bet and what they are about.
 */
import { liveDecider, liveEventId, liveStepId, matchStreamId, type LiveCommand, type LiveEvent, type MatchSnapshot, type TrackingClosedReason } from '@wager/domain/live/index';
import type { GameType } from '@wager/domain/live/index';
import type { AppDeps } from '../../deps.js';
import { runCommand } from '../../runtime/command-pipeline.js';

async function run(deps: AppDeps, betId: string, command: LiveCommand, waitForReadModels = false) {
  return runCommand(deps, { streamId: matchStreamId(betId), decider: liveDecider, command, eventIds: (events: LiveEvent[]) => events.map(liveEventId) }, { waitForReadModels });
}

export type StartTrackingData = Extract<LiveCommand, { type: 'StartTracking' }>['data'];

export async function startTracking(deps: AppDeps, data: StartTrackingData, causationId: string): Promise<void> {
  await run(deps, data.betId, { type: 'StartTracking', data, metadata: { now: deps.clock.now(), actor: 'system', causationId } });
}

/** What a provider shows now; answers how many events it appended (0 on a re-poll of the same). */
export async function ingestSnapshot(deps: AppDeps, betId: string, provider: GameType, snapshot: MatchSnapshot): Promise<number> {
  const outcome = await run(deps, betId, { type: 'IngestSnapshot', data: { betId, provider, snapshot }, metadata: { now: deps.clock.now(), actor: `provider:${provider}` } });
  return outcome.append && !outcome.append.repeated ? outcome.events.length : 0;
}

/** A player's manual event; with `clientEventId`, a resend is the same event. Waits for the read models (the answer shows it). */
export async function reportManualEvent(deps: AppDeps, input: { betId: string; userId: string; eventType: unknown; data: unknown; clientEventId?: string | undefined }): Promise<{ event: Extract<LiveEvent, { type: 'ManualEventReported' }>['data']; visible: boolean }> {
  const eventId = input.clientEventId ? liveStepId(input.betId, 'manual', input.userId, input.clientEventId) : deps.ids.uuid();
  const outcome = await run(
    deps,
    input.betId,
    { type: 'ReportManualEvent', data: { betId: input.betId, eventId, reporter: { kind: 'player', userId: input.userId }, eventType: input.eventType, data: input.data }, metadata: { now: deps.clock.now(), actor: input.userId } },
    true,
  );
  const event = outcome.events.find((e): e is Extract<LiveEvent, { type: 'ManualEventReported' }> => e.type === 'ManualEventReported' && e.data.eventId === eventId);
  if (event) return { event: event.data, visible: outcome.visible };
  // A resend of an event already stored: the decider decided nothing; answer what is stored.
  const stored = (await deps.store.readStream(matchStreamId(input.betId))).find((e) => e.type === 'ManualEventReported' && (e.data as { eventId: string }).eventId === eventId);
  return { event: stored!.data as Extract<LiveEvent, { type: 'ManualEventReported' }>['data'], visible: outcome.visible };
}

export async function checkReport(deps: AppDeps, betId: string, reporterId: string, result: 'won' | 'lost', causationId: string): Promise<void> {
  await run(deps, betId, { type: 'CheckReport', data: { betId, reporterId, result }, metadata: { now: deps.clock.now(), actor: 'system', causationId } });
}

export async function closeTracking(deps: AppDeps, betId: string, reason: TrackingClosedReason, causationId: string): Promise<void> {
  await run(deps, betId, { type: 'CloseTracking', data: { betId, reason }, metadata: { now: deps.clock.now(), actor: 'system', causationId } });
}
