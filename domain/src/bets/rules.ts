/**
 * Validation rules of a challenge (the product spec's Create Challenge form) with the spec's exact messages.
 * Pure zod and plain data: the web app imports this file (`@wager/domain/bets/rules`), so it
 * must stay free of node-only imports.
 */
import { z } from 'zod';
import { amountSchema } from '../money/amount.js';

export const GAME_TYPES = ['fc25', 'cod'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const VISIBILITIES = ['private', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const BET_CURRENCIES = ['USD', 'EUR', 'GBP', 'NGN'] as const;
export type BetCurrency = (typeof BET_CURRENCIES)[number];

export const BET_AMOUNT_MIN = 10;
export const BET_AMOUNT_MAX = 10_000_000;
export const BET_AMOUNT_DEFAULT = 100;
export const PLATFORM_USERNAME_LENGTH_MAX = 50;
export const ADDITIONAL_TERMS_LENGTH_MAX = 500;
export const GOAL_HANDICAP_MIN = -5;
export const GOAL_HANDICAP_MAX = 5;
export const MATCH_DURATIONS = [30, 45, 90, 120] as const;
export const MATCH_DURATION_DEFAULT = 90;
export const KILL_HANDICAP_MIN = -20;
export const KILL_HANDICAP_MAX = 20;
export const ROUND_LIMIT_MIN = 1;
export const ROUND_LIMIT_MAX = 11;
export const ROUND_LIMIT_DEFAULT = 1;
export const TIME_LIMIT_MINUTES_MIN = 5;
export const TIME_LIMIT_MINUTES_MAX = 30;
export const TIME_LIMIT_MINUTES_DEFAULT = 10;
export const BANNED_WEAPONS_COUNT_MAX = 20;
export const WEAPON_NAME_LENGTH_MAX = 50;
/** A result may carry at most this many evidence files, each at most EVIDENCE_FILE_BYTES_MAX. */
export const EVIDENCE_FILES_MAX = 5;
export const EVIDENCE_FILE_BYTES_MAX = 10 * 1024 * 1024;
export const ADMIN_NOTES_LENGTH_MAX = 2000;

/** Spec section 9: the six FC25 game modes. */
export const FC25_GAME_MODES = ['Online Friendly', 'Head to Head', 'Kick Off', 'Online Seasons', 'FUT Champions', 'Division Rivals'] as const;
/** Spec section 9: the six COD modes; the default is team_deathmatch. */
export const COD_GAME_MODES = ['team_deathmatch', 'domination', 'search_destroy', 'hardpoint', 'control', 'gunfight'] as const;
export const COD_GAME_MODE_DEFAULT = 'team_deathmatch';

/** Spec section 9: 25 bannable teams, clubs and national teams (the spec leaves the names to us). */
export const BANNABLE_TEAMS = [
  'Real Madrid',
  'FC Barcelona',
  'Manchester City',
  'Liverpool',
  'Arsenal',
  'Manchester United',
  'Chelsea',
  'Tottenham Hotspur',
  'Bayern München',
  'Borussia Dortmund',
  'Bayer 04 Leverkusen',
  'Paris Saint-Germain',
  'Inter',
  'AC Milan',
  'Juventus',
  'Napoli',
  'Atlético de Madrid',
  'Al Nassr',
  'France',
  'England',
  'Spain',
  'Germany',
  'Portugal',
  'Brazil',
  'Argentina',
] as const;

/** The 11 quick-pick COD weapons of the rules dialog (custom weapon names are allowed too). */
export const COD_QUICK_PICK_WEAPONS = ['RPG-7', 'Riot Shield', 'Crossbow', 'Sniper Rifles', 'Shotguns', 'Launchers', 'Knife', 'Thermite', 'Semtex', 'Claymore', 'C4'] as const;

/** Amounts of the spec's amount-range filter, in USD, and the rates against USD (spec section 9). */
export const USD_RATES: Record<BetCurrency, string> = { USD: '1', NGN: '1600', EUR: '0.85', GBP: '0.75' };
export const AMOUNT_RANGES = ['low', 'medium', 'high'] as const;
export type AmountRange = (typeof AMOUNT_RANGES)[number];
export const AMOUNT_RANGE_LOW_BELOW_USD = 50;
export const AMOUNT_RANGE_HIGH_ABOVE_USD = 200;

export const betMessages = {
  amountRequired: 'Bet amount is required',
  amountMin: 'Minimum bet amount is 10',
  amountMax: 'Maximum bet amount is 10,000,000',
  amountDecimals: 'Amount can have maximum 2 decimal places',
  amountNotNumber: 'Bet amount must be a number',
  platformUsernameTooLong: 'Platform username too long',
  platformUsernameInvalid: 'Invalid characters in platform username',
  gameModeRequired: 'At least one game mode must be selected',
  gameModeUnknown: 'Unknown game mode',
  goalHandicapRange: 'Goal handicap must be a whole number between -5 and 5',
  matchDurationOptions: 'Match duration must be 30, 45, 90 or 120 minutes',
  additionalTermsTooLong: 'Additional terms can be at most 500 characters',
  bannedTeamUnknown: 'Banned teams must be chosen from the list',
  bannedTeamDuplicate: 'A team can be banned only once',
  killHandicapRange: 'Kill handicap must be a whole number between -20 and 20',
  roundLimitRange: 'Round limit must be a whole number between 1 and 11',
  timeLimitRange: 'Time limit must be between 5 and 30 minutes',
  codGameModeUnknown: 'Game mode must be one of team_deathmatch, domination, search_destroy, hardpoint, control, gunfight',
  weaponInvalid: 'Weapon names must be 1 to 50 characters',
  weaponDuplicate: 'A weapon can be banned only once',
  weaponsTooMany: 'At most 20 weapons can be banned',
  gameTypeInvalid: 'Game type must be fc25 or cod',
  visibilityInvalid: 'Visibility must be private or public',
  opponentInvalid: 'Opponent must be a user id',
  cannotChallengeSelf: 'You cannot challenge yourself',
  // Error catalogue (spec section 8).
  challengeNotFound: 'Challenge Not Found: This challenge link is invalid, expired, or has already been accepted.',
  challengeExpired: 'This challenge has expired',
  challengeAlreadyAccepted: 'This challenge has already been accepted',
  challengeCancelled: 'This challenge has been cancelled',
  cannotAcceptOwn: 'You cannot accept your own challenge',
  challengeForAnotherPlayer: 'This challenge was sent to another player',
  betNotFound: "Bet Not Found: The bet you're looking for doesn't exist or you don't have access to it.",
  onlyChallengerCancels: 'Only the challenger can cancel this challenge',
  onlyPendingCancels: 'Only pending challenges can be cancelled',
  onlyInvitedDeclines: 'Only the invited opponent can decline this challenge',
  onlyPendingDeclines: 'Only pending challenges can be declined',
  resultNotAccepted: 'Results can only be reported for an accepted bet',
  resultAlreadyReported: 'You have already reported a result for this bet',
  resultDeadlinePassed: 'The deadline for reporting a result on this bet has passed',
  resultInvalid: "Result must be 'won' or 'lost'",
  notParticipant: 'Only the players of this bet can do that',
  onlyDisputedResolve: 'Only disputed bets can be resolved',
  winnerNotPlayer: 'The winner must be one of the two players',
  adminNotesRequired: 'Resolution notes are required',
  betExists: 'This bet already exists',
  disputeBothWon: 'Both players reported a win',
  disputeBothLost: 'Both players reported a loss',
  evidenceTooMany: 'At most 5 evidence files can be uploaded',
  evidenceTooLarge: 'Each evidence file can be at most 10 MB',
  evidenceType: 'Evidence files must be images or videos',
  evidenceNotFound: 'Evidence not found',
  /** A multipart result form the parser could not read (no boundary, cut short, a malformed part). */
  formInvalid: 'The form could not be read: send it again',
} as const;

/**
 * Why the platform opened a dispute, as a stable code (the web app says it in the reader's
 * language). `BetDisputed` records the English sentence (`disputeReasonText`) and no code, so the
 * read side maps a recorded reason back to its code with `disputeReasonCode`: every reason the
 * decider has recorded is one of these sentences, and a text it does not know maps to null (shown
 * as it was recorded).
 */
export const DISPUTE_REASON_CODES = ['both_reported_win', 'both_reported_loss'] as const;
export type DisputeReasonCode = (typeof DISPUTE_REASON_CODES)[number];

export const disputeReasonText: Readonly<Record<DisputeReasonCode, string>> = {
  both_reported_win: betMessages.disputeBothWon,
  both_reported_loss: betMessages.disputeBothLost,
};

export function disputeReasonCode(reason: string | null | undefined): DisputeReasonCode | null {
  if (!reason) return null;
  return DISPUTE_REASON_CODES.find((code) => disputeReasonText[code] === reason) ?? null;
}

/**
 * The stake: the one amount rule (`amountSchema`: a decimal string or a number on the wire, a
 * normalised decimal string after parsing, "100" → "100.00") in the spec's words. Required: the
 * dialog's default of 100 is the dialog's, the server never supplies one.
 */
export const betAmountSchema = amountSchema({
  messages: { required: { message: betMessages.amountRequired }, invalid: { message: betMessages.amountNotNumber }, decimals: { message: betMessages.amountDecimals } },
  min: { amount: String(BET_AMOUNT_MIN), refusal: { message: betMessages.amountMin } },
  max: { amount: String(BET_AMOUNT_MAX), refusal: { message: betMessages.amountMax } },
});

export const platformUsernameSchema = z
  .string()
  .trim()
  .max(PLATFORM_USERNAME_LENGTH_MAX, betMessages.platformUsernameTooLong)
  .regex(/^[A-Za-z0-9_-]*$/, betMessages.platformUsernameInvalid);

const additionalTermsSchema = z.string().max(ADDITIONAL_TERMS_LENGTH_MAX, betMessages.additionalTermsTooLong);

function unique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

export const fc25RulesSchema = z.object({
  goalHandicap: z.number({ error: betMessages.goalHandicapRange }).int(betMessages.goalHandicapRange).min(GOAL_HANDICAP_MIN, betMessages.goalHandicapRange).max(GOAL_HANDICAP_MAX, betMessages.goalHandicapRange).default(0),
  matchDuration: z
    .number({ error: betMessages.matchDurationOptions })
    .refine((v) => (MATCH_DURATIONS as readonly number[]).includes(v), betMessages.matchDurationOptions)
    .default(MATCH_DURATION_DEFAULT),
  allowedGameModes: z
    .array(z.enum(FC25_GAME_MODES, { error: betMessages.gameModeUnknown }), { error: betMessages.gameModeRequired })
    .min(1, betMessages.gameModeRequired)
    .refine(unique, betMessages.gameModeUnknown)
    .default([...FC25_GAME_MODES]),
  bannedTeams: z
    .array(z.enum(BANNABLE_TEAMS, { error: betMessages.bannedTeamUnknown }), { error: betMessages.bannedTeamUnknown })
    .max(BANNABLE_TEAMS.length, betMessages.bannedTeamDuplicate)
    .refine(unique, betMessages.bannedTeamDuplicate)
    .default([]),
  additionalTerms: additionalTermsSchema.default(''),
  requiresVerification: z.boolean().default(false),
});
export type Fc25Rules = z.output<typeof fc25RulesSchema>;

export const codRulesSchema = z.object({
  killHandicap: z.number({ error: betMessages.killHandicapRange }).int(betMessages.killHandicapRange).min(KILL_HANDICAP_MIN, betMessages.killHandicapRange).max(KILL_HANDICAP_MAX, betMessages.killHandicapRange).default(0),
  roundLimit: z.number({ error: betMessages.roundLimitRange }).int(betMessages.roundLimitRange).min(ROUND_LIMIT_MIN, betMessages.roundLimitRange).max(ROUND_LIMIT_MAX, betMessages.roundLimitRange).default(ROUND_LIMIT_DEFAULT),
  timeLimit: z.number({ error: betMessages.timeLimitRange }).min(TIME_LIMIT_MINUTES_MIN, betMessages.timeLimitRange).max(TIME_LIMIT_MINUTES_MAX, betMessages.timeLimitRange).default(TIME_LIMIT_MINUTES_DEFAULT),
  gameMode: z.enum(COD_GAME_MODES, { error: betMessages.codGameModeUnknown }).default(COD_GAME_MODE_DEFAULT),
  bannedWeapons: z
    .array(z.string().trim().min(1, betMessages.weaponInvalid).max(WEAPON_NAME_LENGTH_MAX, betMessages.weaponInvalid), { error: betMessages.weaponInvalid })
    .max(BANNED_WEAPONS_COUNT_MAX, betMessages.weaponsTooMany)
    .refine(unique, betMessages.weaponDuplicate)
    .default([]),
  allowKillstreaks: z.boolean().default(true),
  additionalTerms: additionalTermsSchema.default(''),
  requiresVerification: z.boolean().default(false),
});
export type CodRules = z.output<typeof codRulesSchema>;

export const matchRulesSchema = z.object({
  noAiAssistance: z.boolean().default(true),
  standardLength: z.boolean().default(true),
  allowReplays: z.boolean().default(false),
});
export type MatchRules = z.output<typeof matchRulesSchema>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/bets (spec section 7): the rule fields of the chosen game sit flat beside the
 * common ones, as the dialog sends them. The output groups them under `rules`.
 */
export const createChallengeSchema = z
  .object({
    gameType: z.enum(GAME_TYPES, { error: betMessages.gameTypeInvalid }).default('fc25'),
    amount: betAmountSchema,
    opponentId: z
      .string({ error: betMessages.opponentInvalid })
      .regex(UUID_PATTERN, betMessages.opponentInvalid)
      .nullish()
      .or(z.literal('').transform(() => null)),
    visibility: z.enum(VISIBILITIES, { error: betMessages.visibilityInvalid }).default('private'),
    platformUsername: platformUsernameSchema.nullish(),
    matchRules: matchRulesSchema.default({ noAiAssistance: true, standardLength: true, allowReplays: false }),
    customRulesEnabled: z.boolean().default(false),
    // FC25 rule fields.
    goalHandicap: z.unknown().optional(),
    matchDuration: z.unknown().optional(),
    allowedGameModes: z.unknown().optional(),
    bannedTeams: z.unknown().optional(),
    // COD rule fields.
    killHandicap: z.unknown().optional(),
    roundLimit: z.unknown().optional(),
    timeLimit: z.unknown().optional(),
    gameMode: z.unknown().optional(),
    bannedWeapons: z.unknown().optional(),
    allowKillstreaks: z.unknown().optional(),
    // Both.
    additionalTerms: z.unknown().optional(),
    requiresVerification: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const ruleFields =
      input.gameType === 'fc25'
        ? pick(input, ['goalHandicap', 'matchDuration', 'allowedGameModes', 'bannedTeams', 'additionalTerms', 'requiresVerification'])
        : pick(input, ['killHandicap', 'roundLimit', 'timeLimit', 'gameMode', 'bannedWeapons', 'allowKillstreaks', 'additionalTerms', 'requiresVerification']);
    const parsed = input.gameType === 'fc25' ? fc25RulesSchema.safeParse(ruleFields) : codRulesSchema.safeParse(ruleFields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const platformUsername = input.platformUsername ? input.platformUsername : null;
    const base = {
      amount: input.amount,
      opponentId: input.opponentId ?? null,
      visibility: input.visibility,
      platformUsername,
      matchRules: input.matchRules,
      customRulesEnabled: input.customRulesEnabled,
    };
    return input.gameType === 'fc25'
      ? { ...base, gameType: 'fc25' as const, rules: parsed.data as Fc25Rules }
      : { ...base, gameType: 'cod' as const, rules: parsed.data as CodRules };
  });
export type CreateChallengeInput = z.input<typeof createChallengeSchema>;

/** The normalised challenge (the output above), re-checked by the decider so no caller can skip a rule. */
const normalisedBase = {
  amount: betAmountSchema,
  opponentId: z.string().regex(UUID_PATTERN, betMessages.opponentInvalid).nullable(),
  visibility: z.enum(VISIBILITIES, { error: betMessages.visibilityInvalid }),
  platformUsername: platformUsernameSchema.nullable(),
  matchRules: matchRulesSchema,
  customRulesEnabled: z.boolean(),
};
export const normalisedChallengeSchema = z.discriminatedUnion('gameType', [
  z.object({ ...normalisedBase, gameType: z.literal('fc25'), rules: fc25RulesSchema }),
  z.object({ ...normalisedBase, gameType: z.literal('cod'), rules: codRulesSchema }),
]);
export type CreateChallenge = z.output<typeof createChallengeSchema>;

export const betResultSchema = z.enum(['won', 'lost'], { error: betMessages.resultInvalid });
export type BetResult = z.output<typeof betResultSchema>;

export const resolveDisputeSchema = z.object({
  winnerId: z.string().regex(UUID_PATTERN, betMessages.winnerNotPlayer).nullable(),
  // An admin's money decision always carries its reason (spec section 6: the winner "with notes").
  adminNotes: z.string({ error: betMessages.adminNotesRequired }).trim().min(1, betMessages.adminNotesRequired).max(ADMIN_NOTES_LENGTH_MAX),
});

/** Spec section 9: 4 characters or fewer shown in full, otherwise first 2 and last 2 with stars between. */
export function maskPsnName(name: string | null | undefined): string | null {
  if (!name) return null;
  if (name.length <= 4) return name;
  return `${name.slice(0, 2)}${'*'.repeat(name.length - 4)}${name.slice(-2)}`;
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (object[k] !== undefined && object[k] !== null) out[k] = object[k];
  return out;
}
