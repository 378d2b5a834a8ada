/**
 * The bets context's contract (docs/architecture.md, "One contract"): what each route under
 * `/api/bets`, `/api/challenges`, `/api/admin/bets` and `/api/admin/appeals` takes and answers.
 * The API's routes declare these schemas (Fastify validates requests and serializes answers with
 * them, OpenAPI is generated from them) and the web app's query functions are typed by them.
 * Response objects are strict: an answer with a field not described here fails its request.
 */
import { z } from 'zod';
import {
  AMOUNT_RANGES,
  BET_CURRENCIES,
  DISPUTE_REASON_CODES,
  GAME_TYPES,
  betMessages,
  betResultSchema,
  createChallengeSchema,
  resolveDisputeSchema,
} from '../bets/rules.js';
import { decideAppealSchema, fileAppealSchema } from '../bets/appeals.js';
import { id, isoTime, moneyString, stillProcessing, uuid } from './common.js';
import { escrowProof } from './wallet.js';

// ---- Shared pieces -------------------------------------------------------------------------

/** A player as a bet shows them (spec section 3). */
export const userSummary = z.strictObject({
  id,
  username: z.string(),
  psnUsername: z.string().nullable(),
  activisionId: z.string().nullable(),
  isPsnVerified: z.boolean(),
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
});
export type UserSummary = z.infer<typeof userSummary>;

/** A result's evidence file; `url` is served to whoever may see the bet. */
export const evidenceFile = z.strictObject({ userId: id, sha256: z.string(), contentType: z.string(), sizeBytes: z.number(), filename: z.string(), url: z.string() });
export type EvidenceFileView = z.infer<typeof evidenceFile>;

export const APPEAL_VIEW_STATUSES = ['open', 'upheld', 'overturned'] as const;

/** The bet's appeal (issue 23); the decision's notes and who resolved the dispute are for admins only, like the resolution's notes. */
export const appealView = z.strictObject({
  status: z.enum(APPEAL_VIEW_STATUSES),
  appellantId: id,
  reason: z.string(),
  filedAt: isoTime,
  decidedBy: id.nullable(),
  decidedAt: isoTime.nullable(),
  notes: z.string().nullable().optional(),
  resolvedBy: id.nullable().optional(),
});
export type AppealView = z.infer<typeof appealView>;

/**
 * The rule fields of the bet's game, flat beside the common ones as the create dialog sends them
 * (FC25: goalHandicap … bannedTeams; COD: killHandicap … allowKillstreaks; both: the rest). Each
 * is optional: a bet carries the fields of its own game only.
 */
export const ruleFields = {
  goalHandicap: z.number().optional(),
  matchDuration: z.number().optional(),
  allowedGameModes: z.array(z.string()).optional(),
  bannedTeams: z.array(z.string()).optional(),
  killHandicap: z.number().optional(),
  roundLimit: z.number().optional(),
  timeLimit: z.number().optional(),
  gameMode: z.string().optional(),
  bannedWeapons: z.array(z.string()).optional(),
  allowKillstreaks: z.boolean().optional(),
  additionalTerms: z.string().optional(),
  requiresVerification: z.boolean().optional(),
};
export type RuleFields = z.infer<z.ZodObject<typeof ruleFields>>;

/**
 * A bet's state as the read side shows it. `in_progress`: an accepted bet whose tracked match is
 * being played now (the bet's stream knows only `accepted`; docs/api/bets.md, "Bet states").
 */
export const BET_VIEW_STATUSES = ['pending', 'accepted', 'in_progress', 'completed', 'disputed', 'cancelled', 'expired', 'voided'] as const;
export type BetViewStatus = (typeof BET_VIEW_STATUSES)[number];

