import Decimal from 'decimal.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { fee, formatAmount } from '../money/money.js';
import { assertBalanced } from '../ledger/postings.js';
import type { BetCommand } from './commands.js';
import type { BetEvent, BetPosting, BetRefund } from './events.js';
import { betMessages, disputeReasonText, normalisedChallengeSchema } from './rules.js';
import { APPEAL_CODES, appealMessages, appealMoneyPlan, fileAppealSchema } from './appeals.js';
import { TERMINAL_BET_STATUSES, type BetState, type ExistingBet } from './state.js';

type Command<T extends BetCommand['type']> = Extract<BetCommand, { type: T }>['data'];
/** The decider's only notion of time, from the command's metadata. */
type Now = Date;

/** docs/ledger.md: fee = round_half_up(stake × 0.02, 2), computed by the one `fee` of the money module. */
export function betFee(stake: string): string {
  return formatAmount(fee(stake));
}
/** What each player pays in: stake + fee. */
export function betCost(stake: string): string {
  return new Decimal(stake).plus(betFee(stake)).toFixed(2);
}
/** What the winner of a settled bet receives from its escrow: both stakes (the fees go to the platform). */
export function betPayout(stake: string): string {
  return new Decimal(stake).mul(2).toFixed(2);
}

export const betEscrowAccount = (betId: string, currency: string): string => `bet:${betId}:escrow:${currency}`;
export const platformFeesAccount = (currency: string): string => `platform:fees:${currency}`;

