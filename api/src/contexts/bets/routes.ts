import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError, ForbiddenError, NotFoundError, ValidationError, parseStreamId } from '@wager/domain';
import { EVIDENCE_FILES_MAX, EVIDENCE_FILE_BYTES_MAX, betMessages, betResultSchema, betStreamId, type BetState, type EvidenceFile, type ExistingBet } from '@wager/domain/bets/index';
import * as contract from '@wager/domain/contracts/bets';
import {
  findBet,
  findBetByInviteLink,
  listDisputedBets,
  listPublicChallenges,
  listUserBets,
  userSummaries,
  type UserSummary,
} from '@wager/projections/bets/queries';
import { playerSummaries } from '../players/index.js';
import type { BetRow } from '@wager/projections/bets/bets.table';
import { betRowOf } from '@wager/projections/bets/projector';
import { Money, formatAmount } from '@wager/domain/money/index';
import { BetSagas, type BetOutcome } from './commands.js';
import { publicBaseUrl } from '../../config.js';
import { stillProcessing } from '@wager/domain/contracts/common';
import { StillProcessing } from '../../runtime/still-processing.js';
import { assertStorableInput } from '../../plugins/input-guard.js';
import { EvidenceStore } from './evidence-store.js';
import { betsBeingPlayed } from '@wager/projections/live/queries';
import { betJson, betView, participants, ruleFieldsOf } from './views.js';
import { peopleOf, recordedBet } from './recorded.js';
import { betDetailsRoutes, isBetModerator } from './details.js';
import { betLedgerRoutes } from './ledger-routes.js';
import { appealRoutes } from './appeal-routes.js';
import { userExists } from '@wager/projections/users/queries';

const { betParams } = contract;

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
  await app.register(betCommandRoutes, { sagas, evidence });
  await app.register(betReadRoutes, { evidence });
  await app.register(adminBetRoutes);
  await app.register(betDetailsRoutes, { visibleBet, viewOf });
  await app.register(betLedgerRoutes);
  await app.register(appealRoutes, { sagas, answer: (betId: string, outcome: BetOutcome, viewerId: string, isAdmin?: boolean) => answer(app, sagas, betId, outcome, viewerId, isAdmin) });
}

/** The bet as its viewer sees it; `summaries`: where the players' summaries come from (the read model, unless a command's answer passes the cache). */
async function viewOf(app: FastifyInstance, row: BetRow, viewerId: string | null, isAdmin = false, summaries: (ids: string[]) => Promise<Map<string, UserSummary>> = (ids) => userSummaries(app.deps.db, ids)) {
  const users = await summaries(participants(row));
  const beingPlayed = row.status === 'accepted' && (await betsBeingPlayed(app.deps.db, [row.id])).has(row.id);
  return betView(row, users, { showInviteLink: viewerId !== null && (participants(row).includes(viewerId) || row.invited_opponent_id === viewerId || isAdmin), showAdminNotes: isAdmin, beingPlayed });
}

/** A bet the caller may see: a participant's, its chat's moderator's, or any for an admin; otherwise 404 (never reveal it exists). */
export { visibleBet, viewOf };
async function visibleBet(app: FastifyInstance, request: FastifyRequest, betId: string): Promise<BetRow> {
  const auth = request.auth!;
  // The log may hold the bet while the read model is behind (issue #22): the bet as its own
  // stream makes it, for whoever may see it; no wait for the read model (a client that wrote
  // sends its consistency token instead, runtime/consistency.ts).
  const row = (await findBet(app.deps.db, betId)) ?? (await streamedBet(app, betId));
  if (!row || !(auth.isAdmin || peopleOfRow(row).includes(auth.userId) || (await isBetModerator(app.deps.db, row.id, auth.userId)))) throw new NotFoundError(betMessages.betNotFound);
  return row;
}

/** The bet's row folded from its stream (`betRowOf`, the bets projector's own rules), or null. */
async function streamedBet(app: FastifyInstance, betId: string): Promise<BetRow | null> {
  return betRowOf(await app.deps.store.readStream(betStreamId(betId)));
}

/** Who may see a bet: its challenger, opponent and invited opponent (admins and the chat's moderator are checked by the caller). */
function peopleOfRow(row: BetRow): string[] {
  return [row.challenger_id, row.opponent_id, row.invited_opponent_id].filter((id): id is string => id !== null);
}

/**
 * A command's answer: the bet as its stream makes it once the command has appended (folded with
 * the bets projector's rules: the command's own events onto the row this process last answered
 * with, `BetSagas.answerRow`), never a read-model query after a wait; its players' summaries from
 * the process's cache of players (contexts/players/cards.ts). The read models follow;
 * the answer's `X-Consistency-Token` lets the client's next read wait for them if it must.
 */
async function answer(app: FastifyInstance, sagas: BetSagas, betId: string, outcome: BetOutcome, viewerId: string, isAdmin = false) {
  const row = await sagas.answerRow(betId, outcome);
  if (!row) throw new NotFoundError(betMessages.betNotFound);
  return viewOf(app, row, viewerId, isAdmin, (ids) => playerSummaries(app.deps, ids));
}

