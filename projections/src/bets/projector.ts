import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@wager/domain';
import { BET_EVENT_TYPES, type BetEvent } from '@wager/domain/bets/index';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';
import type { BetsTable } from './bets.table.js';

type Db = Transaction<Database> | Kysely<Database>;
type Changes = Partial<{ [K in keyof BetsTable]: unknown }>;
type Deadline = { kind: 'expire' | 'void' | 'settle_uncontested'; dueAt: string } | 'none' | 'keep';

/**
 * The `bets` read model and the scheduler's `bet_deadlines`. Idempotent by stream revision: a
 * row remembers the revision of the last event applied, and an event at or below it is skipped.
 */
export const betsProjector: Projector = {
  name: 'bets',
  tables: ['bets', 'bet_deadlines'],
  eventTypes: BET_EVENT_TYPES,
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as BetEvent;
    const revision = recorded.streamRevision;
    if (event.type === 'BetCreationAbandoned') return;
    if (event.type === 'BetCreated') {
      const d = event.data;
      await db
        .insertInto('bets')
        .values({
          id: d.betId,
          game_type: d.gameType,
          amount: d.amount,
          fee_amount: d.feeAmount,
          currency: d.currency,
          status: 'pending',
          challenger_id: d.challengerId,
          invited_opponent_id: d.invitedOpponentId,
          opponent_id: d.invitedOpponentId,
          invite_link_id: d.inviteLinkId,
          visibility: d.visibility,
          platform_username: d.platformUsername,
          match_rules: JSON.stringify(d.matchRules),
          custom_rules_enabled: d.customRulesEnabled,
          rules: JSON.stringify(d.rules),
          created_at: d.createdAt,
          updated_at: d.createdAt,
          expires_at: d.expiresAt,
          revision,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await setDeadline(db, d.betId, { kind: 'expire', dueAt: d.expiresAt }, revision);
      return;
    }
    const row = await db.selectFrom('bets').select(['id', 'challenger_id', 'revision']).where('id', '=', event.data.betId).executeTakeFirst();
    if (!row || row.revision >= revision) return;
    const [changes, deadline] = changesOf(event, row.challenger_id);
    await db
      .updateTable('bets')
      .set({ ...(changes as object), revision })
      .where('id', '=', row.id)
      .execute();
    await setDeadline(db, row.id, deadline, revision);
  },
};

function changesOf(event: Exclude<BetEvent, { type: 'BetCreated' | 'BetCreationAbandoned' }>, challengerId: string): [Changes, Deadline] {
  switch (event.type) {
    case 'BetAccepted': {
      const d = event.data;
      return [{ status: 'accepted', opponent_id: d.opponentId, accepted_at: d.acceptedAt, expires_at: d.deadlineAt, updated_at: d.acceptedAt }, { kind: 'void', dueAt: d.deadlineAt }];
    }
    case 'BetCancelled':
      return [{ status: 'cancelled', updated_at: event.data.cancelledAt }, 'none'];
    case 'BetExpired':
      return [{ status: 'expired', updated_at: event.data.expiredAt }, 'none'];
    case 'BetResultReported': {
      const d = event.data;
      const side = d.reporterId === challengerId ? 'challenger' : 'opponent';
      return [
        { [`${side}_result`]: d.result, [`${side}_evidence`]: JSON.stringify(d.evidence), contest_deadline_at: d.contestDeadlineAt, updated_at: d.reportedAt },
        { kind: 'settle_uncontested', dueAt: d.contestDeadlineAt },
      ];
    }
    case 'BetDisputed':
      return [{ status: 'disputed', dispute_reason: event.data.reason, updated_at: event.data.disputedAt }, 'none'];
    case 'DisputeResolved':
      return [{ admin_notes: event.data.adminNotes, resolved_by: event.data.adminId, updated_at: event.data.resolvedAt }, 'keep'];
    case 'BetSettled': {
      const d = event.data;
      return [{ status: 'completed', actual_winner: d.winnerId, settled_at: d.settledAt, settled_by: d.settledBy, updated_at: d.settledAt }, 'none'];
    }
    case 'BetVoided':
      return [{ status: 'voided', void_reason: event.data.reason, settled_at: event.data.voidedAt, updated_at: event.data.voidedAt }, 'none'];
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

async function setDeadline(db: Db, betId: string, deadline: Deadline, revision: number): Promise<void> {
  if (deadline === 'keep') return;
  if (deadline === 'none') {
    await db.deleteFrom('bet_deadlines').where('bet_id', '=', betId).execute();
    return;
  }
  // A second report keeps the first report's contest deadline (the decider does the same).
  await db
    .insertInto('bet_deadlines')
    .values({ bet_id: betId, kind: deadline.kind, due_at: deadline.dueAt, revision })
    .onConflict((oc) => oc.column('bet_id').doUpdateSet({ kind: deadline.kind, due_at: deadline.dueAt, revision }).where('bet_deadlines.revision', '<', revision))
    .execute();
}
