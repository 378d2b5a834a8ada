import type { EventStore, Position, RecordedEvent } from './types.js';

/** A stream's state folded up to `revision` (the last event folded), and that event's position. */
export interface StreamSnapshot<State> {
  readonly revision: number;
  readonly state: State;
  readonly position: Position | null;
}

interface Folder<State> {
  initialState: () => State;
  evolve: (state: State, event: never) => State;
}

/** How many streams one cache keeps per decider, least recently used dropped first. */
export const SNAPSHOT_STREAMS_MAX = 20_000;

/**
 * Folded states of streams, kept in memory and validated by revision: a stream is append-only
 * (the store refuses UPDATE and DELETE), so the state folded up to revision r stays true, and
 * the next read asks only for the events after r. A command's cost then depends on what was
 * appended since it last looked, not on the stream's length. Nothing is trusted beyond that:
 * the expected revision of the append is the revision folded, so a writer elsewhere still
 * makes the append fail and the command decide again on the events it missed.
 *
 * Keyed by store and decider (the same stream may be folded by different deciders). Requires
 * what a decider promises anyway: `evolve` returns a new state and never changes the one given.
 */
export class SnapshotCache {
  private byStore = new WeakMap<EventStore, WeakMap<object, Map<string, StreamSnapshot<unknown>>>>();

  constructor(private readonly maxStreams = SNAPSHOT_STREAMS_MAX) {}

  private streams(store: EventStore, decider: object): Map<string, StreamSnapshot<unknown>> {
    let deciders = this.byStore.get(store);
    if (!deciders) this.byStore.set(store, (deciders = new WeakMap()));
    let streams = deciders.get(decider);
    if (!streams) deciders.set(decider, (streams = new Map()));
    return streams;
  }

  get<State>(store: EventStore, decider: object, streamId: string): StreamSnapshot<State> | undefined {
    return this.streams(store, decider).get(streamId) as StreamSnapshot<State> | undefined;
  }

  set<State>(store: EventStore, decider: object, streamId: string, snapshot: StreamSnapshot<State>): void {
    const streams = this.streams(store, decider);
    const current = streams.get(streamId);
    if (current && current.revision > snapshot.revision) return;
    // Re-inserted so that the Map's order is the order of use.
    streams.delete(streamId);
    streams.set(streamId, snapshot);
    if (streams.size > this.maxStreams) streams.delete(streams.keys().next().value!);
  }

  /** Forgets every snapshot (a cache of values that may stop being true, as opened personal data after an erasure). */
  clear(): void {
    this.byStore = new WeakMap();
  }
}

/**
 * The stream's state now: the cached snapshot (if any) plus the events recorded after it, read
 * with one `readStream` from the snapshot's revision. Without a cache, or when the events read
 * do not follow the snapshot, the whole stream is read and folded.
 */
export async function readStreamState<State>(
  store: EventStore,
  streamId: string,
  decider: Folder<State>,
  snapshots?: SnapshotCache,
): Promise<StreamSnapshot<State> & { readonly tail: readonly RecordedEvent[] }> {
  const cached = snapshots?.get<State>(store, decider, streamId);
  if (cached) {
    const tail = await store.readStream(streamId, { fromRevision: cached.revision + 1 });
    if (tail.length === 0 || tail[0]!.streamRevision === cached.revision + 1) return fold(store, streamId, decider, snapshots, cached, tail);
  }
  return fold(store, streamId, decider, snapshots, { revision: -1, state: decider.initialState(), position: null }, await store.readStream(streamId));
}

function fold<State>(
  store: EventStore,
  streamId: string,
  decider: Folder<State>,
  snapshots: SnapshotCache | undefined,
  from: StreamSnapshot<State>,
  tail: readonly RecordedEvent[],
): StreamSnapshot<State> & { readonly tail: readonly RecordedEvent[] } {
  const evolve = decider.evolve as (state: State, event: { type: string; data: unknown }) => State;
  const state = tail.reduce((s, e) => evolve(s, { type: e.type, data: e.data }), from.state);
  const snapshot = { revision: from.revision + tail.length, state, position: tail.at(-1)?.position ?? from.position };
  if (snapshots && tail.length > 0) snapshots.set(store, decider, streamId, snapshot);
  return { ...snapshot, tail };
}
