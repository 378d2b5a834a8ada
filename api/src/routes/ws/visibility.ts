import type { Kysely } from 'kysely';
import { parseStreamId } from '@wager/domain';
import type { Database } from '@wager/projections';

export interface Viewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

/** Decides whether a viewer may hear of events on one stream. Must be cheap: it runs per event per socket. */
export type VisibilityRule = (db: Kysely<Database>, streamId: string, viewer: Viewer) => Promise<boolean>;

/**
 * Who may hear of which stream over /ws. A user hears of their own wallet and account; the
 * contexts add rules for their streams (a bet's participants, a chat's members). A stream type
 * with no rule is heard by admins only: a new context stays private until it says otherwise.
 */
const rules = new Map<string, VisibilityRule>([
  ['wallet', async (_db, streamId, viewer) => parseStreamId(streamId).id === viewer.userId],
  ['user', async (_db, streamId, viewer) => parseStreamId(streamId).id === viewer.userId],
]);

export function registerStreamVisibility(streamType: string, rule: VisibilityRule): void {
  rules.set(streamType, rule);
}

export async function canSee(db: Kysely<Database>, streamId: string, viewer: Viewer): Promise<boolean> {
  const rule = rules.get(parseStreamId(streamId).type);
  if (viewer.isAdmin) return true;
  return rule ? rule(db, streamId, viewer) : false;
}