/**
 * The bet a command is about, as its stream says (a read model may lag behind a bet that
 * exists): 404 unless the caller is its challenger, opponent, invited opponent or an admin;
 * with `playersOnly`, 403 for anyone but its two players. Decided first on the state this
 * process holds for the stream (the state the command itself decides on without a read), so an
 * allowed command costs no read here; a refusal is never trusted to a state that may be stale:
 * it is decided again on the stream as read. The decider checks the rules again on the state it
 * appends on (its expected revision confirms it).
 */
async function commandedBet(app: FastifyInstance, sagas: BetSagas, request: FastifyRequest, betId: string, playersOnly = false): Promise<ExistingBet> {
  const auth = request.auth!;
  const mayCommand = (state: BetState): boolean => {
    if (!('bet' in state)) return false;
    const people = [state.bet.challengerId, state.opponentId, state.bet.invitedOpponentId];
    if (!auth.isAdmin && !people.includes(auth.userId)) return false;
    return !playersOnly || auth.userId === state.bet.challengerId || auth.userId === state.opponentId;
  };
  const cached = sagas.cachedState(betId);
  if (cached && mayCommand(cached)) return cached as ExistingBet;
  const state = await sagas.state(betId);
  if (mayCommand(state)) return state as ExistingBet;
  if (!('bet' in state)) throw new NotFoundError(betMessages.betNotFound);
  const people = [state.bet.challengerId, state.opponentId, state.bet.invitedOpponentId];
  if (!auth.isAdmin && !people.includes(auth.userId)) throw new NotFoundError(betMessages.betNotFound);
  // Only the two players report; an admin sees the bet but resolves disputes instead.
  throw new ForbiddenError(betMessages.notParticipant);
}

const betCommandRoutes: FastifyPluginAsyncZod<{ sagas: BetSagas; evidence: EvidenceStore }> = async (app, { sagas, evidence }) => {
  app.post(
    '/api/bets',
    { onRequest: app.requireMoneyMover, schema: { body: contract.createBetBody, response: { 201: contract.createBetResponse, 202: contract.createBetProcessing } } },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const challenge = request.body;
      if (challenge.opponentId && challenge.opponentId !== userId) {
        if (!(await userExists(app.deps.db, challenge.opponentId))) throw new NotFoundError('Opponent not found');
      }
      const betId = app.deps.ids.uuid();
      // The invitation id is a fresh random UUID (122 random bits): unguessable, and not the bet id.
      const inviteLinkId = app.deps.ids.uuid();
      const outcome = await sagas.create({ betId, challengerId: userId, inviteLinkId, challenge });
      // Absolute, so it can be pasted anywhere; from PUBLIC_URL, never from the request's Host header.
      const base = publicBaseUrl(app.deps.config);
      const shareableLink = `${base}/challenge/accept/${inviteLinkId}`;
      const bet = await answer(app, sagas, betId, outcome, userId);
      return reply.status(201).send({ bet, shareableLink });
    },
  );

  const ACCEPTED_MESSAGE = 'Challenge Accepted! The bet has been accepted and escrow funds have been secured.';
  app.post(
    '/api/challenges/accept/:inviteLinkId',
    { onRequest: app.requireMoneyMover, schema: { params: contract.inviteParams, response: { 200: contract.acceptResponse, 202: stillProcessing } } },
    async (request) => {
      const row = await findInvitation(app, request.params.inviteLinkId);
      if (!row) throw new NotFoundError(betMessages.challengeNotFound);
      const userId = request.auth!.userId;
      const outcome = await sagas.accept({ betId: row.id, acceptorId: userId, via: 'invite' });
      return { bet: await answer(app, sagas, row.id, outcome, userId), message: ACCEPTED_MESSAGE };
    },
  );
  app.post(
    '/api/challenges/join/:challengeId',
    { onRequest: app.requireMoneyMover, schema: { params: contract.joinParams, response: { 200: contract.acceptResponse, 202: stillProcessing } } },
    async (request) => {
      const userId = request.auth!.userId;
      const outcome = await sagas.accept({ betId: request.params.challengeId, acceptorId: userId, via: 'marketplace' });
      return { bet: await answer(app, sagas, request.params.challengeId, outcome, userId), message: 'Challenge Joined! Chat room created.' };
    },
  );

  app.post('/api/bets/:betId/cancel', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: contract.betView, 202: stillProcessing } } }, async (request) => {
    await commandedBet(app, sagas, request, request.params.betId);
    const userId = request.auth!.userId;
    const outcome = await sagas.cancel(request.params.betId, userId);
    return answer(app, sagas, request.params.betId, outcome, userId, request.auth!.isAdmin);
  });

  app.post('/api/bets/:betId/decline', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: contract.betView, 202: stillProcessing } } }, async (request) => {
    await commandedBet(app, sagas, request, request.params.betId);
    const userId = request.auth!.userId;
    const outcome = await sagas.decline(request.params.betId, userId);
    return answer(app, sagas, request.params.betId, outcome, userId, request.auth!.isAdmin);
  });

  app.post('/api/bets/:betId/result', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: contract.betView, 202: stillProcessing } } }, async (request) => {
    // Only the two players report (403 for an admin, who resolves disputes instead); checked before any file is stored.
    await commandedBet(app, sagas, request, request.params.betId, true);
    const userId = request.auth!.userId;
    const { result, files } = await readResult(request, evidence);
    const outcome = await sagas.report({ betId: request.params.betId, userId, result, evidence: files });
    return answer(app, sagas, request.params.betId, outcome, userId, request.auth!.isAdmin);
  });
};

