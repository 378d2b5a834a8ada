/**
 * The one command pipeline every context runs its commands through:
 * read the stream → decide on fresh state → append with the expected revision (conflicts retried
 * with a jittered backoff, a bounded number of times) → optionally wait for the read models.
 * A command that moves money between streams (a wallet and a bet) is one multi-stream decision
 * (`runMultiStreamCommand`): read every stream, decide once, one atomic append of every
 * stream's events, decided again on a conflict on any of them.
 * Authorization happens before (a route decides who may ask, from the stream when it must not
 * trust a lagging read model) and again inside the decider (the rules themselves).
 *
 * Commands have one shape, `{ type, data, metadata }` (domain/src/shared/command.ts); the
 * pipeline copies the metadata's actor and correlation ids onto the events it appends.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SnapshotCache,
  assert,
  decidedAt,
  handleCommand,
  handleCommandBatch,
  handleMultiStreamCommand,
  readStreamState,
  type BatchStep,
  type Command,
  type Decider,
  type EventStore,
  type HandleResult,
  type MultiStreamDecision,
  type MultiStreamResult,
  type RetryPolicy,
  type StreamParts,
} from '@wager/domain';
import type { AppDeps } from '../deps.js';
import { inSpan } from './tracing.js';
import { noteConsistencyPosition } from './consistency.js';

/** Decisions of one command at most: enough for a burst of writers on one stream to drain. */
export const COMMAND_ATTEMPTS_MAX = 40;
export const RETRY_PAUSE_BASE_MS = 1;
export const RETRY_PAUSE_CAP_MS = 40;

/**
 * "Full jitter" backoff: a pause drawn uniformly below a cap that doubles with each retry, so
 * racing writers spread out instead of re-reading in lock step (each round lets one through).
 */
export const JITTERED_RETRY: RetryPolicy = {
  attemptsMax: COMMAND_ATTEMPTS_MAX,
  pause: (retry) => sleep(Math.random() * Math.min(RETRY_PAUSE_CAP_MS, RETRY_PAUSE_BASE_MS * 2 ** retry)),
};

/**
 * Every command's stream state, cached in this process and validated by revision (see
 * SnapshotCache, docs/event-store.md "Commands on long streams"): a command reads only the
 * events appended since its stream was last folded here.
 */
export const commandSnapshots = new SnapshotCache();

/** A stream's current state through the same cache, for a route that must decide from the stream (not a read model). */
export async function streamState<State>(store: EventStore, streamId: string, decider: Pick<Decider<State, never, never>, 'initialState' | 'evolve'>): Promise<State> {
  return (await readStreamState(store, streamId, decider, commandSnapshots)).state;
}

export interface CommandRun<State, C extends Command, Event extends { type: string; data: unknown }> {
  readonly streamId: string;
  readonly decider: Decider<State, C, Event>;
  readonly command: C;
  /** Deterministic ids of the decided events (see docs/ledger.md: an id names an intent). */
  readonly eventIds: (events: Event[], revision: number) => string[];
}

export interface CommandOutcome<State, Event> extends HandleResult<State, Event> {
  /** False when the read models did not show the events within the wait (only when asked to wait). */
  readonly visible: boolean;
}

/** Runs one command; with `waitForReadModels`, answers only once the read models show it (or the wait ran out). */
export async function runCommand<State, C extends Command, Event extends { type: string; data: unknown }>(
  deps: Pick<AppDeps, 'store'> & Partial<Pick<AppDeps, 'projections'>>,
  run: CommandRun<State, C, Event>,
  options: { waitForReadModels?: boolean } = {},
): Promise<CommandOutcome<State, Event>> {
  const { now: _now, ...metadata } = run.command.metadata;
  const attributes = { 'wager.command.type': run.command.type, 'wager.stream.id': run.streamId, ...(typeof metadata.correlationId === 'string' ? { 'wager.correlation_id': metadata.correlationId } : {}) };
  const result = await inSpan(`command ${run.command.type}`, attributes, () => handleCommand(deps.store, run.streamId, run.decider, run.command, { eventIds: run.eventIds, metadata, retry: JITTERED_RETRY, snapshots: commandSnapshots }));
  // A command that decided nothing still waits for what it decided on: its answer must not be older.
  const position = decidedAt(result);
  // The request's consistency token: a read that sends it back sees at least this (runtime/consistency.ts).
  noteConsistencyPosition(position);
  if (!options.waitForReadModels || !position) return { ...result, visible: true };
  assert(deps.projections, 'runCommand: waiting for the read models needs deps.projections');
  return { ...result, visible: await deps.projections.waitFor(position) };
}