/** Spec section 3's Bet, with the FC25 or COD rule fields flat beside the common ones. */
export const betView = z.strictObject({
  id,
  gameType: z.string(),
  amount: moneyString,
  feeAmount: moneyString,
  currency: z.string(),
  /** One of BET_VIEW_STATUSES. */
  status: z.string(),
  challengerId: id,
  opponentId: id.nullable(),
  challenger: userSummary.nullable(),
  opponent: userSummary.nullable(),
  actualWinner: id.nullable(),
  challengerResult: z.string().nullable(),
  opponentResult: z.string().nullable(),
  resultEvidence: z.array(evidenceFile),
  /** The English reason, for API clients that show it as it is. */
  disputeReason: z.string().nullable(),
  /** The reason as a code the apps say in the reader's language; null with no dispute or a reason the platform has no code for. */
  disputeReasonCode: z.enum(DISPUTE_REASON_CODES).nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  expiresAt: isoTime,
  acceptedAt: isoTime.nullable(),
  settledAt: isoTime.nullable(),
  /** The caller's own bets, an invitation, and admins only. */
  inviteLinkId: z.string().optional(),
  visibility: z.string(),
  platformUsername: z.string().nullable(),
  matchRules: z.record(z.string(), z.boolean()),
  customRulesEnabled: z.boolean(),
  settledBy: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** Admins only. */
  adminNotes: z.string().nullable().optional(),
  /** Until when the admin's resolution may be appealed (null: no admin resolution). */
  appealDeadlineAt: isoTime.nullable(),
  appeal: appealView.nullable(),
  ...ruleFields,
});
export type BetView = z.infer<typeof betView>;

export const betParams = z.object({ betId: uuid });

// ---- POST /api/bets ------------------------------------------------------------------------

/** The body: the create dialog's fields (the domain's rules and messages). */
export const createBetBody = createChallengeSchema;
export type CreateBetInput = z.input<typeof createBetBody>;
export const createBetResponse = z.strictObject({ bet: betView, shareableLink: z.string() });
export type CreateBetResponse = z.infer<typeof createBetResponse>;
/** 202: the bet is stored, the read models are behind; its ids are known. */
export const createBetProcessing = stillProcessing;

// ---- POST /api/challenges/accept/:inviteLinkId, /api/challenges/join/:challengeId ----------

export const INVITE_LINK_ID_LENGTH_MAX = 100;
export const inviteParams = z.object({ inviteLinkId: z.string().max(INVITE_LINK_ID_LENGTH_MAX) });
export const joinParams = z.object({ challengeId: uuid });
export const acceptResponse = z.strictObject({ bet: betView, message: z.string() });
export type AcceptResponse = z.infer<typeof acceptResponse>;

// ---- POST /api/bets/:betId/result ----------------------------------------------------------

/** JSON `{ result }`, or multipart with a `result` field and evidence files (read by the route, not by a schema). */
export const reportResultBody = z.object({ result: betResultSchema });
export type ReportResultInput = z.input<typeof reportResultBody>;
export const evidenceParams = z.object({ betId: uuid, sha256: z.string().regex(/^[0-9a-f]{64}$/, betMessages.evidenceNotFound) });

// ---- GET /api/bets -------------------------------------------------------------------------

/** The My Matches filters (spec section 2): see docs/api/bets.md for what each tab holds. */
export const BET_LIST_FILTERS = ['active', 'pending', 'created', 'completed', 'closed', 'disputed'] as const;
export type BetListFilter = (typeof BET_LIST_FILTERS)[number];
export const betListQuery = z.object({ status: z.enum(BET_LIST_FILTERS).optional() });
export const betList = z.array(betView);

// ---- GET /api/challenges/public, GET /api/challenges/:inviteLinkId --------------------------

export const PUBLIC_CHALLENGES_PAGE_SIZE_DEFAULT = 20;
export const PUBLIC_CHALLENGES_PAGE_SIZE_MAX = 50;
export const SEARCH_LENGTH_MAX = 50;
/** `''` and `'all'` mean no filter (the marketplace's selects send them). */
const allOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().or(z.literal('').transform(() => undefined)).or(z.literal('all').transform(() => undefined));
export const publicChallengesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(PUBLIC_CHALLENGES_PAGE_SIZE_MAX).default(PUBLIC_CHALLENGES_PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(SEARCH_LENGTH_MAX).optional(),
  currency: allOr(BET_CURRENCIES),
  gameType: allOr(GAME_TYPES),
  amountRange: allOr(AMOUNT_RANGES),
});
export type PublicChallengesQuery = z.input<typeof publicChallengesQuery>;

export const publicChallenge = z.strictObject({
  id,
  gameType: z.string(),
  amount: moneyString,
  feeAmount: moneyString,
  /** What a player who joins is charged (stake + fee): the figure the join confirmation shows. */
  totalCost: moneyString,
  currency: z.string(),
  challengerId: id,
  challengerUsername: z.string(),
  challengerPsnUsername: z.string().nullable(),
  expiresAt: isoTime,
  createdAt: isoTime,
  platformUsername: z.string().nullable(),
  customRulesEnabled: z.boolean(),
  ...ruleFields,
});
export type PublicChallenge = z.infer<typeof publicChallenge>;
export const publicChallengesResponse = z.strictObject({ challenges: z.array(publicChallenge), totalPages: z.number() });
export type PublicChallengesResponse = z.infer<typeof publicChallengesResponse>;

