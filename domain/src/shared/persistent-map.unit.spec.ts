// Proves PersistentMap behaves as an immutable map (every earlier version keeps its entries, across layer folds) and agrees with a Map under random sets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERSISTENT_MAP_LAYER_MAX, PersistentMap } from './persistent-map.js';

describe('PersistentMap', () => {
  it('agrees with a Map after any sequence of sets, and never changes an earlier version', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 3 * PERSISTENT_MAP_LAYER_MAX }), (ops) => {
        const versions: { map: PersistentMap<number>; model: Map<string, number> }[] = [{ map: PersistentMap.empty(), model: new Map() }];
        for (const [key, value] of ops) {
          const last = versions.at(-1)!;
          versions.push({ map: last.map.set(key, value), model: new Map(last.model).set(key, value) });
        }
        for (const { map, model } of versions) {
          for (const [key] of ops) {
            expect(map.get(key)).toBe(model.get(key));
            expect(map.has(key)).toBe(model.has(key));
          }
        }
      }),
    );
  });
});
