/**
 * Validation rules of an FPL pool (the product spec's Create Pool form) with the spec's exact
 * messages. Pure zod and plain data: the web app imports this file (`@wager/domain/pools/rules`),
 * so it must stay free of node-only imports.
 */
import { z } from 'zod';
import { amountSchema } from '../money/amount.js';

export const POOL_NAME_LENGTH_MAX = 100;
export const POOL_DESCRIPTION_LENGTH_MAX = 500;
export const POOL_ENTRY_FEE_MIN = '0.01';
/** Far above any pool we expect; keeps amounts inside numeric(20,2). */
export const POOL_ENTRY_FEE_MAX = 10_000_000;
export const POOL_PARTICIPANTS_MIN = 2;
export const POOL_PARTICIPANTS_MAX = 50;
export const POOL_DURATION_WEEKS_MIN = 1;
export const POOL_DURATION_WEEKS_MAX = 8;
export const GAMEWEEK_MIN = 1;
export const GAMEWEEK_MAX = 38;
/** Spec section 9 defaults. */
export const POOL_DEFAULTS = { entryFee: '5.00', maxParticipants: 10, durationWeeks: 2, startGameweek: 1, isPrivate: false } as const;
/** A pool needs at least this many entries at its first deadline, or it is cancelled and refunded. */
export const POOL_MIN_TO_START = 2;
/** FPL team ids are positive integers; this bounds the input. */
export const FPL_TEAM_ID_MAX = 100_000_000;
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{8}$/;

/**
 * The tie rule every pool uses (shown on the pool): the pot is split equally among the teams
 * with the most points; the kobo that cannot be split go one each to the tied teams in
 * ascending FPL team id (the lower id first, as FPL's own last tie-break ranks them).
 */
export const POOL_TIE_RULE = 'split_equally_remainder_to_lower_fpl_id' as const;
export type PoolTieRule = typeof POOL_TIE_RULE;

export const poolMessages = {
  nameRequired: 'Pool name is required',
  nameTooLong: 'Pool name can be at most 100 characters',
  descriptionTooLong: 'Description can be at most 500 characters',
  entryFeeRequired: 'Entry fee is required',
  entryFeeInvalid: 'Entry fee must be a number',
  entryFeeMin: 'Minimum entry fee is 0.01',
  entryFeeMax: 'Maximum entry fee is 10,000,000',
  entryFeeDecimals: 'Entry fee can have maximum 2 decimal places',
  maxParticipantsRange: 'Max participants must be a whole number between 2 and 50',
  durationRange: 'Duration must be a whole number of weeks between 1 and 8',
  startGameweekRange: 'Start gameweek must be a whole number between 1 and 38',
  poolPastSeason: 'The pool must end by gameweek 38',
  startGameweekStarted: 'That gameweek has already started',
  fplTeamIdRequired: 'FPL Team ID is required',
  fplTeamIdInvalid: 'FPL Team ID must be a positive whole number',
  fplTeamNotFound: 'FPL team not found: check the FPL Team ID',
  poolNotFound: 'Pool not found',
  poolExists: 'This pool already exists',
  poolNotOpen: 'This pool is no longer open',
  poolFull: 'This pool is full',
  deadlinePassed: 'This pool has started: joining closed at the first gameweek deadline',
  alreadyJoined: 'You have already joined this pool',
  teamAlreadyEntered: 'This FPL team is already in this pool',
  onlyCreatorCancels: 'Only the creator can cancel this pool',
  onlyOpenCancels: 'Only a pool that has not started can be cancelled',
  notYetFinished: 'The pool cannot be settled before its last gameweek is finished and checked',
  standingsMissing: 'Standings are missing for a participant',
  entryReleased: 'Your entry to this pool was refunded; you cannot join it again',
  inviteCodeNotFound: 'Invite code not found',
} as const;

/**
 * The entry fee: the one amount rule (`amountSchema`, "5" → "5.00") in the spec's words.
 * Required ('Entry fee is required'): the form's default of 5 is the form's, never the server's.
 */
export const entryFeeSchema = amountSchema({
  messages: { required: { message: poolMessages.entryFeeRequired }, invalid: { message: poolMessages.entryFeeInvalid }, decimals: { message: poolMessages.entryFeeDecimals } },
  min: { amount: '0.01', refusal: { message: poolMessages.entryFeeMin } },
  max: { amount: String(POOL_ENTRY_FEE_MAX), refusal: { message: poolMessages.entryFeeMax } },
});

function wholeInRange(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** An FPL team id: a positive integer, given as a number or digits. */
export const fplTeamIdSchema = z
  .union([z.string(), z.number()], { error: poolMessages.fplTeamIdRequired })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .superRefine((v, ctx) => {
    if (v === '') return void ctx.addIssue({ code: 'custom', message: poolMessages.fplTeamIdRequired });
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1 || Number(v) > FPL_TEAM_ID_MAX) ctx.addIssue({ code: 'custom', message: poolMessages.fplTeamIdInvalid });
  })
  .transform((v) => Number(v));

const poolSettingsShape = {
  name: z.string({ error: poolMessages.nameRequired }).trim().min(1, poolMessages.nameRequired).max(POOL_NAME_LENGTH_MAX, poolMessages.nameTooLong),
  description: z.string().trim().max(POOL_DESCRIPTION_LENGTH_MAX, poolMessages.descriptionTooLong).nullish().transform((v) => (v ? v : null)),
  entryFee: entryFeeSchema,
  maxParticipants: wholeInRange(POOL_PARTICIPANTS_MIN, POOL_PARTICIPANTS_MAX, poolMessages.maxParticipantsRange).default(POOL_DEFAULTS.maxParticipants),
  durationWeeks: wholeInRange(POOL_DURATION_WEEKS_MIN, POOL_DURATION_WEEKS_MAX, poolMessages.durationRange).default(POOL_DEFAULTS.durationWeeks),
  startGameweek: wholeInRange(GAMEWEEK_MIN, GAMEWEEK_MAX, poolMessages.startGameweekRange).default(POOL_DEFAULTS.startGameweek),
  isPrivate: z.boolean().default(POOL_DEFAULTS.isPrivate),
};

function endsInSeason(v: { startGameweek: number; durationWeeks: number }, ctx: z.RefinementCtx): void {
  if (v.startGameweek + v.durationWeeks - 1 > GAMEWEEK_MAX) ctx.addIssue({ code: 'custom', path: ['durationWeeks'], message: poolMessages.poolPastSeason });
}

export const createPoolSchema = z.object(poolSettingsShape).superRefine(endsInSeason);

/** POST /api/fpl/pools: the settings, and optionally the creator's FPL team (then they join at once). */
export const createPoolRequestSchema = z
  .object({ ...poolSettingsShape, fplTeamId: z.preprocess((v) => (v === '' || v === null ? undefined : v), fplTeamIdSchema.optional()) })
  .superRefine(endsInSeason);
export type CreatePoolInput = z.input<typeof createPoolSchema>;
export type PoolSettings = z.output<typeof createPoolSchema>;

export const joinPoolSchema = z.object({ fplTeamId: fplTeamIdSchema }, { error: poolMessages.fplTeamIdRequired });

/** The last gameweek a pool counts: start + duration − 1. */
export function endGameweekOf(startGameweek: number, durationWeeks: number): number {
  return startGameweek + durationWeeks - 1;
}