export function decide(command: BetCommand, state: BetState): BetEvent[] {
  switch (command.type) {
    case 'CreateBet':
      return create(command.data, command.metadata.now, state);
    case 'AcceptBet':
      return accept(command.data, command.metadata.now, state);
    case 'CancelBet':
      return cancel(command.data, command.metadata.now, state);
    case 'DeclineChallenge':
      return decline(command.data, command.metadata.now, state);
    case 'ExpireBet':
      return expire(command.data, command.metadata.now, state);
    case 'ReportResult':
      return report(command.data, command.metadata.now, state);
    case 'SettleUncontested':
      return settleUncontested(command.data, command.metadata.now, state);
    case 'VoidOverdueBet':
      return voidOverdue(command.data, command.metadata.now, state);
    case 'ResolveDispute':
      return resolve(command.data, command.metadata.now, state);
    case 'FileAppeal':
      return fileAppeal(command.data, command.metadata.now, state);
    case 'DecideAppeal':
      return decideAppeal(command.data, command.metadata.now, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown bet command ${JSON.stringify(unexpected)}`);
    }
  }
}

function create(c: Command<'CreateBet'>, now: Now, state: BetState): BetEvent[] {
  if (state.status !== 'none') throw new ConflictError(betMessages.betExists);
  // The API parsed it already; the decider re-checks so no other caller can skip a rule.
  const parsed = normalisedChallengeSchema.safeParse(c.challenge);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid challenge');
  const ch = parsed.data;
  if (ch.opponentId === c.challengerId) throw new ValidationError(betMessages.cannotChallengeSelf);
  const common = {
    betId: c.betId,
    challengerId: c.challengerId,
    invitedOpponentId: ch.opponentId,
    amount: ch.amount,
    feeAmount: betFee(ch.amount),
    currency: c.currency,
    visibility: ch.visibility,
    inviteLinkId: c.inviteLinkId,
    platformUsername: ch.platformUsername,
    matchRules: ch.matchRules,
    customRulesEnabled: ch.customRulesEnabled,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + c.pendingTtlMs).toISOString(),
  };
  const data = ch.gameType === 'fc25' ? { ...common, gameType: 'fc25' as const, rules: ch.rules } : { ...common, gameType: 'cod' as const, rules: ch.rules };
  return [{ type: 'BetCreated', data }];
}

function existing(state: BetState, message: string = betMessages.betNotFound): ExistingBet {
  if (!('bet' in state)) throw new NotFoundError(message);
  return state;
}

function accept(c: Command<'AcceptBet'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state, betMessages.challengeNotFound);
  // A repeat by the player who already holds the bet (a retry, or the reconciler finishing the saga) is a no-op.
  if (s.status !== 'pending' && s.opponentId === c.acceptorId) return [];
  if (s.bet.challengerId === c.acceptorId) throw new ForbiddenError(betMessages.cannotAcceptOwn);
  if (s.status === 'cancelled') throw new ConflictError(betMessages.challengeCancelled);
  if (s.status === 'expired') throw new ConflictError(betMessages.challengeExpired);
  if (s.status !== 'pending') throw new ConflictError(betMessages.challengeAlreadyAccepted);
  if (now.getTime() >= Date.parse(s.bet.expiresAt)) throw new ConflictError(betMessages.challengeExpired);
  if (s.bet.invitedOpponentId !== null && s.bet.invitedOpponentId !== c.acceptorId) throw new ForbiddenError(betMessages.challengeForAnotherPlayer);
  if (c.via === 'marketplace' && s.bet.visibility !== 'public' && s.bet.invitedOpponentId !== c.acceptorId) throw new NotFoundError(betMessages.challengeNotFound);
  return [
    {
      type: 'BetAccepted',
      data: { betId: s.bet.betId, opponentId: c.acceptorId, via: c.via, acceptedAt: now.toISOString(), deadlineAt: new Date(now.getTime() + c.playDeadlineMs).toISOString() },
    },
  ];
}

function refundsOf(s: ExistingBet): BetRefund[] {
  const amount = betCost(s.bet.amount);
  const players = s.opponentId ? [s.bet.challengerId, s.opponentId] : [s.bet.challengerId];
  return players.map((userId) => ({ userId, amount }));
}

function cancel(c: Command<'CancelBet'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state);
  if (s.bet.challengerId !== c.userId) throw new ForbiddenError(betMessages.onlyChallengerCancels);
  if (s.status === 'cancelled') return [];
  if (s.status !== 'pending') throw new ConflictError(betMessages.onlyPendingCancels);
  return [{ type: 'BetCancelled', data: { betId: s.bet.betId, cancelledBy: c.userId, refunds: refundsOf(s), cancelledAt: now.toISOString() } }];
}

/**
 * The invited opponent of a direct challenge turns it down: the challenge ends as cancelled
 * (by the opponent) and the challenger's stake and fee are refunded, as on a cancel.
 */
function decline(c: Command<'DeclineChallenge'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state);
  if (s.bet.invitedOpponentId !== c.userId) throw new ForbiddenError(betMessages.onlyInvitedDeclines);
  if (s.status === 'cancelled') return [];
  if (s.status !== 'pending') throw new ConflictError(betMessages.onlyPendingDeclines);
  return [{ type: 'BetCancelled', data: { betId: s.bet.betId, cancelledBy: c.userId, refunds: refundsOf(s), cancelledAt: now.toISOString() } }];
}

/** Scheduler commands answer "nothing to do" with no events rather than a refusal: they race with players. */
function expire(c: Command<'ExpireBet'>, now: Now, state: BetState): BetEvent[] {
  if (!('bet' in state) || state.status !== 'pending') return [];
  if (now.getTime() < Date.parse(state.bet.expiresAt)) return [];
  return [{ type: 'BetExpired', data: { betId: state.bet.betId, refunds: refundsOf(state), expiredAt: now.toISOString() } }];
}

function playersOf(s: ExistingBet): [string, string] | null {
  return s.opponentId ? [s.bet.challengerId, s.opponentId] : null;
}

function report(c: Command<'ReportResult'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state);
  const players = playersOf(s);
  if (!players?.includes(c.userId) && s.bet.challengerId !== c.userId) throw new ForbiddenError(betMessages.notParticipant);
  if (s.status !== 'accepted' || !players) throw new ConflictError(betMessages.resultNotAccepted);
  if (s.reports[c.userId]) throw new ConflictError(betMessages.resultAlreadyReported);
  const other = players[0] === c.userId ? players[1] : players[0];
  const otherReport = s.reports[other];
  if (!otherReport && s.deadlineAt && now.getTime() >= Date.parse(s.deadlineAt)) throw new ConflictError(betMessages.resultDeadlinePassed);
  // Past the contest window the lone report stands; a late counter-report cannot reopen it.
  if (otherReport && s.contestDeadlineAt && now.getTime() >= Date.parse(s.contestDeadlineAt)) throw new ConflictError(betMessages.resultDeadlinePassed);
  const at = now.toISOString();
  const reported: BetEvent = {
    type: 'BetResultReported',
    data: {
      betId: s.bet.betId,
      reporterId: c.userId,
      result: c.result,
      evidence: c.evidence,
      reportedAt: at,
      contestDeadlineAt: s.contestDeadlineAt ?? new Date(now.getTime() + c.contestWindowMs).toISOString(),
    },
  };
  if (!otherReport) return [reported];
  if (otherReport.result === c.result) {
    const reason = disputeReasonText[c.result === 'won' ? 'both_reported_win' : 'both_reported_loss'];
    return [reported, { type: 'BetDisputed', data: { betId: s.bet.betId, reason, disputedAt: at } }];
  }
  const winnerId = c.result === 'won' ? c.userId : other;
  return [reported, settled(s, winnerId, 'agreement', at)];
}

function settled(s: ExistingBet, winnerId: string, settledBy: 'agreement' | 'uncontested' | 'admin', at: string): BetEvent {
  const [challengerId, opponentId] = playersOf(s)!;
  const feeIncome = new Decimal(s.bet.feeAmount).mul(2).toFixed(2);
  const postings: BetPosting[] = [
    { account: betEscrowAccount(s.bet.betId, s.bet.currency), currency: s.bet.currency, amount: new Decimal(feeIncome).neg().toFixed(2) },
    { account: platformFeesAccount(s.bet.currency), currency: s.bet.currency, amount: feeIncome },
  ];
  assertBalanced(postings);
  return {
    type: 'BetSettled',
    data: {
      betId: s.bet.betId,
      winnerId,
      loserId: winnerId === challengerId ? opponentId : challengerId,
      currency: s.bet.currency,
      payoutAmount: betPayout(s.bet.amount),
      feeIncome,
      settledBy,
      postings,
      settledAt: at,
    },
  };
}

/** One player reported, the other stayed silent through the contest window: the report stands. */
function settleUncontested(c: Command<'SettleUncontested'>, now: Now, state: BetState): BetEvent[] {
  if (!('bet' in state) || state.status !== 'accepted' || !state.contestDeadlineAt) return [];
  const reporters = Object.keys(state.reports);
  if (reporters.length !== 1 || now.getTime() < Date.parse(state.contestDeadlineAt)) return [];
  const [challengerId, opponentId] = playersOf(state)!;
  const reporter = reporters[0]!;
  const other = reporter === challengerId ? opponentId : challengerId;
  const winnerId = state.reports[reporter]!.result === 'won' ? reporter : other;
  return [settled(state, winnerId, 'uncontested', now.toISOString())];
}

/** Accepted, nobody reported, the play deadline passed: void, both refunded. */
function voidOverdue(c: Command<'VoidOverdueBet'>, now: Now, state: BetState): BetEvent[] {
  if (!('bet' in state) || state.status !== 'accepted' || !state.deadlineAt) return [];
  if (Object.keys(state.reports).length > 0 || now.getTime() < Date.parse(state.deadlineAt)) return [];
  return [{ type: 'BetVoided', data: { betId: state.bet.betId, reason: 'no_result_by_deadline', refunds: refundsOf(state), voidedAt: now.toISOString() } }];
}

function resolve(c: Command<'ResolveDispute'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state);
  if (s.status !== 'disputed') throw new ConflictError(betMessages.onlyDisputedResolve);
  const players = playersOf(s)!;
  if (c.winnerId !== null && !players.includes(c.winnerId)) throw new ValidationError(betMessages.winnerNotPlayer);
  const at = now.toISOString();
  const resolved: BetEvent = { type: 'DisputeResolved', data: { betId: s.bet.betId, adminId: c.adminId, winnerId: c.winnerId, adminNotes: c.adminNotes, resolvedAt: at } };
  if (c.winnerId === null) return [resolved, { type: 'BetVoided', data: { betId: s.bet.betId, reason: 'admin', refunds: refundsOf(s), voidedAt: at } }];
  return [resolved, settled(s, c.winnerId, 'admin', at)];
}

/** A player appeals the admin's resolution: once per bet, within the appeal window after it. */
function fileAppeal(c: Command<'FileAppeal'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state);
  if (s.bet.challengerId !== c.userId && s.opponentId !== c.userId) throw new ForbiddenError(appealMessages.notPlayer, { code: APPEAL_CODES.notPlayer });
  if (!s.resolution) throw new ConflictError(appealMessages.notResolvedByAdmin, { code: APPEAL_CODES.notResolvedByAdmin });
  if (s.appeal) throw new ConflictError(appealMessages.alreadyAppealed, { code: APPEAL_CODES.alreadyAppealed });
  if (now.getTime() >= Date.parse(s.resolution.resolvedAt) + c.appealWindowMs) throw new ConflictError(appealMessages.windowClosed, { code: APPEAL_CODES.windowClosed });
  const parsed = fileAppealSchema.safeParse({ reason: c.reason });
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? appealMessages.reasonRequired);
  return [
    {
      type: 'AppealFiled',
      data: {
        betId: s.bet.betId,
        appellantId: c.userId,
        reason: parsed.data.reason,
        resolutionEventId: c.resolutionEventId,
        resolvedBy: s.resolution.adminId,
        originalWinnerId: s.resolution.winnerId,
        filedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * A second admin decides the open appeal: upheld (nothing moves) or overturned to another winner
 * or to a void. An overturn records its money plan, and the platform's part of it
 * (AppealFeesAdjusted) with it; the players' corrections are decided from the plan in the same
 * command (money-moves.ts) and appended in the same transaction.
 */
function decideAppeal(c: Command<'DecideAppeal'>, now: Now, state: BetState): BetEvent[] {
  const s = existing(state);
  const players = playersOf(s);
  if (!s.appeal || !s.resolution || !players) throw new ConflictError(appealMessages.noOpenAppeal, { code: APPEAL_CODES.noOpenAppeal });
  if (s.appeal.status !== 'open') throw new ConflictError(appealMessages.alreadyDecided, { code: APPEAL_CODES.alreadyDecided });
  if (c.adminId === s.resolution.adminId) throw new ForbiddenError(appealMessages.sameAdmin, { code: APPEAL_CODES.sameAdmin });
  if (players.includes(c.adminId)) throw new ForbiddenError(appealMessages.playerAdmin, { code: APPEAL_CODES.playerAdmin });
  const notes = c.notes.trim();
  if (notes.length === 0) throw new ValidationError(appealMessages.notesRequired);
  const from = s.resolution.winnerId;
  const to = c.outcome === 'upheld' ? from : c.winnerId;
  if (c.outcome === 'overturned') {
    if (to !== null && !players.includes(to)) throw new ValidationError(appealMessages.winnerNotPlayer, { code: APPEAL_CODES.winnerNotPlayer });
    if (to === from) throw new ValidationError(appealMessages.overturnUnchanged, { code: APPEAL_CODES.overturnUnchanged });
  }
  const plan = c.outcome === 'upheld' ? { adjustments: [], feeAdjustment: '0.00' } : appealMoneyPlan({ players, stake: s.bet.amount, fee: s.bet.feeAmount, from, to });
  const at = now.toISOString();
  const decided: BetEvent[] = [
    {
      type: 'AppealDecided',
      data: {
        betId: s.bet.betId,
        adminId: c.adminId,
        appellantId: s.appeal.appellantId,
        outcome: c.outcome,
        originalWinnerId: from,
        winnerId: to,
        notes,
        reversesEventId: s.appeal.resolutionEventId,
        currency: s.bet.currency,
        adjustments: plan.adjustments,
        feeAdjustment: plan.feeAdjustment,
        decidedAt: at,
      },
    },
  ];
  return [...decided, ...feesAdjusted(s, s.appeal.resolutionEventId, plan.feeAdjustment, at)];
}

/**
 * The platform's part of an overturn: fees given back to the escrow (a win becomes a void) or
 * taken from it (a void becomes a win). Nothing when the fees do not change.
 */
function feesAdjusted(s: ExistingBet, reversesEventId: string, feeAdjustment: string, at: string): BetEvent[] {
  const change = new Decimal(feeAdjustment);
  if (change.isZero()) return [];
  const postings: BetPosting[] = [
    { account: platformFeesAccount(s.bet.currency), currency: s.bet.currency, amount: change.toFixed(2) },
    { account: betEscrowAccount(s.bet.betId, s.bet.currency), currency: s.bet.currency, amount: change.neg().toFixed(2) },
  ];
  assertBalanced(postings);
  return [{ type: 'AppealFeesAdjusted', data: { betId: s.bet.betId, reversesEventId, feeAdjustment: change.toFixed(2), currency: s.bet.currency, postings, adjustedAt: at } }];
}

export function isTerminal(state: BetState): boolean {
  return state.status === 'abandoned' || ('bet' in state && TERMINAL_BET_STATUSES.includes(state.status));
}
