import type { Kysely } from 'kysely';
import type { ErasureRequestedData } from '@wager/domain/accounts/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';


export const erasureRequestsProjector: Projector = {
  name: 'erasure_requests',
  tables: ['erasure_requests'],
  eventTypes: ['ErasureRequested', 'ErasureRequestCancelled', 'PersonErased'],
  async apply(db, recorded) {
    const userId = (recorded.data as { userId: string }).userId;
    if (recorded.type === 'ErasureRequested') {
      const d = recorded.data as ErasureRequestedData;
      await db.insertInto('erasure_requests').values({ user_id: d.userId, requested_at: d.requestedAt, effective_at: d.effectiveAt }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
      return;
    }
    await db.deleteFrom('erasure_requests').where('user_id', '=', userId).execute();
  },
};

/** Requests whose cooling period is over, oldest first. */
export async function erasureRequestsDue(db: Kysely<Database>, now: Date, limit = 50) {
  return db.selectFrom('erasure_requests').selectAll().where('effective_at', '<=', now).orderBy('effective_at').limit(limit).execute();
}
