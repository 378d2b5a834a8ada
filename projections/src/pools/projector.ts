import { sql, type Kysely, type Transaction } from 'kysely';
import { ERASED_VALUE, type RecordedEvent } from '@wager/domain';
import { Money, formatAmount } from '@wager/domain/money/index';
import { POOL_EVENT_TYPES, gameweekScores, poolStepId, type PoolEvent } from '@wager/domain/pools/index';
import type { WalletEvent } from '@wager/domain/wallet/events';
import type { Database } from '../database.js';
import type { Projector } from '../projector.js';

type Db = Transaction<Database> | Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `fpl_pools` and `fpl_pool_participants` read models. Idempotent by stream revision: a pool
 * row remembers the revision of the last event applied, and an event at or below it is skipped.
 * A person's `PersonErased` (on their own stream, no revision of a pool's) rewrites what they
 * typed, as `eraseFromPools` says.
 */
export const fplPoolsProjector: Projector = {
  name: 'fpl_pools',
  tables: ['fpl_pools', 'fpl_pool_participants'],
  eventTypes: [...POOL_EVENT_TYPES, 'PersonErased'],
  async apply(db: Db, recorded: RecordedEvent): Promise<void> {
    if (recorded.type === 'PersonErased') return eraseFromPools(db, (recorded.data as { userId: string }).userId);
    const event = { type: recorded.type, data: recorded.data } as PoolEvent;
    const revision = recorded.streamRevision;
    if (event.type === 'PoolCreationAbandoned') return;
    if (event.type === 'PoolCreated') {
      const d = event.data;
      await db
        .insertInto('fpl_pools')
        .values({
          id: d.poolId,
          name: d.name,
          description: d.description,
          creator_id: d.creatorId,
          entry_fee: d.entryFee,
          fee_amount: d.feeAmount,
          currency: d.currency,
          pot_amount: '0.00',
          participant_count: 0,
          max_participants: d.maxParticipants,
          duration_weeks: d.durationWeeks,
          start_gameweek: d.startGameweek,
          end_gameweek: d.endGameweek,
          status: 'open',
          invite_code: d.inviteCode,
          is_private: d.isPrivate,
          first_deadline_at: d.firstDeadlineAt,
          tie_rule: d.tieRule,
          created_at: d.createdAt,
          updated_at: d.createdAt,
          revision,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    const row = await db.selectFrom('fpl_pools').select(['id', 'revision', 'entry_fee', 'participant_count', 'start_gameweek', 'end_gameweek']).where('id', '=', event.data.poolId).executeTakeFirst();
    if (!row || row.revision >= revision) return;
    await applyChange(db, row, event);
    await db.updateTable('fpl_pools').set({ revision }).where('id', '=', row.id).execute();
  },
};

/**
 * A person's erasure (docs/architecture.md, "Personal data and erasure"): what they typed into
 * pools (`PERSONAL_FIELDS`: the name and description of the pools they created, the FPL team name
 * of each of their entries) reads `[erased]`, as their sealed fields do in the log from now on, so
 * a rebuild gives the same rows (events recorded before sealing, in clear, included). The FPL team
 * id, points, amounts and states stay: the standings and the settlement never read a name.
 */
async function eraseFromPools(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('fpl_pools')
    .set({ name: ERASED_VALUE, description: sql<string | null>`case when description is null then null else ${ERASED_VALUE}::text end` })
    .where('creator_id', '=', userId)
    .execute();
  await db.updateTable('fpl_pool_participants').set({ fpl_team_name: ERASED_VALUE }).where('user_id', '=', userId).execute();
}

async function applyChange(db: Db, row: { id: string; entry_fee: string; participant_count: number; start_gameweek: number; end_gameweek: number }, event: Exclude<PoolEvent, { type: 'PoolCreated' | 'PoolCreationAbandoned' }>): Promise<void> {
  switch (event.type) {
    case 'PoolJoined': {
      const d = event.data;
      const count = row.participant_count + 1;
      await db
        .insertInto('fpl_pool_participants')
        .values({ pool_id: d.poolId, user_id: d.userId, id: poolStepId(d.poolId, 'participant', d.userId), fpl_team_id: d.fplTeamId, fpl_team_name: d.fplTeamName, total_points: 0, paid: d.paid, joined_at: d.joinedAt })
        .onConflict((oc) => oc.columns(['pool_id', 'user_id']).doNothing())
        .execute();
      await db.updateTable('fpl_pools').set({ participant_count: count, pot_amount: formatAmount(new Money(row.entry_fee).mul(count)), updated_at: d.joinedAt }).where('id', '=', row.id).execute();
      return;
    }
    case 'PoolStarted':
      await db.updateTable('fpl_pools').set({ status: 'ongoing', updated_at: event.data.startedAt }).where('id', '=', row.id).execute();
      return;
    case 'PoolStandingsUpdated':
      // Standings recorded before the breakdown was kept (no `gameweeks`) leave the row's breakdown as it was.
      for (const s of event.data.standings) {
        await db
          .updateTable('fpl_pool_participants')
          .set({ total_points: s.totalPoints, ...(s.gameweeks ? { gameweek_points: JSON.stringify(s.gameweeks) } : {}) })
          .where('pool_id', '=', row.id)
          .where('user_id', '=', s.userId)
          .execute();
      }
      await db.updateTable('fpl_pools').set({ standings_through: event.data.throughGameweek, updated_at: event.data.updatedAt }).where('id', '=', row.id).execute();
      return;
    case 'PoolCancelled':
      await db.updateTable('fpl_pools').set({ status: 'cancelled', cancel_reason: event.data.reason, updated_at: event.data.cancelledAt }).where('id', '=', row.id).execute();
      return;
    case 'PoolSettled': {
      const d = event.data;
      for (const s of d.standings) {
        const payout = d.payouts.find((p) => p.userId === s.userId)?.amount ?? null;
        // A settlement recorded before the breakdown was kept: its evidence holds the same history rows.
        const gameweeks = s.gameweeks ?? gameweekScores(d.evidence.histories[String(s.fplTeamId)] ?? [], row.start_gameweek, row.end_gameweek);
        await db.updateTable('fpl_pool_participants').set({ total_points: s.totalPoints, payout, gameweek_points: JSON.stringify(gameweeks) }).where('pool_id', '=', row.id).where('user_id', '=', s.userId).execute();
      }
      await db.updateTable('fpl_pools').set({ status: 'completed', winning_points: d.winningPoints, pot_amount: d.potAmount, updated_at: d.settledAt }).where('id', '=', row.id).execute();
      return;
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
