/**
 * Appeals of an admin's dispute resolution (issue 23): the rules, the messages and the money plan
 * of an overturn. Pure: no clock, no ids (both arrive in commands).
 *
 * One appeal per bet: either player may file it, once, within APPEAL_WINDOW_MS of the resolution;
 * an admin other than the one who resolved the dispute decides it, once, and that decision is
 * final. A bet has one outcome, so one review of it: letting each player appeal in turn would let
 * the loser of an overturn appeal the appeal.
 */
import Decimal from 'decimal.js';
import { z } from 'zod';

/** How long after the resolution a player may appeal it. */
export const APPEAL_WINDOW_MS = 48 * 3600_000;
export const APPEAL_REASON_LENGTH_MIN = 10;
export const APPEAL_REASON_LENGTH_MAX = 1000;
export const APPEAL_NOTES_LENGTH_MAX = 2000;

export const APPEAL_OUTCOMES = ['upheld', 'overturned'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export type AppealStatus = 'open' | AppealOutcome;

/** The refusals, with their stable codes (the web app words them in the reader's language). */
export const appealMessages = {
  reasonRequired: 'Please give a reason for your appeal (at least 10 characters)',
  reasonTooLong: 'An appeal reason can be at most 1000 characters',
  notesRequired: 'Decision notes are required',
  notesTooLong: 'Decision notes can be at most 2000 characters',
  outcomeInvalid: "Outcome must be 'upheld' or 'overturned'",
  notPlayer: 'Only the players of this bet can appeal it',
  notResolvedByAdmin: 'Only a bet resolved by an admin can be appealed',
  alreadyAppealed: 'This resolution has already been appealed',
  windowClosed: 'The 48-hour window to appeal this resolution has closed',
  noOpenAppeal: 'There is no open appeal on this bet',
  alreadyDecided: 'This appeal has already been decided',
  sameAdmin: 'An appeal must be decided by a different admin than the one who resolved the dispute',
  playerAdmin: 'An admin who played in this bet cannot decide its appeal',
  overturnUnchanged: 'An overturn must change the outcome',
  winnerNotPlayer: 'The winner must be one of the two players',
} as const;

export const APPEAL_CODES = {
  notPlayer: 'appeal_not_player',
  notResolvedByAdmin: 'appeal_not_resolved_by_admin',
  alreadyAppealed: 'appeal_already_filed',
  windowClosed: 'appeal_window_closed',
  noOpenAppeal: 'appeal_not_open',
  alreadyDecided: 'appeal_already_decided',
  sameAdmin: 'same_admin',
  playerAdmin: 'appeal_admin_is_player',
  overturnUnchanged: 'appeal_outcome_unchanged',
  winnerNotPlayer: 'appeal_winner_not_player',
} as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileAppealSchema = z.object({
  reason: z
    .string({ error: appealMessages.reasonRequired })
    .trim()
    .min(APPEAL_REASON_LENGTH_MIN, appealMessages.reasonRequired)
    .max(APPEAL_REASON_LENGTH_MAX, appealMessages.reasonTooLong),
});
export type FileAppealInput = z.output<typeof fileAppealSchema>;

/** `winnerId` names the new outcome of an overturn (a player, or null for void); an upheld appeal names none. */
export const decideAppealSchema = z
  .object({
    outcome: z.enum(APPEAL_OUTCOMES, { error: appealMessages.outcomeInvalid }),
    winnerId: z.string().regex(UUID_PATTERN, appealMessages.winnerNotPlayer).nullable().optional(),
    notes: z.string({ error: appealMessages.notesRequired }).trim().min(1, appealMessages.notesRequired).max(APPEAL_NOTES_LENGTH_MAX, appealMessages.notesTooLong),
  })
  .strict();
export type DecideAppealInput = z.output<typeof decideAppealSchema>;

/** One player's net money change of an overturn: negative is taken from them, positive paid to them. */
export interface AppealAdjustment {
  readonly userId: string;
  readonly amount: string;
}

/** What an overturn moves: each player's net adjustment and the platform's fee change, all signed. */
export interface AppealMoneyPlan {
  readonly adjustments: AppealAdjustment[];
  /** Signed change of `platform:fees`: +2·fee when a void becomes a win, −2·fee when a win becomes a void, else 0. */
  readonly feeAdjustment: string;
}

/** A player's net result of a bet's outcome: the winner +(stake − fee), the loser −(stake + fee), a void 0. */
function netOf(userId: string, winnerId: string | null, stake: Decimal, fee: Decimal): Decimal {
  if (winnerId === null) return new Decimal(0);
  return userId === winnerId ? stake.minus(fee) : stake.plus(fee).neg();
}
function feesOf(winnerId: string | null, fee: Decimal): Decimal {
  return winnerId === null ? new Decimal(0) : fee.mul(2);
}

/**
 * The compensating money of an overturn from `from` to `to` (a winner's id or null for void):
 * each player moves by the difference between the new outcome's net and the original's (the
 * reversal of the original settlement and the new outcome in one posting per player, so nobody
 * is taken more than the correction), and the platform gives back or takes the fees. Adjustments
 * plus the fee change sum to zero: the bet's escrow, reopened by the correction, drains to zero.
 */
export function appealMoneyPlan(input: { players: readonly [string, string]; stake: string; fee: string; from: string | null; to: string | null }): AppealMoneyPlan {
  const stake = new Decimal(input.stake);
  const fee = new Decimal(input.fee);
  const adjustments = input.players
    .map((userId) => ({ userId, amount: netOf(userId, input.to, stake, fee).minus(netOf(userId, input.from, stake, fee)) }))
    .filter((a) => !a.amount.isZero())
    .map((a) => ({ userId: a.userId, amount: a.amount.toFixed(2) }));
  return { adjustments, feeAdjustment: feesOf(input.to, fee).minus(feesOf(input.from, fee)).toFixed(2) };
}

/**
 * What the winner of an overturn receives from the bet's escrow (its payout, as BetSettled's
 * `payoutAmount` records for a settlement), read back from the overturn's money plan: from a
 * void, the winner moves +(stake − fee) and the loser −(stake + fee), so the payout (2·stake) is
 * their difference; from the other player's win, +2·stake and −2·stake, so it is half of it.
 * Read models use it for an overturned bet instead of computing a payout rule of their own.
 */
export function overturnPayout(decision: { originalWinnerId: string | null; winnerId: string | null; adjustments: readonly AppealAdjustment[] }): string | null {
  if (decision.winnerId === null) return null;
  const amountOf = (userId: string | undefined) => new Decimal(decision.adjustments.find((a) => a.userId === userId)?.amount ?? 0);
  const loserId = decision.adjustments.find((a) => a.userId !== decision.winnerId)?.userId;
  const spread = amountOf(decision.winnerId).minus(amountOf(loserId));
  return (decision.originalWinnerId === null ? spread : spread.div(2)).toFixed(2);
}
