import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, ForbiddenError, NotFoundError, ValidationError, parseStreamId, type Position } from '@wager/domain';
import {
  AMOUNT_RANGES,
  BET_CURRENCIES,
  EVIDENCE_FILES_MAX,
  EVIDENCE_FILE_BYTES_MAX,
  GAME_TYPES,
  betMessages,
  betResultSchema,
  createChallengeSchema,
  resolveDisputeSchema,
  type EvidenceFile,
  type ExistingBet,
} from '@wager/domain/bets/index';
import {
  BET_LIST_FILTERS,
  PUBLIC_CHALLENGES_PAGE_SIZE_DEFAULT,
  PUBLIC_CHALLENGES_PAGE_SIZE_MAX,
  SEARCH_LENGTH_MAX,
  findBet,
  findBetByInviteLink,
  listDisputedBets,
  listPublicChallenges,
  listUserBets,
  userSummaries,
} from '@wager/projections/bets/queries';
import type { BetRow } from '@wager/projections/bets/bets.table';
import { Money, formatAmount } from '@wager/domain/money/index';
import { BetSagas } from './commands.js';
import { publicBaseUrl } from '../../config.js';
import { StillProcessing } from '../../runtime/still-processing.js';
import { assertStorableInput } from '../../plugins/input-guard.js';
import { EvidenceStore, SHA256_PATTERN } from './evidence-store.js';
import { betsBeingPlayed } from '@wager/projections/live/queries';
import { betJson, betView, participants } from './views.js';
import { peopleOf, recordedBet } from './recorded.js';
import { betDetailsRoutes, isBetModerator } from './details.js';
import { betLedgerRoutes } from './ledger-routes.js';
import { appealRoutes } from './appeal-routes.js';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid id');
const betParams = z.object({ betId: uuid });

/**
 * The bets context's HTTP surface: challenges (create, invitation, marketplace, accept, join),
 * the caller's bets, cancel, results with evidence, and the admin dispute desk (the bet's chat is
 * the chat context's).
 * Writes go through `BetSagas`; reads come only from the read tables.
 */
export async function betRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: EVIDENCE_FILES_MAX, fileSize: EVIDENCE_FILE_BYTES_MAX, fields: 10, fieldSize: 1024, parts: EVIDENCE_FILES_MAX + 10 } });
  const sagas = new BetSagas(app.deps);
  const evidence = new EvidenceStore(app.deps.config.DATA_DIR);
  await app.register(betCommandRoutes, { sagas, evidence } as never);
  await app.register(betReadRoutes, { evidence } as never);
  await app.register(adminBetRoutes);
  await app.register(betDetailsRoutes, { visibleBet, viewOf } as never);
  await app.register(betLedgerRoutes);
  await app.register(appealRoutes, { sagas, answer: (betId: string, position: Position | null, viewerId: string, isAdmin?: boolean) => answer(app, betId, position, viewerId, isAdmin) } as never);
}

async function viewOf(app: FastifyInstance, row: BetRow, viewerId: string | null, isAdmin = false) {
  const users = await userSummaries(app.deps.db, participants(row));
  const beingPlayed = row.status === 'accepted' && (await betsBeingPlayed(app.deps.db, [row.id])).has(row.id);
  return betView(row, users, { showInviteLink: viewerId !== null && (participants(row).includes(viewerId) || row.invited_opponent_id === viewerId || isAdmin), showAdminNotes: isAdmin, beingPlayed });
}

/** A bet the caller may see: a participant's, its chat's moderator's, or any for an admin; otherwise 404 (never reveal it exists). */
export { visibleBet, viewOf };
async function visibleBet(app: FastifyInstance, request: FastifyRequest, betId: string): Promise<BetRow> {
  const auth = request.auth!;
  let row = await findBet(app.deps.db, betId);
  if (!row) {
    // The log may hold the bet while the read model is behind (issue #22): for whoever may see
    // it, wait until the read models reach its last event, and say 202 if they do not in time.
    const recorded = await recordedBet(app.deps, betId);
    if (recorded && (auth.isAdmin || peopleOf(recorded).includes(auth.userId))) {
      if (!(await app.deps.projections.waitFor(recorded.lastPosition))) throw new StillProcessing(`/api/bets/${betId}`, { betId });
      row = await findBet(app.deps.db, betId);
    }
  }
  if (!row || !(auth.isAdmin || participants(row).includes(auth.userId) || (await isBetModerator(app.deps.db, row.id, auth.userId)))) throw new NotFoundError(betMessages.betNotFound);
  return row;
}

