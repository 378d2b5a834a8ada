/**
 * The dispute trail's machinery, knowing no context: a context that has something to say about a
 * bet implements a `TrailContributor` on its ContextModule (bets: its stream and evidence; wallet:
 * the postings; chat: the messages; live tracking when it lands). The admin context asks every
 * contributor, merges the entries in global log order and checks the hash chain of every stream
 * they came from.
 */
import type { FastifyInstance } from 'fastify';
import { GENESIS_HASH, chainHash, storedDataOf, comparePositions, formatPosition, type EventStore, type Position, type RecordedEvent } from '@wager/domain';
import type { CasebookLine } from '@wager/domain/bets/casebook';
import type { AppDeps } from '../deps.js';

/** What an entry is, for the timeline's icons and filters. */
export type TrailEntryKind = 'event' | 'posting' | 'chat' | 'evidence' | 'admin';

export interface TrailPosting {
  readonly account: string;
  readonly currency: string;
  readonly amount: string;
}

export interface TrailEvidence {
  readonly userId: string;
  readonly sha256: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly filename: string;
  readonly url: string;
}

export interface TrailMessage {
  readonly senderId: string;
  readonly type: string;
  readonly content: string;
}

export interface TrailEntry {
  readonly kind: TrailEntryKind;
  /** The context that contributed it ('bets', 'wallet', 'chat', ...). */
  readonly source: string;
  readonly type: string;
  readonly eventId: string;
  readonly streamId: string;
  readonly streamRevision: number;
  /** The event's place in the global log: the timeline's order. */
  readonly position: Position;
  /** Orders several entries drawn from one event (the evidence files of one report). */
  readonly part: number;
  readonly actor: string | null;
  readonly at: string;
  readonly data: Record<string, unknown>;
  readonly postings: readonly TrailPosting[];
  readonly evidence?: TrailEvidence;
  readonly message?: TrailMessage;
  /** What the entry means, as the casebook says it (its contributor's reading of the event; language-free). */
  readonly summary?: CasebookLine;
}

export interface TrailContribution {
  readonly entries: readonly TrailEntry[];
  /** Every stream the entries came from: their hash chains are checked. */
  readonly streams: readonly string[];
}

export type TrailContributor = (deps: AppDeps, betId: string) => Promise<TrailContribution>;

export interface NamedTrailContributor {
  readonly source: string;
  readonly contribute: TrailContributor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every context's trail contributor, from the registry (set by app.ts). */
    trailContributors: readonly NamedTrailContributor[];
  }
}

/** An entry's common fields from the recorded event it comes from. */
export function entryOf(source: string, kind: TrailEntryKind, event: RecordedEvent, extra: Partial<Pick<TrailEntry, 'part' | 'postings' | 'evidence' | 'message' | 'type' | 'summary'>> = {}): TrailEntry {
  const actor = typeof event.metadata.actor === 'string' ? event.metadata.actor : null;
  return {
    kind,
    source,
    type: event.type,
    eventId: event.id,
    streamId: event.streamId,
    streamRevision: event.streamRevision,
    position: event.position,
    part: 0,
    actor,
    at: event.recordedAt.toISOString(),
    data: (event.data ?? {}) as Record<string, unknown>,
    postings: [],
    ...extra,
  };
}

export function compareEntries(a: TrailEntry, b: TrailEntry): number {
  return comparePositions(a.position, b.position) || a.part - b.part || a.source.localeCompare(b.source);
}

export interface ChainCheck {
  readonly streamId: string;
  readonly events: number;
  readonly intact: boolean;
  /** The first event whose stored hash is not sha256(previous hash + type + data). */
  readonly brokenAt?: { readonly streamRevision: number; readonly eventId: string; readonly type: string };
  readonly breaks: number;
}

/** Re-computes a stream's hash chain from its first event (as `npm run audit -- verify` does). */
export async function checkChain(store: EventStore, streamId: string): Promise<ChainCheck> {
  const events = await store.readStream(streamId);
  let previous = GENESIS_HASH;
  let brokenAt: ChainCheck['brokenAt'];
  let breaks = 0;
  for (const event of events) {
    const expected = chainHash(previous, event.type, storedDataOf(event));
    if (event.metadata.hash !== expected) {
      breaks++;
      brokenAt ??= { streamRevision: event.streamRevision, eventId: event.id, type: event.type };
    }
    previous = typeof event.metadata.hash === 'string' ? event.metadata.hash : expected;
  }
  return { streamId, events: events.length, intact: breaks === 0, breaks, ...(brokenAt ? { brokenAt } : {}) };
}

export interface BetTrail {
  readonly entries: TrailEntry[];
  readonly chains: ChainCheck[];
  readonly intact: boolean;
}

/** Asks every contributor, merges in log order, checks every source stream's chain. */
export async function collectTrail(app: FastifyInstance, betId: string): Promise<BetTrail> {
  const contributions = await Promise.all(app.trailContributors.map((c) => c.contribute(app.deps, betId)));
  const entries = contributions.flatMap((c) => c.entries).sort(compareEntries);
  const streams = [...new Set(contributions.flatMap((c) => c.streams))].sort();
  const chains = await Promise.all(streams.map((s) => checkChain(app.deps.store, s)));
  return { entries, chains, intact: chains.every((c) => c.intact) };
}

export function positionText(p: Position): string {
  return formatPosition(p);
}
