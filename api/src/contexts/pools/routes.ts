import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, type Position } from '@wager/domain';
import { poolsContract } from '@wager/domain/contracts/pools';
import { INVITE_CODE_PATTERN, poolDecider, poolMessages, poolStreamId, type PoolEvent } from '@wager/domain/pools/index';
import { findPool, findPoolByInviteCode, isParticipant, listPublicPools, listUserPools, poolIdsJoinedBy, poolParticipants, type FplPoolRow } from '@wager/projections/pools/index';
import { selfBaseUrl } from '../../adapters/providers.js';
import { useFplSandboxAt } from '../../adapters/fpl/index.js';
import { fplSandbox } from '../../sandbox/fpl/index.js';
import { StillProcessing } from '../../runtime/still-processing.js';
import { PoolCommands } from './commands.js';
import { poolLedgerRoutes } from './ledger-routes.js';
import { participantView, poolView } from './views.js';

/**
 * The pools context's HTTP surface (spec section 7, `/api/fpl/...`): my pools, open public
 * pools, a pool with its leaderboard, create (optionally entering at once), join by id or by
 * invite code, cancel by the creator; and, outside production, the FPL sandbox under
 * /sandbox/fpl. Writes go through `PoolCommands`; reads come only from the read tables.
 */
export async function poolRoutes(app: FastifyInstance): Promise<void> {
  const pools = new PoolCommands(app.deps);
  await app.register(poolReadRoutes);
  await app.register(poolCommandRoutes, { pools });
  await app.register(poolLedgerRoutes);
  if (app.deps.config.NODE_ENV !== 'production') {
    useFplSandboxAt(app.deps, () => `${selfBaseUrl(app)}/sandbox/fpl`);
    await app.register(fplSandbox, { prefix: '/sandbox/fpl' });
  }
}

async function detail(app: FastifyInstance, row: FplPoolRow, viewer: { userId: string; isAdmin: boolean }) {
  const participants = await poolParticipants(app.deps.db, row.id);
  const hasJoined = participants.some((p) => p.user_id === viewer.userId);
  return { pool: poolView(row, { ...viewer, hasJoined }), participants: participants.map((p) => participantView(p, viewer.userId)) };
}

/**
 * A pool the caller may see: any public one; a private one only for its creator, its participants
 * and admins; otherwise 404. A pool the read tables do not show yet is waited for (recordedPool);
 * `read`: a read, which answers 202 if the wait runs out (a command answers 404 as before: it was
 * not recorded, so it must not say it was).
 */
async function visiblePool(app: FastifyInstance, poolId: string, viewer: { userId: string; isAdmin: boolean }, read = false): Promise<FplPoolRow> {
  const row = (await findPool(app.deps.db, poolId)) ?? (await recordedPool(app, poolId, viewer, read));
  if (!row) throw new NotFoundError(poolMessages.poolNotFound, { code: 'pool_not_found' });
  if (row.is_private && !viewer.isAdmin && row.creator_id !== viewer.userId && !(await isParticipant(app.deps.db, poolId, viewer.userId))) {
    throw new NotFoundError(poolMessages.poolNotFound, { code: 'pool_not_found' });
  }
  return row;
}

/**
 * A pool the log holds but the read model does not show yet (issue #22: a read must not deny
 * what is recorded): for whoever may see it, wait until the read models reach its last event, and
 * say 202 with its address if they do not in time. Null when the log holds no such pool, or it is
 * private and not the viewer's.
 */
async function recordedPool(app: FastifyInstance, poolId: string, viewer: { userId: string; isAdmin: boolean }, read: boolean): Promise<FplPoolRow | null> {
  const recorded = await app.deps.store.readStream(poolStreamId(poolId));
  const state = recorded.reduce((s, r) => poolDecider.evolve(s, { type: r.type, data: r.data } as PoolEvent), poolDecider.initialState());
  if (!('pool' in state)) return null;
  const mayKnow = !state.pool.isPrivate || viewer.isAdmin || state.pool.creatorId === viewer.userId || state.participants.some((p) => p.userId === viewer.userId);
  if (!mayKnow) return null;
  if (!(await app.deps.projections.waitFor(recorded[recorded.length - 1]!.position))) {
    if (read) throw new StillProcessing(`/api/fpl/pools/${poolId}`, { poolId });
    return null;
  }
  return (await findPool(app.deps.db, poolId)) ?? null;
}

