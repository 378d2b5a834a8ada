import * as contract from '@wager/domain/contracts/bets';
import { formatAmount } from '@wager/domain/money/index';
import { disputeReasonCode } from '@wager/domain/bets/index';
import type { BetRow } from '@wager/projections/bets/bets.table';
import type { UserSummary } from '@wager/projections/bets/queries';

/** The schemas are the bets contract's; these names stay for the context's other files. */
export const userSummaryJson = contract.userSummary;
export const appealJson = contract.appealView;
export type AppealJson = contract.AppealView;

function appealView(row: BetRow, showAdminNotes: boolean): AppealJson | null {
  if (!row.appeal_status || !row.appellant_id || !row.appealed_at) return null;
  return {
    status: row.appeal_status as AppealJson['status'],
    appellantId: row.appellant_id,
    reason: row.appeal_reason ?? '',
    filedAt: row.appealed_at.toISOString(),
    decidedBy: row.appeal_decided_by,
    decidedAt: row.appeal_decided_at ? row.appeal_decided_at.toISOString() : null,
    ...(showAdminNotes ? { notes: row.appeal_notes, resolvedBy: row.resolved_by } : {}),
  };
}

export const betJson = contract.betView;
export type BetJson = contract.BetView;

/**
 * `beingPlayed`: the bet's tracked match is being played now; an accepted bet then shows as
 * `in_progress` ("Live"). A status of the read side only: the bet's stream, its decider and its
 * money know only `accepted` (docs/api/bets.md, "Bet states").
 */
export function betView(row: BetRow, users: Map<string, UserSummary>, options: { showInviteLink: boolean; showAdminNotes?: boolean; beingPlayed?: boolean }): BetJson {
  const evidence = (userId: string | null, files: BetRow['challenger_evidence']) =>
    userId ? files.map((f) => ({ userId, ...f, url: `/api/bets/${row.id}/evidence/${f.sha256}` })) : [];
  return {
    id: row.id,
    gameType: row.game_type,
    amount: formatAmount(row.amount),
    feeAmount: formatAmount(row.fee_amount),
    currency: row.currency,
    status: row.status === 'accepted' && options.beingPlayed ? 'in_progress' : row.status,
    challengerId: row.challenger_id,
    opponentId: row.opponent_id,
    challenger: users.get(row.challenger_id) ?? null,
    opponent: row.opponent_id ? (users.get(row.opponent_id) ?? null) : null,
    actualWinner: row.actual_winner,
    challengerResult: row.challenger_result,
    opponentResult: row.opponent_result,
    resultEvidence: [...evidence(row.challenger_id, row.challenger_evidence), ...evidence(row.opponent_id, row.opponent_evidence)],
    disputeReason: row.dispute_reason,
    disputeReasonCode: disputeReasonCode(row.dispute_reason),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    acceptedAt: row.accepted_at ? row.accepted_at.toISOString() : null,
    settledAt: row.settled_at ? row.settled_at.toISOString() : null,
    ...(options.showInviteLink ? { inviteLinkId: row.invite_link_id } : {}),
    visibility: row.visibility,
    platformUsername: row.platform_username,
    matchRules: row.match_rules,
    customRulesEnabled: row.custom_rules_enabled,
    settledBy: row.settled_by,
    voidReason: row.void_reason,
    ...(options.showAdminNotes ? { adminNotes: row.admin_notes } : {}),
    appealDeadlineAt: row.appeal_deadline_at ? row.appeal_deadline_at.toISOString() : null,
    appeal: appealView(row, options.showAdminNotes === true),
    ...ruleFieldsOf(row),
  };
}

export function participants(row: BetRow): string[] {
  return row.opponent_id ? [row.challenger_id, row.opponent_id] : [row.challenger_id];
}

/** The bet's rule fields as stored (the game's own, flat); the contract describes each one. */
export function ruleFieldsOf(row: Pick<BetRow, 'rules'>): contract.RuleFields {
  return row.rules as contract.RuleFields;
}
