import type { Projector } from './projector.js';

/**
 * Every projector the runner feeds, in the order it feeds them. Add one line per read model.
 */
export function allProjectors(): Projector[] {
  return [];
}
