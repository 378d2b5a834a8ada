import { evolveSaferPlay, initialSaferPlay, type SaferPlayEvent } from '@wager/domain/wallet/index';
import type { Projector } from '../projector.js';

/**
 * `wallet_safer_play`: one row per user, folded with the domain's own evolve (so the read model
 * and the decider cannot disagree on what a change means). Keeps the last wallet-stream revision
 * applied: a repeated event changes nothing.
 */
export const walletSaferPlayProjector: Projector = {
  name: 'wallet_safer_play',
  tables: ['wallet_safer_play'],
  eventTypes: ['SpendingLimitChanged', 'SelfExclusionStarted', 'RealityCheckSet'],
  async apply(db, recorded) {
    const event = { type: recorded.type, data: recorded.data } as SaferPlayEvent;
    const userId = event.data.userId;
    const row = await db.selectFrom('wallet_safer_play').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (row && row.stream_revision >= recorded.streamRevision) return;
    const before = {
      ...initialSaferPlay(),
      limits: row?.limits ?? {},
      exclusion: row?.exclusion_kind && row.exclusion_until ? { kind: row.exclusion_kind as 'cool_off' | 'self_exclusion', period: row.exclusion_period as never, until: row.exclusion_until.toISOString() } : null,
      realityCheckMinutes: row?.reality_check_minutes ?? null,
    };
    const after = evolveSaferPlay(before, event);
    const values = {
      user_id: userId,
      limits: JSON.stringify(after.limits),
      exclusion_kind: after.exclusion?.kind ?? null,
      exclusion_period: after.exclusion?.period ?? null,
      exclusion_started_at: event.type === 'SelfExclusionStarted' ? event.data.startedAt : (row?.exclusion_started_at ?? null),
      exclusion_until: after.exclusion?.until ?? null,
      reality_check_minutes: after.realityCheckMinutes,
      stream_revision: recorded.streamRevision,
      updated_at: recorded.recordedAt,
    };
    await db.insertInto('wallet_safer_play').values(values).onConflict((oc) => oc.column('user_id').doUpdateSet(values)).execute();
  },
};
