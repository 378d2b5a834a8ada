/**
 * The pools context's contract (docs/api/pools.md, spec section 7 `/api/fpl/...`): my pools, open
 * public pools, a pool with its leaderboard, create, join by id or by invite code, cancel, as zod
 * schemas the API validates and serializes with and the web app's query functions are typed by.
 * The request bodies are the pool rules' own schemas (`pools/rules.ts`). Answers are strict objects.
 */
import { z } from 'zod';
import { createPoolRequestSchema, joinPoolSchema } from '../pools/rules.js';

import { uuid, errorBody, refusals, processingBody } from './common.js';
import { escrowProof } from './wallet.js';

/** GET /api/fpl/pools/:poolId/ledger: the wallet's escrow proof of the pool's account, with the pool's id. */
export const poolLedgerView = escrowProof.extend({ poolId: z.string() });
export type PoolLedgerView = z.infer<typeof poolLedgerView>;

/** Spec section 3 "FPL pool", plus what the screens need (cost, deadline, tie rule, standings). */
export const poolView = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  entryFee: z.string(),
  feeAmount: z.string(),
  /** entry + fee: what joining costs. */
  totalCost: z.string(),
  currency: z.string(),
  potAmount: z.string(),
  participantCount: z.number(),
  maxParticipants: z.number(),
  durationWeeks: z.number(),
  startGameweek: z.number(),
  endGameweek: z.number(),
  /** open, ongoing, completed or cancelled. */
  status: z.string(),
  /** Only for its creator, its participants and admins (a private pool's key). */
  inviteCode: z.string().nullable(),
  isPrivate: z.boolean(),
  isCreator: z.boolean(),
  hasJoined: z.boolean(),
  firstDeadlineAt: z.string(),
  tieRule: z.string(),
  standingsThrough: z.number().nullable(),
  winningPoints: z.number().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PoolView = z.infer<typeof poolView>;

/** One gameweek's points of an entry. */
export const poolGameweekScoreView = z.strictObject({ gameweek: z.number().int(), points: z.number().int() });
export type PoolGameweekScoreView = z.infer<typeof poolGameweekScoreView>;

export const poolParticipantView = z.strictObject({
  id: z.string(),
  username: z.string().nullable(),
  fplTeamId: z.number(),
  fplTeamName: z.string(),
  totalPoints: z.number(),
  /**
   * The entry's points per gameweek of the pool's window so far (issue #29), ascending by
   * gameweek: the gameweek's points minus its transfer cost (0 when the team had no entry); they
   * sum to totalPoints. Empty before the first standings that carry them (a pool not started yet,
   * or standings recorded before the breakdown was kept).
   */
  gameweekPoints: z.array(poolGameweekScoreView),
  payout: z.string().nullable(),
  isMe: z.boolean(),
});
export type PoolParticipantView = z.infer<typeof poolParticipantView>;

export const poolDetailView = z.strictObject({ pool: poolView, participants: z.array(poolParticipantView) });
export type PoolDetailView = z.infer<typeof poolDetailView>;
export const poolListView = z.strictObject({ pools: z.array(poolView) });
export type PoolListView = z.infer<typeof poolListView>;
/** 202 after a command whose pool the read models do not show yet. */
export const poolProcessing = processingBody({ poolId: z.string() });
export type PoolProcessing = z.infer<typeof poolProcessing>;

/** POST /api/fpl/pools: the settings, and optionally the creator's FPL team (then they join at once). */
export const createPoolBody = createPoolRequestSchema;
export type CreatePoolBody = z.input<typeof createPoolBody>;
/** POST …/join and …/join-by-code/:inviteCode. */
export const joinPoolBody = joinPoolSchema;
export type JoinPoolBody = z.input<typeof joinPoolBody>;

const poolParams = z.object({ poolId: uuid });
const codeParams = z.object({ inviteCode: z.string().max(20).transform((c) => c.trim().toUpperCase()) });

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export const poolsContract = {
  /** GET /api/fpl/pools — the pools I created or joined. */
  mine: { response: { 200: poolListView, ...refusals } },
  /** GET /api/fpl/pools/public — open public pools. */
  public: { response: { 200: poolListView, ...refusals } },
  /** GET /api/fpl/pools/:poolId — a pool and its leaderboard. */
  detail: { params: poolParams, response: { 200: poolDetailView, 202: poolProcessing, ...refusals } },
  /** GET /api/fpl/pools/join-by-code/:inviteCode — the invite link's page. */
  byCode: { params: codeParams, response: { 200: poolDetailView, ...refusals } },
  /** POST /api/fpl/pools */
  create: { body: createPoolBody, response: { 201: poolDetailView, 202: poolProcessing, ...refusals } },
  /** POST /api/fpl/pools/:poolId/join */
  join: { params: poolParams, body: joinPoolBody, response: { 200: poolDetailView, 202: poolProcessing, ...refusals } },
  /** POST /api/fpl/pools/join-by-code/:inviteCode */
  joinByCode: { params: codeParams, body: joinPoolBody, response: { 200: poolDetailView, 202: poolProcessing, ...refusals } },
  /** POST /api/fpl/pools/:poolId/cancel — by the creator, before the pool starts. */
  cancel: { params: poolParams, response: { 200: poolDetailView, 202: poolProcessing, ...refusals } },
};
