/**
 * Match details (issue 15, `GET /api/bets/:betId/details`): for the bet's players, its chat's
 * moderator and admins, the bet with its status history as a timeline (each step with its time,
 * each report with its evidence) and the money of the bet as the ledger recorded it (each
 * stake and fee locked, the payout or refunds). Everything comes from the bet's trail read
 * model (every event that names the bet, in global order); nothing is recomputed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as contract from '@wager/domain/contracts/bets';
import type { Database } from '@wager/projections';
import type { BetRow, BetTrailRow } from '@wager/projections/bets/bets.table';
import { betTrail, userSummaries } from '@wager/projections/bets/queries';
import { findChatByBetId } from '@wager/projections/chat/queries';
import { Money, formatAmount } from '@wager/domain/money/index';
import { stillProcessing } from '@wager/domain/contracts/common';


/** Whether the user moderates the bet's chat (joined as its moderator). */
export async function isBetModerator(db: Kysely<Database>, betId: string, userId: string): Promise<boolean> {
  const chat = await findChatByBetId(db, betId);
  return Boolean(chat && chat.moderator_id === userId);
}

/** The bet's steps a person reads as its history (the contract's list). */
export const { TIMELINE_TYPES } = contract;

export const betDetailsJson = contract.betDetails;
export type BetDetailsJson = contract.BetDetails;

type Data = Record<string, unknown>;
const text = (data: Data, key: string): string | null => (typeof data[key] === 'string' ? (data[key] as string) : null);
/** The time a step happened: its own `…At` field (the event's business time), else when it was stored. */
function atOf(row: BetTrailRow): string {
  const own = Object.entries(row.data).find(([key, value]) => key.endsWith('At') && !['expiresAt', 'deadlineAt', 'contestDeadlineAt'].includes(key) && typeof value === 'string');
  return own ? String(own[1]) : row.recorded_at.toISOString();
}

export function timelineOf(betId: string, trail: readonly BetTrailRow[]): BetDetailsJson['timeline'] {
  return trail
    .filter((row) => (TIMELINE_TYPES as readonly string[]).includes(row.type))
    .map((row) => {
      const d = row.data;
      const evidence = Array.isArray(d.evidence) ? (d.evidence as { sha256: string; contentType: string; filename: string }[]) : [];
      return {
        type: row.type,
        at: atOf(row),
        actorId: text(d, 'reporterId') ?? text(d, 'appellantId') ?? text(d, 'challengerId') ?? text(d, 'opponentId') ?? text(d, 'adminId') ?? text(d, 'cancelledBy') ?? (row.actor && row.actor !== 'system' ? row.actor : null),
        result: text(d, 'result'),
        reason: text(d, 'reason'),
        winnerId: text(d, 'winnerId'),
        evidence: evidence.map((f) => ({ sha256: f.sha256, contentType: f.contentType, filename: f.filename, url: `/api/bets/${betId}/evidence/${f.sha256}` })),
      };
    });
}

export function moneyOf(row: BetRow, trail: readonly BetTrailRow[]): BetDetailsJson['money'] {
  const wallet = trail.filter((t) => ['StakeLocked', 'StakeReleased', 'PayoutCredited'].includes(t.type));
  const stakes = wallet
    .filter((t) => t.type === 'StakeLocked')
    .map((t) => ({ userId: String(t.data.userId), stake: String(t.data.stake), fee: String(t.data.fee), total: String(t.data.total), at: atOf(t) }));
  const payout = wallet.find((t) => t.type === 'PayoutCredited');
  const sum = (values: string[]) => formatAmount(values.reduce((total, v) => total.plus(v), new Money(0)));
  const postings = trail.flatMap((t) =>
    Array.isArray(t.data.postings) ? (t.data.postings as { account: string; currency: string; amount: string }[]).map((p) => ({ eventType: t.type, at: atOf(t), ...p })) : [],
  );
  return {
    currency: row.currency,
    stakes,
    escrow: sum(stakes.map((s) => s.stake)),
    fees: sum(stakes.map((s) => s.fee)),
    feesStatus: trail.some((t) => t.type === 'BetSettled') ? 'charged' : wallet.some((t) => t.type === 'StakeReleased') ? 'refunded' : 'held',
    payout: payout ? { userId: String(payout.data.userId), amount: String(payout.data.amount), at: atOf(payout) } : null,
    refunds: wallet.filter((t) => t.type === 'StakeReleased').map((t) => ({ userId: String(t.data.userId), amount: String(t.data.amount), at: atOf(t) })),
    appealAdjustments: trail
      .filter((t) => t.type === 'AppealDebited' || t.type === 'AppealCredited')
      .map((t) => ({
        userId: String(t.data.userId),
        amount: t.type === 'AppealDebited' ? formatAmount(new Money(String(t.data.amount)).neg()) : String(t.data.amount),
        owed: t.type === 'AppealDebited' ? String(t.data.toReceivable) : '0.00',
        at: atOf(t),
      })),
    postings,
  };
}

/** The last `DisputeResolved` of the bet, with the admin's name (null for a bet never disputed or not yet resolved). */
export function resolutionOf(trail: readonly BetTrailRow[], usernames: ReadonlyMap<string, string>): BetDetailsJson['resolution'] {
  const row = trail.filter((t) => t.type === 'DisputeResolved').at(-1);
  if (!row) return null;
  const adminId = String(row.data.adminId);
  return { resolvedBy: { id: adminId, username: usernames.get(adminId) ?? null }, resolvedAt: atOf(row), winnerId: text(row.data, 'winnerId'), adminNotes: text(row.data, 'adminNotes') ?? '' };
}

type Helpers = {
  visibleBet: (app: FastifyInstance, request: FastifyRequest, betId: string) => Promise<BetRow>;
  viewOf: (app: FastifyInstance, row: BetRow, viewerId: string | null, isAdmin?: boolean) => Promise<contract.BetView>;
};

export const betDetailsRoutes: FastifyPluginAsyncZod<Helpers> = async (app, { visibleBet, viewOf }) => {
  app.get(
    '/api/bets/:betId/details',
    { onRequest: app.requireUser, schema: { params: contract.betParams, response: { 200: contract.betDetails, 202: stillProcessing } } },
    async (request) => {
      const row = await visibleBet(app, request, request.params.betId);
      const trail = await betTrail(app.deps.db, row.id);
      const resolvers = trail.filter((t) => t.type === 'DisputeResolved').map((t) => String(t.data.adminId));
      const usernames = new Map([...(await userSummaries(app.deps.db, resolvers))].map(([id, u]) => [id, u.username]));
      return {
        bet: await viewOf(app, row, request.auth!.userId, request.auth!.isAdmin),
        timeline: timelineOf(row.id, trail),
        money: moneyOf(row, trail),
        resolution: resolutionOf(trail, usernames),
      };
    },
  );
};