export const inviteResponse = z.strictObject({ bet: betView });
export type InviteResponse = z.infer<typeof inviteResponse>;

// ---- GET /api/bets/:betId/details ----------------------------------------------------------

/** The bet's steps a person reads as its history (wallet steps show in the money section). */
export const TIMELINE_TYPES = ['BetCreated', 'BetAccepted', 'BetResultReported', 'BetDisputed', 'DisputeResolved', 'BetSettled', 'BetVoided', 'BetCancelled', 'BetExpired', 'AppealFiled', 'AppealDecided'] as const;

export const timelineEntry = z.strictObject({
  type: z.string(),
  at: isoTime,
  actorId: id.nullable(),
  result: z.string().nullable(),
  reason: z.string().nullable(),
  winnerId: id.nullable(),
  evidence: z.array(z.strictObject({ sha256: z.string(), contentType: z.string(), filename: z.string(), url: z.string() })),
});
export type BetTimelineEntry = z.infer<typeof timelineEntry>;
const moneyLine = z.strictObject({ userId: id, amount: moneyString, at: isoTime });
const stakeLine = z.strictObject({ userId: id, stake: moneyString, fee: moneyString, total: moneyString, at: isoTime });
export const FEES_STATUSES = ['held', 'charged', 'refunded'] as const;
export const betMoney = z.strictObject({
  currency: z.string(),
  stakes: z.array(stakeLine),
  /** What the escrow holds (or held) for the match: the stakes locked. */
  escrow: moneyString,
  fees: moneyString,
  /** `held` while in escrow, `charged` once a settlement took them as platform income, `refunded` when the refunds gave them back with the stakes. */
  feesStatus: z.enum(FEES_STATUSES),
  payout: moneyLine.nullable(),
  refunds: z.array(moneyLine),
  /** An overturned appeal's corrections: signed (taken back negative, paid positive); `owed` is what the balance could not cover. */
  appealAdjustments: z.array(z.strictObject({ userId: id, amount: moneyString, owed: moneyString, at: isoTime })),
  postings: z.array(z.strictObject({ eventType: z.string(), at: isoTime, account: z.string(), currency: z.string(), amount: moneyString })),
});
export type BetMoney = z.infer<typeof betMoney>;
/** The admin's decision on a dispute, as the players read it: who resolved it, when, for whom, and the notes. */
export const betResolution = z.strictObject({
  resolvedBy: z.strictObject({ id, username: z.string().nullable() }),
  resolvedAt: isoTime,
  winnerId: id.nullable(),
  adminNotes: z.string(),
});
export type BetResolution = z.infer<typeof betResolution>;
export const betDetails = z.strictObject({ bet: betView, timeline: z.array(timelineEntry), money: betMoney, resolution: betResolution.nullable() });
export type BetDetails = z.infer<typeof betDetails>;

// ---- GET /api/bets/:betId/ledger -----------------------------------------------------------

export const betLedger = escrowProof.extend({ betId: id });
export const betLedgerParams = betParams;
export type BetLedger = z.infer<typeof betLedger>;

// ---- Appeals: POST /api/bets/:betId/appeal, GET /api/admin/appeals, POST …/decide ----------

export const fileAppealBody = fileAppealSchema;
export type FileAppealBody = z.input<typeof fileAppealBody>;
export const fileAppealResponse = z.strictObject({ bet: betView });
export type FileAppealResponse = z.infer<typeof fileAppealResponse>;
export const APPEAL_QUEUE_STATUSES = ['open', 'decided'] as const;
export type AppealQueueStatus = (typeof APPEAL_QUEUE_STATUSES)[number];
export const appealQueueQuery = z.object({ status: z.enum(APPEAL_QUEUE_STATUSES).default('open') });
export const appealQueue = z.array(betView);
export const decideAppealBody = decideAppealSchema;
export type DecideAppealBody = z.input<typeof decideAppealBody>;

// ---- Admin dispute desk: GET /api/admin/bets/disputed, PUT /api/admin/bets/:betId/resolve ---

/** The queue, oldest dispute first, each with when it opened. */
export const disputedBet = betView.extend({ disputedAt: isoTime });
export type DisputedBet = z.infer<typeof disputedBet>;
export const disputedBets = z.array(disputedBet);
export const resolveDisputeBody = resolveDisputeSchema;
export type ResolveDisputeBody = z.input<typeof resolveDisputeBody>;
