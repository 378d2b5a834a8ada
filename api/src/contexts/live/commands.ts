/**
 * The only code that appends to match streams (`match-<betId>`), through the one command
 * pipeline. Every event id is deterministic (domain/src/live/ids.ts): a provider's event by the
 * observation it records, a manual event by its id (the client's key when it sent one), the
 * platform's steps by the bet and what they are about.
 */
import {
  liveDecider,
  liveEventId,
  liveStepId,
  matchStreamId,
  matchVerdict,
  providerMatchDecider,
  providerMatchEventId,
  providerMatchStreamId,
  type LiveCommand,
  type LiveEvent,
  type MatchSnapshot,
  type ProviderMatchCommand,
  type TrackingClosedReason,
} from '@wager/domain/live/index';
import type { GameType } from '@wager/domain/live/index';
import type { AppDeps } from '../../deps.js';
import { runCommand, runCommandBatch, streamState } from '../../runtime/command-pipeline.js';

/** What the platform's own steps need (the store and the clock): the property tests run them on the in-memory store. */
type IngestDeps = Pick<AppDeps, 'store' | 'clock'> & Partial<Pick<AppDeps, 'projections'>>;

async function run(deps: Pick<AppDeps, 'store'> & Partial<Pick<AppDeps, 'projections'>>, betId: string, command: LiveCommand, waitForReadModels = false) {
  return runCommand(deps, { streamId: matchStreamId(betId), decider: liveDecider, command, eventIds: (events: LiveEvent[]) => events.map(liveEventId) }, { waitForReadModels });
}

export type StartTrackingData = Extract<LiveCommand, { type: 'StartTracking' }>['data'];

/** A platform step on a bet's match stream, caused by the event `causationId` (the reactor's). */
export type LiveStep = { readonly causationId: string } & (
  | { readonly type: 'StartTracking'; readonly data: StartTrackingData }
  | { readonly type: 'CheckReport'; readonly data: Extract<LiveCommand, { type: 'CheckReport' }>['data'] }
  | { readonly type: 'CloseTracking'; readonly data: Extract<LiveCommand, { type: 'CloseTracking' }>['data'] }
);

function stepCommand(deps: Pick<AppDeps, 'clock'>, step: LiveStep): LiveCommand {
  const metadata = { now: deps.clock.now(), actor: 'system', causationId: step.causationId };
  switch (step.type) {
    case 'StartTracking':
      return { type: step.type, data: step.data, metadata };
    case 'CheckReport':
      return { type: step.type, data: step.data, metadata };
    case 'CloseTracking':
      return { type: step.type, data: step.data, metadata };
  }
}

/** Many platform steps, on one match stream or several, appended in ONE transaction (a reactor's batch). */
export async function runLiveSteps(deps: IngestDeps, steps: readonly LiveStep[]): Promise<void> {
  await runCommandBatch(
    deps,
    liveDecider,
    // An acceptance's tracking opens the match stream: decided as empty without a read unless held.
    steps.map((step) => ({ streamId: matchStreamId(step.data.betId), command: stepCommand(deps, step), eventIds: (events: LiveEvent[]) => events.map(liveEventId), fresh: step.type === 'StartTracking' })),
  );
}

export async function startTracking(deps: IngestDeps, data: StartTrackingData, causationId: string): Promise<void> {
  await run(deps, data.betId, stepCommand(deps, { type: 'StartTracking', data, causationId }));
}

/** A command on a provider match's claim stream; answers the bet that owns the match afterwards (null: nobody). */
async function onProviderMatch(deps: IngestDeps, provider: GameType, matchId: string, command: ProviderMatchCommand): Promise<string | null> {
  const outcome = await runCommand(deps, { streamId: providerMatchStreamId(provider, matchId), decider: providerMatchDecider, command, eventIds: (events, revision) => events.map((e, i) => providerMatchEventId(e, revision + 1 + i)) });
  return outcome.state.owner;
}

/**
 * What a provider shows now; answers how many events it appended (0 on a re-poll of the same).
 * Only the bet's own match is recorded (docs/api/live.md, "One provider match, one bet"): a bet
 * not yet bound to a match first claims this one on its claim stream (the first claim wins, even
 * between processes: expected revision "no stream"), and records it only if the claim names it.
 */
export async function ingestSnapshot(deps: IngestDeps, betId: string, provider: GameType, snapshot: MatchSnapshot): Promise<number> {
  const verdict = matchVerdict(await streamState(deps.store, matchStreamId(betId), liveDecider), snapshot);
  if (verdict.kind === 'ignore') return 0;
  const actor = `provider:${provider}`;
  if (verdict.kind === 'claim') {
    const claim = { provider, matchId: snapshot.matchId, betId };
    const owner = await onProviderMatch(deps, provider, snapshot.matchId, { type: 'ClaimProviderMatch', data: { ...claim, startTime: snapshot.startTime }, metadata: { now: deps.clock.now(), actor } });
    if (owner !== betId) return 0;
  }
  const outcome = await run(deps, betId, { type: 'IngestSnapshot', data: { betId, provider, snapshot, claimedByBet: true }, metadata: { now: deps.clock.now(), actor } });
  const state = outcome.state;
  if (verdict.kind === 'claim' && state.status !== 'none' && state.matchId !== snapshot.matchId) {
    // Not bound to this match after all (another poller of this bet bound it to another one, or its
    // tracking closed in the meantime): the claim goes back, so the match can go to its own bet.
    await onProviderMatch(deps, provider, snapshot.matchId, { type: 'ReleaseProviderMatch', data: { provider, matchId: snapshot.matchId, betId }, metadata: { now: deps.clock.now(), actor: 'system' } });
  }
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
  await run(deps, betId, stepCommand(deps, { type: 'CheckReport', data: { betId, reporterId, result }, causationId }));
}

export async function closeTracking(deps: IngestDeps, betId: string, reason: TrackingClosedReason, causationId: string): Promise<void> {
  await run(deps, betId, stepCommand(deps, { type: 'CloseTracking', data: { betId, reason }, causationId }));
}
