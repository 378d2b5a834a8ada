/**
 * The admin's view of users: the paged, searchable list, one user's full picture (profile,
 * verification flags, balances, bets summary, the admin actions on them with their notes'
 * history, the player's safer-play state and its events), and the admin's changes (verify age, moderator role, notes). Every change is an event
 * in the user's stream (accounts' commands) with the admin as actor; nothing is updated in place.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '@wager/domain';
import { RESTRICTION_REASON_LENGTH_MAX, userStreamId, type AccountRestriction, type UserEvent } from '@wager/domain/accounts/index';
import { formatAmount } from '@wager/domain/money/index';
import { ADMIN_NOTES_LENGTH_MAX } from '@wager/domain/bets/index';
import type { UserRow } from '@wager/projections/users/users.table';
import { findUserById } from '@wager/projections/users/queries';
import { findUserStats } from '@wager/projections/bets/queries';
import {
  ADMIN_RECORD_PAGE_SIZE_DEFAULT,
  ADMIN_RECORD_PAGE_SIZE_MAX,
  ADMIN_SEARCH_LENGTH_MAX,
  ADMIN_USERS_PAGE_SIZE_DEFAULT,
  ADMIN_USERS_PAGE_SIZE_MAX,
  betCountsByStatus,
  listUsersPage,
  userBetsPage,
  userTransactionsPage,
} from '@wager/projections/admin/queries';
import { changeAdminNote, restrictAccount, setModeratorRole, toUserJson, userJsonSchema, verifyUserAge } from '../accounts/index.js';
import { saferPlayAdminJson, saferPlayForAdmin, walletBalancesFor } from '../wallet/index.js';

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  nothingToChange: 'Nothing to change',
  ageCannotBeRevoked: 'Age verification cannot be withdrawn',
  notesTooLong: `Admin notes must be at most ${ADMIN_NOTES_LENGTH_MAX} characters`,
} as const;

const adminUserJson = userJsonSchema.extend({ adminNotes: z.string().nullable(), isSuspended: z.boolean(), isFrozen: z.boolean() });
const RESTRICTION_EVENT_TYPES = ['AccountSuspended', 'AccountSuspensionLifted', 'AccountFrozen', 'AccountUnfrozen'] as const;
const adminActionJson = z.object({
  type: z.enum(['AgeVerified', 'AdminNoteChanged', 'ModeratorRoleSet', 'AdminGranted', ...RESTRICTION_EVENT_TYPES]),
  actor: z.string().nullable(),
  adminId: z.string().nullable(),
  adminUsername: z.string().nullable(),
  at: z.string(),
  note: z.string().optional(),
  isModerator: z.boolean().optional(),
  /** The reason of a suspension, a freeze or their lifting. */
  reason: z.string().optional(),
});
const restrictionJson = z.object({ reason: z.string(), since: z.string() }).nullable();
const userDetailJson = z.object({
  user: adminUserJson,
  verification: z.object({ isEmailVerified: z.boolean(), isPhoneVerified: z.boolean(), isPsnVerified: z.boolean(), isAgeVerified: z.boolean() }),
  betsSummary: z.object({ total: z.number(), byStatus: z.record(z.string(), z.number()), wins: z.number(), losses: z.number(), rating: z.number() }),
  /** Every admin action on the user, oldest first; the notes' history is the AdminNoteChanged entries. */
  adminActions: z.array(adminActionJson),
  /** The player's safer play (issue 15): limits in force, pending raises, cool-off / self-exclusion, reality check, and their history. */
  saferPlay: saferPlayAdminJson,
  /** Suspension and freeze in force (issue #29), null when none. */
  restrictions: z.object({ suspension: restrictionJson, freeze: restrictionJson }),
});
type AdminAction = z.infer<typeof adminActionJson>;

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