/**
 * A command's answer: the bet as the read model shows it once the command's events are visible
 * there. When they are stored but not visible within the wait (the projection role is behind or
 * down), 202 with the bet's address: never a 404 for a bet that exists, never a stale view.
 */
async function answer(
  app: FastifyInstance,
  betId: string,
  position: Parameters<FastifyInstance['deps']['projections']['waitFor']>[0] | null,
  viewerId: string,
  isAdmin = false,
  processingBody: Record<string, unknown> = {},
) {
  if (position && !(await app.deps.projections.waitFor(position))) throw new StillProcessing(`/api/bets/${betId}`, { betId, ...processingBody });
  const row = await findBet(app.deps.db, betId);
  if (!row) throw new NotFoundError(betMessages.betNotFound);
  return viewOf(app, row, viewerId, isAdmin);
}

/**
 * The bet a command is about, as its stream says (a read model may lag behind a bet that
 * exists): 404 unless the caller is its challenger, opponent, invited opponent or an admin.
 */
async function commandedBet(sagas: BetSagas, request: FastifyRequest, betId: string): Promise<ExistingBet> {
  const state = await sagas.state(betId);
  const auth = request.auth!;
  if (!('bet' in state)) throw new NotFoundError(betMessages.betNotFound);
  const people = [state.bet.challengerId, state.opponentId, state.bet.invitedOpponentId];
  if (!auth.isAdmin && !people.includes(auth.userId)) throw new NotFoundError(betMessages.betNotFound);
  return state;
}

const betCommandRoutes: FastifyPluginAsyncZod<{ sagas: BetSagas; evidence: EvidenceStore }> = async (app, { sagas, evidence }) => {
  app.post(
    '/api/bets',
    { onRequest: app.requireMoneyMover, schema: { body: createChallengeSchema, response: { 201: z.object({ bet: betJson, shareableLink: z.string() }) } } },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const challenge = request.body;
      if (challenge.opponentId && challenge.opponentId !== userId) {
        const opponent = await app.deps.db.selectFrom('users').select('id').where('id', '=', challenge.opponentId).executeTakeFirst();
        if (!opponent) throw new NotFoundError('Opponent not found');
      }
      const betId = app.deps.ids.uuid();
      // The invitation id is a fresh random UUID (122 random bits): unguessable, and not the bet id.
      const inviteLinkId = app.deps.ids.uuid();
      const outcome = await sagas.create({ betId, challengerId: userId, inviteLinkId, challenge });
      // Absolute, so it can be pasted anywhere; from PUBLIC_URL, never from the request's Host header.
      const base = publicBaseUrl(app.deps.config);
      const shareableLink = `${base}/challenge/accept/${inviteLinkId}`;
      const bet = await answer(app, betId, outcome.position, userId, false, { inviteLinkId, shareableLink });
      return reply.status(201).send({ bet, shareableLink });
    },
  );

  const accepted = z.object({ bet: betJson, message: z.string() });
  const ACCEPTED_MESSAGE = 'Challenge Accepted! The bet has been accepted and escrow funds have been secured.';
  app.post(
    '/api/challenges/accept/:inviteLinkId',
    { onRequest: app.requireMoneyMover, schema: { params: z.object({ inviteLinkId: z.string().max(100) }), response: { 200: accepted } } },
    async (request) => {
      const row = await findBetByInviteLink(app.deps.db, request.params.inviteLinkId);
      if (!row) throw new NotFoundError(betMessages.challengeNotFound);
      const userId = request.auth!.userId;
      const outcome = await sagas.accept({ betId: row.id, acceptorId: userId, via: 'invite' });
      return { bet: await answer(app, row.id, outcome.position, userId), message: ACCEPTED_MESSAGE };
    },
  );
  app.post(
    '/api/challenges/join/:challengeId',
    { onRequest: app.requireMoneyMover, schema: { params: z.object({ challengeId: uuid }), response: { 200: accepted } } },
    async (request) => {
      const userId = request.auth!.userId;
      const outcome = await sagas.accept({ betId: request.params.challengeId, acceptorId: userId, via: 'marketplace' });
      return { bet: await answer(app, request.params.challengeId, outcome.position, userId), message: 'Challenge Joined! Chat room created.' };
    },
  );

  app.post('/api/bets/:betId/cancel', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: betJson } } }, async (request) => {
    await commandedBet(sagas, request, request.params.betId);
    const userId = request.auth!.userId;
    const outcome = await sagas.cancel(request.params.betId, userId);
    return answer(app, request.params.betId, outcome.position, userId, request.auth!.isAdmin);
  });

  app.post('/api/bets/:betId/decline', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: betJson } } }, async (request) => {
    await commandedBet(sagas, request, request.params.betId);
    const userId = request.auth!.userId;
    const outcome = await sagas.decline(request.params.betId, userId);
    return answer(app, request.params.betId, outcome.position, userId, request.auth!.isAdmin);
  });

  app.post('/api/bets/:betId/result', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: betJson } } }, async (request) => {
    const state = await commandedBet(sagas, request, request.params.betId);
    const userId = request.auth!.userId;
    // Only the two players report; an admin sees the bet but resolves disputes instead. Checked before any file is stored.
    if (userId !== state.bet.challengerId && userId !== state.opponentId) throw new ForbiddenError(betMessages.notParticipant);
    const { result, files } = await readResult(request, evidence);
    const outcome = await sagas.report({ betId: request.params.betId, userId, result, evidence: files });
    return answer(app, request.params.betId, outcome.position, userId, request.auth!.isAdmin);
  });
};

