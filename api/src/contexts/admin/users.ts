/**
 * The admin's view of users: the paged, searchable list, one user's full picture (profile,
 * verification flags, balances, bets summary, the admin actions on them with their notes'
 * history, the player's safer-play state and its events), and the admin's changes (verify age, moderator role, notes). Every change is an event
 * in the user's stream (accounts' commands) with the admin as actor; nothing is updated in place.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/admin';
import { NotFoundError, ValidationError } from '@wager/domain';
import { userStreamId, type AccountRestriction, type UserEvent } from '@wager/domain/accounts/index';
import { formatAmount } from '@wager/domain/money/index';
import type { UserRow } from '@wager/projections/users/users.table';
import { findUserById, usernamesOf } from '@wager/projections/users/queries';
import { findUserStats } from '@wager/projections/bets/queries';
import { betCountsByStatus, listUsersPage, userBetsPage, userTransactionsPage } from '@wager/projections/admin/queries';
import { changeAdminNote, restrictAccount, setModeratorRole, toUserJson, verifyUserAge } from '../accounts/index.js';
import { saferPlayForAdmin, toTransactionJson, walletBalancesFor } from '../wallet/index.js';

export const { ADMIN_MESSAGES } = contract;

type AdminAction = contract.AdminAction;
const { RESTRICTION_EVENT_TYPES } = contract;

async function adminUserOf(app: FastifyInstance, row: UserRow) {
  const [balances, stats] = await Promise.all([walletBalancesFor(app.deps, row.id, row.timezone), findUserStats(app.deps.db, row.id)]);
  return { ...toUserJson(row, balances, stats), adminNotes: row.admin_notes, isSuspended: row.suspension_reason !== null, isFrozen: row.freeze_reason !== null };
}

const ADMIN_EVENT_TYPES = new Set<string>(['AgeVerified', 'AdminNoteChanged', 'ModeratorRoleSet', 'AdminGranted', ...RESTRICTION_EVENT_TYPES]);

/** The admin actions recorded in the user's stream, from the events themselves (the history a read row cannot hold). */
async function adminActionsOf(app: FastifyInstance, userId: string): Promise<AdminAction[]> {
  const events = (await app.deps.store.readStream(userStreamId(userId))).filter((e) => ADMIN_EVENT_TYPES.has(e.type));
  const actions = events.map((e) => {
    const event = { type: e.type, data: e.data } as UserEvent;
    const actor = typeof e.metadata.actor === 'string' ? e.metadata.actor : null;
    switch (event.type) {
      case 'AgeVerified':
        return { type: event.type, actor, adminId: event.data.verifiedBy, at: event.data.verifiedAt };
      case 'AdminNoteChanged':
        return { type: event.type, actor, adminId: event.data.changedBy, at: event.data.changedAt, note: event.data.note };
      case 'ModeratorRoleSet':
        return { type: event.type, actor, adminId: event.data.setBy, at: event.data.setAt, isModerator: event.data.isModerator };
      case 'AdminGranted':
        return { type: event.type, actor, adminId: event.data.grantedBy, at: event.data.grantedAt };
      case 'AccountSuspended':
      case 'AccountSuspensionLifted':
      case 'AccountFrozen':
      case 'AccountUnfrozen':
        return { type: event.type, actor, adminId: event.data.by, at: event.data.at, reason: event.data.reason };
      default:
        throw new Error(`unexpected ${e.type}`);
    }
  });
  const admins = await Promise.all([...new Set(actions.map((a) => a.adminId))].map(async (id) => [id, (await findUserById(app.deps.db, id).catch(() => undefined))?.username ?? null] as const));
  const names = new Map(admins);
  return actions.map((a) => ({ ...a, type: a.type as AdminAction['type'], adminUsername: names.get(a.adminId) ?? null }));
}

async function userDetail(app: FastifyInstance, userId: string): Promise<contract.AdminUserDetail> {
  const row = await findUserById(app.deps.db, userId);
  if (!row) throw new NotFoundError(ADMIN_MESSAGES.userNotFound, { code: 'user_not_found' });
  const [user, byStatus, adminActions, saferPlay] = await Promise.all([adminUserOf(app, row), betCountsByStatus(app.deps.db, userId), adminActionsOf(app, userId), saferPlayForAdmin(app.deps, userId)]);
  return {
    user,
    verification: { isEmailVerified: row.is_email_verified, isPhoneVerified: row.is_phone_verified, isPsnVerified: row.is_psn_verified, isAgeVerified: row.is_age_verified },
    betsSummary: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, wins: user.wins, losses: user.losses, rating: user.rating },
    adminActions,
    saferPlay,
    restrictions: {
      suspension: row.suspension_reason !== null ? { reason: row.suspension_reason, since: (row.suspended_at ?? row.updated_at).toISOString() } : null,
      freeze: row.freeze_reason !== null ? { reason: row.freeze_reason, since: (row.frozen_at ?? row.updated_at).toISOString() } : null,
    },
  };
}