async function userDetail(app: FastifyInstance, userId: string): Promise<z.infer<typeof userDetailJson>> {
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

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid id');

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE_MAX).default(ADMIN_USERS_PAGE_SIZE_DEFAULT),
          search: z.string().max(ADMIN_SEARCH_LENGTH_MAX).optional(),
        }),
        response: { 200: z.object({ users: z.array(adminUserJson), pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }) }) },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { rows, total } = await listUsersPage(app.deps.db, { page, limit, ...(search ? { search } : {}) });
      const users = await Promise.all(rows.map((row) => adminUserOf(app, row)));
      return { users, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },
  );

  app.get('/api/admin/users/:id', { onRequest: app.requireAdmin, schema: { params: z.object({ id: uuid }), response: { 200: userDetailJson } } }, async (request) =>
    userDetail(app, request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: z.object({ id: uuid }),
        body: z
          .object({
            isAgeVerified: z.boolean().optional(),
            isModerator: z.boolean().optional(),
            adminNotes: z.string().max(ADMIN_NOTES_LENGTH_MAX, ADMIN_MESSAGES.notesTooLong).optional(),
          })
          .strict(),
        response: { 200: userDetailJson },
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

/** At most this many ids in one names look-up (a screen's list). */
export const USER_NAMES_MAX = 100;
const paginationJson = z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() });
const recordPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_RECORD_PAGE_SIZE_MAX).default(ADMIN_RECORD_PAGE_SIZE_DEFAULT),
});
const adminTransactionJson = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.string(),
  currency: z.string(),
  betId: z.string().nullable(),
  poolId: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
const adminBetJson = z.object({
  id: z.string(),
  gameType: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  role: z.enum(['challenger', 'opponent']),
  opponent: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
});

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
    { onRequest: app.requireAdmin, schema: { params: z.object({ id: uuid }), querystring: recordPageQuery, response: { 200: z.object({ transactions: z.array(adminTransactionJson), pagination: paginationJson }) } } },
    async (request) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      await requireUser(id);
      const { rows, total } = await userTransactionsPage(app.deps.db, id, { page, limit });
      const transactions = rows.map((r) => ({
        id: r.id,
        type: r.type,
        status: r.status,
        amount: formatAmount(r.amount),
        currency: r.currency,
        betId: r.bet_id,
        poolId: r.pool_id,
        reference: r.reference,
        description: r.description,
        createdAt: r.created_at.toISOString(),
      }));
      return { transactions, pagination: { page, limit, total, pages: Math.ceil(total / limit) } };
    },
  );

  app.get(
    '/api/admin/users/:id/bets',
    { onRequest: app.requireAdmin, schema: { params: z.object({ id: uuid }), querystring: recordPageQuery, response: { 200: z.object({ bets: z.array(adminBetJson), pagination: paginationJson }) } } },
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
        querystring: z.object({ ids: z.string().max(USER_NAMES_MAX * 37).transform((v, ctx) => {
          const ids = [...new Set(v.split(',').filter(Boolean))];
          if (ids.length > USER_NAMES_MAX || ids.some((id) => !uuid.safeParse(id).success)) {
            ctx.addIssue({ code: 'custom', message: `ids must be up to ${USER_NAMES_MAX} user ids, comma-separated` });
            return z.NEVER;
          }
          return ids;
        }) }),
        response: { 200: z.object({ users: z.array(z.object({ id: z.string(), username: z.string() })) }) },
      },
    },
    async (request) => {
      const ids = request.query.ids;
      if (ids.length === 0) return { users: [] };
      const rows = await app.deps.db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
      return { users: rows };
    },
  );

  for (const act of RESTRICTION_ACTS) {
    app.post(
      `/api/admin/users/:id/${act.path}`,
      {
        onRequest: app.requireAdmin,
        schema: {
          summary: act.summary,
          params: z.object({ id: uuid }),
          // Checked by the decider (restrictionReason): empty is `reason_required`, too long `reason_too_long`.
          body: z.object({ reason: z.string().max(RESTRICTION_REASON_LENGTH_MAX * 4).optional() }).strict(),
          response: { 200: userDetailJson },
        },
      },
      async (request) => {
        const { id } = request.params;
        await requireUser(id);
        await restrictAccount(app.deps, { userId: id, adminId: request.auth!.userId, restriction: act.restriction, on: act.on, reason: request.body.reason ?? '' });
        return userDetail(app, id);
      },
    );
  }
};
