/** Entries a PersistentMap keeps in its small layer before folding them into a new base. */
export const PERSISTENT_MAP_LAYER_MAX = 64;

/**
 * An immutable map whose `set` returns a new map without copying everything: a shared, never
 * changed base plus a small layer of recent entries, folded into a new base once the layer holds
 * PERSISTENT_MAP_LAYER_MAX entries. A state that grows with its stream (a wallet's holds and
 * deposit ids) then costs O(1) amortized per event to evolve instead of a copy of all it holds,
 * so folding a stream is linear in its length, and the previous state stays valid (a decider's
 * `evolve` must never change the state it is given: snapshots and racing commands share it).
 */
export class PersistentMap<V> {
  private constructor(
    private readonly base: ReadonlyMap<string, V>,
    private readonly layer: ReadonlyMap<string, V>,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(new Map(), new Map());
  }

  get(key: string): V | undefined {
    return this.layer.has(key) ? this.layer.get(key) : this.base.get(key);
  }

  has(key: string): boolean {
    return this.layer.has(key) || this.base.has(key);
  }

  set(key: string, value: V): PersistentMap<V> {
    const layer = new Map(this.layer);
    layer.set(key, value);
    if (layer.size < PERSISTENT_MAP_LAYER_MAX) return new PersistentMap(this.base, layer);
    const base = new Map(this.base);
    for (const [k, v] of layer) base.set(k, v);
    return new PersistentMap(base, new Map());
  }
}