/** The result form: JSON `{ result }`, or multipart with a `result` field and up to 5 image/video files of 10 MB each. */
async function readResult(request: FastifyRequest, store: EvidenceStore): Promise<{ result: 'won' | 'lost'; files: EvidenceFile[] }> {
  if (!request.isMultipart()) {
    const parsed = z.object({ result: betResultSchema }).safeParse(request.body ?? {});
    if (!parsed.success) throw new ValidationError(betMessages.resultInvalid);
    return { result: parsed.data.result, files: [] };
  }
  let result: unknown;
  const files: EvidenceFile[] = [];
  /** True while a file is being written: a failure then is ours (a 500), not the client's form. */
  let storing = false;
  try {
    for await (const part of request.parts()) {
      assertStorableInput([part.fieldname, part.mimetype, part.type === 'file' ? part.filename : part.value]);
      if (part.type === 'field') {
        if (part.fieldname === 'result') result = part.value;
        continue;
      }
      if (!/^(image|video)\//.test(part.mimetype)) throw new ValidationError(betMessages.evidenceType);
      const bytes = await part.toBuffer();
      storing = true;
      files.push(await store.put(bytes, part.mimetype, part.filename));
      storing = false;
    }
  } catch (error) {
    if (storing || error instanceof DomainError) throw error;
    throw multipartRefusal(error);
  }
  const parsed = betResultSchema.safeParse(result);
  if (!parsed.success) throw new ValidationError(betMessages.resultInvalid);
  return { result: parsed.data, files };
}

/**
 * A multipart body the parser could not read as a form: a limit (the spec's words) or a malformed
 * body (no boundary, cut short, a bad part header, a prototype field name), which busboy and
 * @fastify/multipart report as plain errors. Either way the client's fault: 400, never a 500.
 */
function multipartRefusal(error: unknown): ValidationError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ValidationError(betMessages.evidenceTooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new ValidationError(betMessages.evidenceTooMany);
  return new ValidationError(betMessages.formInvalid, { code: 'invalid_multipart' });
}

const betReadRoutes: FastifyPluginAsyncZod<{ evidence: EvidenceStore }> = async (app, { evidence }) => {
  app.get(
    '/api/bets',
    { onRequest: app.requireUser, schema: { querystring: z.object({ status: z.enum(BET_LIST_FILTERS).optional() }), response: { 200: z.array(betJson) } } },
    async (request) => {
      const userId = request.auth!.userId;
      const rows = await listUserBets(app.deps.db, userId, request.query.status);
      const users = await userSummaries(app.deps.db, rows.flatMap(participants));
      const live = await betsBeingPlayed(app.deps.db, rows.filter((r) => r.status === 'accepted').map((r) => r.id));
      return rows.map((row) => betView(row, users, { showInviteLink: true, beingPlayed: live.has(row.id) }));
    },
  );

  app.get('/api/bets/:betId', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: betJson } } }, async (request) => {
    const row = await visibleBet(app, request, request.params.betId);
    return viewOf(app, row, request.auth!.userId, request.auth!.isAdmin);
  });

  app.get(
    '/api/bets/:betId/evidence/:sha256',
    { onRequest: app.requireUser, schema: { params: z.object({ betId: uuid, sha256: z.string().regex(SHA256_PATTERN, betMessages.evidenceNotFound) }) } },
    async (request, reply) => {
      const row = await visibleBet(app, request, request.params.betId);
      const file = [...row.challenger_evidence, ...row.opponent_evidence].find((f) => f.sha256 === request.params.sha256);
      if (!file || !(await evidence.exists(file.sha256))) throw new NotFoundError(betMessages.evidenceNotFound);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(evidence.open(file.sha256));
    },
  );

  const publicChallenge = z.object({
    id: z.string(),
    gameType: z.string(),
    amount: z.string(),
    feeAmount: z.string(),
    /** What a player who joins is charged (stake + fee): the figure the join confirmation shows. */
    totalCost: z.string(),
    currency: z.string(),
    challengerId: z.string(),
    challengerUsername: z.string(),
    challengerPsnUsername: z.string().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
    platformUsername: z.string().nullable(),
    customRulesEnabled: z.boolean(),
  }).catchall(z.unknown());
  app.get(
    '/api/challenges/public',
    {
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(PUBLIC_CHALLENGES_PAGE_SIZE_MAX).default(PUBLIC_CHALLENGES_PAGE_SIZE_DEFAULT),
          search: z.string().trim().max(SEARCH_LENGTH_MAX).optional(),
          currency: z.enum(BET_CURRENCIES).optional().or(z.literal('').transform(() => undefined)).or(z.literal('all').transform(() => undefined)),
          gameType: z.enum(GAME_TYPES).optional().or(z.literal('').transform(() => undefined)).or(z.literal('all').transform(() => undefined)),
          amountRange: z.enum(AMOUNT_RANGES).optional().or(z.literal('').transform(() => undefined)).or(z.literal('all').transform(() => undefined)),
        }),
        response: { 200: z.object({ challenges: z.array(publicChallenge), totalPages: z.number() }) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, totalPages } = await listPublicChallenges(app.deps.db, { now: app.deps.clock.now(), ...q, search: q.search || undefined });
      return {
        totalPages,
        challenges: rows.map((r) => ({
          ...r.rules,
          id: r.id,
          gameType: r.game_type,
          amount: formatAmount(r.amount),
          feeAmount: formatAmount(r.fee_amount),
          totalCost: formatAmount(new Money(r.amount).plus(r.fee_amount)),
          currency: r.currency,
          challengerId: r.challenger_id,
          challengerUsername: r.challenger_username,
          challengerPsnUsername: r.challenger_psn_username,
          expiresAt: r.expires_at.toISOString(),
          createdAt: r.created_at.toISOString(),
          platformUsername: r.platform_username,
          customRulesEnabled: r.custom_rules_enabled,
        })),
      };
    },
  );

  app.get(
    '/api/challenges/:inviteLinkId',
    { schema: { params: z.object({ inviteLinkId: z.string().max(100) }), response: { 200: z.object({ bet: betJson }) } } },
    async (request) => {
      const row = await findBetByInviteLink(app.deps.db, request.params.inviteLinkId);
      if (!row || row.status !== 'pending' || row.expires_at.getTime() <= app.deps.clock.now().getTime()) throw new NotFoundError(betMessages.challengeNotFound);
      const users = await userSummaries(app.deps.db, [row.challenger_id]);
      return { bet: betView(row, users, { showInviteLink: true, showAdminNotes: false }) };
    },
  );
};

const adminBetRoutes: FastifyPluginAsyncZod = async (app) => {
  const sagas = new BetSagas(app.deps);
  // The queue, oldest dispute first, each with when it opened (`disputedAt`).
  app.get('/api/admin/bets/disputed', { onRequest: app.requireAdmin, schema: { response: { 200: z.array(betJson.extend({ disputedAt: z.string() })) } } }, async () => {
    const rows = await listDisputedBets(app.deps.db);
    const users = await userSummaries(app.deps.db, rows.flatMap(participants));
    return rows.map((row) => ({ ...betView(row, users, { showInviteLink: true, showAdminNotes: true }), disputedAt: new Date(row.disputed_at).toISOString() }));
  });

  app.put(
    '/api/admin/bets/:betId/resolve',
    { onRequest: app.requireAdmin, schema: { params: betParams, body: resolveDisputeSchema, response: { 200: betJson } } },
    async (request) => {
      const adminId = request.auth!.userId;
      const outcome = await sagas.resolve({ betId: request.params.betId, adminId, winnerId: request.body.winnerId, adminNotes: request.body.adminNotes });
      return answer(app, request.params.betId, outcome.position, adminId, true);
    },
  );
};