export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: contract.adminUsersQuery,
        response: { 200: contract.adminUsersPage },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { rows, total } = await listUsersPage(app.deps.db, { page, limit, ...(search ? { search } : {}) });
      const users = await Promise.all(rows.map((row) => adminUserOf(app, row)));
      return { users, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },
  );

  app.get('/api/admin/users/:id', { onRequest: app.requireAdmin, schema: { params: contract.adminUserParams, response: { 200: contract.adminUserDetail } } }, async (request) =>
    userDetail(app, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: contract.adminUserParams,
        body: contract.adminUserChangeBody,
        response: { 200: contract.adminUserDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      if (body.isAgeVerified === undefined && body.isModerator === undefined && body.adminNotes === undefined) throw new ValidationError(ADMIN_MESSAGES.nothingToChange, { code: 'nothing_to_change' });
      if (body.isAgeVerified === false) throw new ValidationError(ADMIN_MESSAGES.ageCannotBeRevoked, { code: 'age_verification_permanent' });
      if (!(await findUserById(app.deps.db, id))) throw new NotFoundError(ADMIN_MESSAGES.userNotFound, { code: 'user_not_found' });
      const adminId = request.auth!.userId;
      // One event per change, each through the user's stream with the admin as actor.
      if (body.isAgeVerified) await verifyUserAge(app.deps, id, adminId);
      if (body.isModerator !== undefined) await setModeratorRole(app.deps, id, adminId, body.isModerator);
      if (body.adminNotes !== undefined) await changeAdminNote(app.deps, id, adminId, body.adminNotes);
      return userDetail(app, id);
    },
  );
};

/** The four restriction acts: the path's verb, what it changes, and whether it imposes or lifts. */
const RESTRICTION_ACTS: readonly { path: string; restriction: AccountRestriction; on: boolean; summary: string }[] = [
  { path: 'suspend', restriction: 'suspension', on: true, summary: 'Suspend an account: it cannot sign in, its sessions end at once' },
  { path: 'unsuspend', restriction: 'suspension', on: false, summary: 'Lift a suspension' },
  { path: 'freeze', restriction: 'freeze', on: true, summary: 'Freeze an account: it can sign in and read, but moves no money' },
  { path: 'unfreeze', restriction: 'freeze', on: false, summary: 'Lift a freeze' },
];

/**
 * The user record's pages (transactions and bets, newest first) and the suspend / freeze acts
 * (issue #29). Each act is an event on the user's stream through the accounts decider, with the
 * admin as actor and the reason; it is listed among the record's admin actions.
 */
export const adminUserRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireUser = async (id: string) => {
    if (!(await findUserById(app.deps.db, id))) throw new NotFoundError(ADMIN_MESSAGES.userNotFound, { code: 'user_not_found' });
  };

  app.get(
    '/api/admin/users/:id/transactions',
    { onRequest: app.requireAdmin, schema: { params: contract.adminUserParams, querystring: contract.adminRecordPageQuery, response: { 200: contract.adminTransactionsPage } } },
    async (request) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      await requireUser(id);
      const { rows, total } = await userTransactionsPage(app.deps.db, id, { page, limit });
      const transactions = rows.map(toTransactionJson);
      return { transactions, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },
  );

  app.get(
    '/api/admin/users/:id/bets',
    { onRequest: app.requireAdmin, schema: { params: contract.adminUserParams, querystring: contract.adminRecordPageQuery, response: { 200: contract.adminBetsPage } } },
    async (request) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      await requireUser(id);
      const { rows, total } = await userBetsPage(app.deps.db, id, { page, limit });
      const bets = rows.map((r) => ({
        id: r.id,
        gameType: r.game_type,
        amount: formatAmount(r.amount),
        currency: r.currency,
        status: r.status,
        role: r.challenger_id === id ? ('challenger' as const) : ('opponent' as const),
        opponent: r.other_id && r.other_username ? { id: r.other_id, username: r.other_username } : null,
        createdAt: r.created_at.toISOString(),
      }));
      return { bets, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },
  );

  // The usernames of the users an admin screen names by id (bank review, KYC, operations), so
  // each row shows a name linked to the record rather than a raw id. One request per list.
  app.get(
    '/api/admin/users/names',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: contract.userNamesQuery,
        response: { 200: contract.userNames },
      },
    },
    async (request) => {
      const ids = request.query.ids;
      if (ids.length === 0) return { users: [] };
      return { users: await usernamesOf(app.deps.db, ids) };
    },
  );

  for (const act of RESTRICTION_ACTS) {
    app.post(
      `/api/admin/users/:id/${act.path}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          summary: act.summary,
          params: contract.adminUserParams,
          // Checked by the decider (restrictionReason): empty is `reason_required`, too long `reason_too_long`.
          body: contract.restrictionBody,
          response: { 200: contract.adminUserDetail },
        },
      },
      async (request) => {
        const { id } = request.params;
        await requireUser(id);
        await restrictAccount(app.deps, { userId: id, adminId: request.auth!.userId, restriction: act.restriction, on: act.on, reason: request.body.reason ?? '' });
        // A suspension ended the sessions in the database; every process drops its cached ones
        // now, and closes the account's live sockets saying why (the browser signs out).
        if (act.restriction === 'suspension' && act.on) await app.endSessions({ userId: id, reason: 'suspended' });
        return userDetail(app, id);
      },
    );
  }
};