/** A command's answer once the read models show it; 202 with the pool's address when they lag. */
async function answer(app: FastifyInstance, poolId: string, position: Position | null, viewer: { userId: string; isAdmin: boolean }) {
  if (position && !(await app.deps.projections.waitFor(position))) throw new StillProcessing(`/api/fpl/pools/${poolId}`, { poolId });
  const row = await findPool(app.deps.db, poolId);
  if (!row) throw new NotFoundError(poolMessages.poolNotFound, { code: 'pool_not_found' });
  return detail(app, row, viewer);
}

const poolReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/fpl/pools', { onRequest: app.requireUser, schema: poolsContract.mine }, async (request) => {
    const viewer = request.auth!;
    const rows = await listUserPools(app.deps.db, viewer.userId);
    const joined = await poolIdsJoinedBy(app.deps.db, viewer.userId);
    return { pools: rows.map((row) => poolView(row, { ...viewer, hasJoined: joined.has(row.id) })) };
  });

  app.get('/api/fpl/pools/public', { onRequest: app.requireUser, schema: poolsContract.public }, async (request) => {
    const viewer = request.auth!;
    const rows = await listPublicPools(app.deps.db);
    const joined = await poolIdsJoinedBy(app.deps.db, viewer.userId);
    return { pools: rows.map((row) => poolView(row, { ...viewer, hasJoined: joined.has(row.id) })) };
  });

  app.get('/api/fpl/pools/:poolId', { onRequest: app.requireUser, schema: poolsContract.detail }, async (request) => {
    const viewer = request.auth!;
    return detail(app, await visiblePool(app, request.params.poolId, viewer, true), viewer);
  });

  /** The invite link's page: whoever holds the code may see the pool they are about to join. */
  app.get('/api/fpl/pools/join-by-code/:inviteCode', { onRequest: app.requireUser, schema: poolsContract.byCode }, async (request) => {
    const row = INVITE_CODE_PATTERN.test(request.params.inviteCode) ? await findPoolByInviteCode(app.deps.db, request.params.inviteCode) : undefined;
    if (!row) throw new NotFoundError(poolMessages.inviteCodeNotFound, { code: 'invite_code_not_found' });
    return detail(app, row, request.auth!);
  });
};

const poolCommandRoutes: FastifyPluginAsyncZod<{ pools: PoolCommands }> = async (app, { pools }) => {
  app.post('/api/fpl/pools', { onRequest: app.requireMoneyMover, schema: poolsContract.create }, async (request, reply) => {
    const viewer = request.auth!;
    const { fplTeamId, ...settings } = request.body;
    const poolId = app.deps.ids.uuid();
    const outcome = await pools.create({ poolId, creatorId: viewer.userId, settings, fplTeamId: fplTeamId ?? null });
    return reply.status(201).send(await answer(app, poolId, outcome.position, viewer));
  });

  app.post('/api/fpl/pools/:poolId/join', { onRequest: app.requireMoneyMover, schema: poolsContract.join }, async (request) => {
    const viewer = request.auth!;
    // A private pool is joined by its invite code: by id it does not exist for an outsider.
    await visiblePool(app, request.params.poolId, viewer);
    const outcome = await pools.join({ poolId: request.params.poolId, userId: viewer.userId, fplTeamId: request.body.fplTeamId });
    return answer(app, request.params.poolId, outcome.position, viewer);
  });

  app.post('/api/fpl/pools/join-by-code/:inviteCode', { onRequest: app.requireMoneyMover, schema: poolsContract.joinByCode }, async (request) => {
    const viewer = request.auth!;
    const row = INVITE_CODE_PATTERN.test(request.params.inviteCode) ? await findPoolByInviteCode(app.deps.db, request.params.inviteCode) : undefined;
    if (!row) throw new NotFoundError(poolMessages.inviteCodeNotFound, { code: 'invite_code_not_found' });
    const outcome = await pools.join({ poolId: row.id, userId: viewer.userId, fplTeamId: request.body.fplTeamId });
    return answer(app, row.id, outcome.position, viewer);
  });

  app.post('/api/fpl/pools/:poolId/cancel', { onRequest: app.requireUser, schema: poolsContract.cancel }, async (request) => {
    const viewer = request.auth!;
    await visiblePool(app, request.params.poolId, viewer);
    const outcome = await pools.cancel(request.params.poolId, viewer.userId);
    return answer(app, request.params.poolId, outcome.position, viewer);
  });
};