/** The result form: JSON `{ result }`, or multipart with a `result` field and up to 5 image/video files of 10 MB each. */
async function readResult(request: FastifyRequest, store: EvidenceStore): Promise<{ result: 'won' | 'lost'; files: EvidenceFile[] }> {
  if (!request.isMultipart()) {
    const parsed = contract.reportResultBody.safeParse(request.body ?? {});
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
    { onRequest: app.requireUser, schema: { querystring: contract.betListQuery, response: { 200: contract.betList } } },
    async (request) => {
      const userId = request.auth!.userId;
      const rows = await listUserBets(app.deps.db, userId, request.query.status);
      const users = await userSummaries(app.deps.db, rows.flatMap(participants));
      const live = await betsBeingPlayed(app.deps.db, rows.filter((r) => r.status === 'accepted').map((r) => r.id));
      return rows.map((row) => betView(row, users, { showInviteLink: true, beingPlayed: live.has(row.id) }));
    },
  );

  app.get('/api/bets/:betId', { onRequest: app.requireUser, schema: { params: betParams, response: { 200: contract.betView, 202: stillProcessing } } }, async (request) => {
    const row = await visibleBet(app, request, request.params.betId);
    return viewOf(app, row, request.auth!.userId, request.auth!.isAdmin);
  });

  app.get(
    '/api/bets/:betId/evidence/:sha256',
    { onRequest: app.requireUser, schema: { params: contract.evidenceParams } },
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

  app.get(
    '/api/challenges/public',
    {
      schema: {
        querystring: contract.publicChallengesQuery,
        response: { 200: contract.publicChallengesResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, totalPages } = await listPublicChallenges(app.deps.db, { now: app.deps.clock.now(), ...q, search: q.search || undefined });
      return {
        totalPages,
        challenges: rows.map((r) => ({
          ...ruleFieldsOf(r),
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
    { schema: { params: contract.inviteParams, response: { 200: contract.inviteResponse } } },
    async (request) => {
      const row = await findInvitation(app, request.params.inviteLinkId);
      if (!row || row.status !== 'pending' || row.expires_at.getTime() <= app.deps.clock.now().getTime()) throw new NotFoundError(betMessages.challengeNotFound);
      const users = await userSummaries(app.deps.db, [row.challenger_id]);
      return { bet: betView(row, users, { showInviteLink: true, showAdminNotes: false }) };
    },
  );
};

/**
 * An invitation is found through the read model (the link names no stream). Its creator's
 * command answers from the bet's stream without waiting for the read models, so a link opened
 * at once may be ahead of them: before calling it unknown, wait (bounded, as every read-your-write
 * wait) for the read models to reach what the log holds now, and look again. An unknown link
 * costs that wait only while the projections are behind.
 */
async function findInvitation(app: FastifyInstance, inviteLinkId: string): Promise<BetRow | undefined> {
  const row = await findBetByInviteLink(app.deps.db, inviteLinkId);
  if (row) return row;
  const head = await app.deps.store.headPosition();
  if (!head) return undefined;
  await app.deps.projections.waitFor(head);
  return findBetByInviteLink(app.deps.db, inviteLinkId);
}

const adminBetRoutes: FastifyPluginAsyncZod = async (app) => {
  const sagas = new BetSagas(app.deps);
  // The queue, oldest dispute first, each with when it opened (`disputedAt`).
  app.get('/api/admin/bets/disputed', { onRequest: app.requireAdmin, schema: { response: { 200: contract.disputedBets } } }, async () => {
    const rows = await listDisputedBets(app.deps.db);
    const users = await userSummaries(app.deps.db, rows.flatMap(participants));
    return rows.map((row) => ({ ...betView(row, users, { showInviteLink: true, showAdminNotes: true }), disputedAt: new Date(row.disputed_at).toISOString() }));
  });

  app.put(
    '/api/admin/bets/:betId/resolve',
    { onRequest: app.requireAdmin, schema: { params: betParams, body: contract.resolveDisputeBody, response: { 200: contract.betView, 202: stillProcessing } } },
    async (request) => {
      const adminId = request.auth!.userId;
      const outcome = await sagas.resolve({ betId: request.params.betId, adminId, winnerId: request.body.winnerId, adminNotes: request.body.adminNotes });
      return answer(app, sagas, request.params.betId, outcome, adminId, true);
    },
  );
};