export interface MultiStreamCommandRun<P extends StreamParts> {
  /** The streams the decision reads and writes, by name (e.g. `{ wallet, bet }`). */
  readonly parts: P;
  /** Pure: the events of each stream from the states read. */
  readonly decide: MultiStreamDecision<P>;
  /** The command's metadata (actor, correlation ids); copied onto every event appended. */
  readonly metadata: Command['metadata'];
}

export interface MultiStreamCommandOutcome<P extends StreamParts> extends MultiStreamResult<P> {
  /** False when the read models did not show the events within the wait (only when asked to wait). */
  readonly visible: boolean;
}

/** Runs one decision over several streams, appended in one transaction (see handleMultiStreamCommand). */
export async function runMultiStreamCommand<P extends StreamParts>(
  deps: Pick<AppDeps, 'store'> & Partial<Pick<AppDeps, 'projections'>>,
  run: MultiStreamCommandRun<P>,
  options: { waitForReadModels?: boolean } = {},
): Promise<MultiStreamCommandOutcome<P>> {
  const { now: _now, ...metadata } = run.metadata;
  const result = await handleMultiStreamCommand(deps.store, run.parts, run.decide, { metadata, retry: JITTERED_RETRY, snapshots: commandSnapshots });
  const position = decidedAt(result);
  noteConsistencyPosition(position);
  if (!options.waitForReadModels || !position) return { ...result, visible: true };
  assert(deps.projections, 'runMultiStreamCommand: waiting for the read models needs deps.projections');
  return { ...result, visible: await deps.projections.waitFor(position) };
}

/** One command of a batch: as a `CommandRun`'s, on its stream; `skipIf` names the refusals that drop it alone. */
export interface BatchCommand<C extends Command, Event extends { type: string; data: unknown }> {
  readonly streamId: string;
  readonly command: C;
  readonly eventIds: (events: Event[]) => string[];
  readonly skipIf?: (error: unknown) => boolean;
  /** The stream is expected not to exist yet (see `StreamPart.fresh`): decided as empty without a read unless held. */
  readonly fresh?: boolean;
}

/**
 * Many commands of one decider (a reactor's follow-ups for a batch of events: the chat's messages
 * of a settlement, the notifications of both players) decided together and appended in ONE
 * transaction across the streams they touch (handleCommandBatch). Each command's metadata lands
 * on its own events. Nobody waits on it: a reactor's writes are read by whoever comes next.
 */
export async function runCommandBatch<State, C extends Command, Event extends { type: string; data: unknown }>(
  deps: Pick<AppDeps, 'store'>,
  decider: Decider<State, C, Event>,
  commands: readonly BatchCommand<C, Event>[],
): Promise<void> {
  if (commands.length === 0) return;
  const steps: BatchStep<C, Event>[] = commands.map(({ command, ...step }) => {
    const { now: _now, ...metadata } = command.metadata;
    return { ...step, command, metadata };
  });
  const attributes = { 'wager.command.type': [...new Set(commands.map((c) => c.command.type))].join(','), 'wager.command.count': commands.length };
  await inSpan('command batch', attributes, () => handleCommandBatch(deps.store, decider, steps, { retry: JITTERED_RETRY, snapshots: commandSnapshots }));
}
