import { z } from 'zod';
import { formatAmount } from '@wager/domain/money/index';
import type { BetRow } from '@wager/projections/bets/bets.table';
import type { UserSummary } from '@wager/projections/bets/queries';

export const userSummaryJson = z.object({
  id: z.string(),
  username: z.string(),
  psnUsername: z.string().nullable(),
  activisionId: z.string().nullable(),
  isPsnVerified: z.boolean(),
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
});

const evidenceJson = z.object({ userId: z.string(), sha256: z.string(), contentType: z.string(), sizeBytes: z.number(), filename: z.string(), url: z.string() });

/** The bet's appeal (issue 23); the decision's notes and who resolved the dispute are for admins only, like the resolution's notes. */
export const appealJson = z.object({
  status: z.enum(['open', 'upheld', 'overturned']),
  appellantId: z.string(),
  reason: z.string(),
  filedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  notes: z.string().nullable().optional(),
  resolvedBy: z.string().nullable().optional(),
});
export type AppealJson = z.infer<typeof appealJson>;

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

/** Spec section 3's Bet, with the FC25 or COD rule fields flat beside the common ones. */
export const betJson = z
  .object({
    id: z.string(),
    gameType: z.string(),
    amount: z.string(),
    feeAmount: z.string(),
    currency: z.string(),
    status: z.string(),
    challengerId: z.string(),
    opponentId: z.string().nullable(),
    challenger: userSummaryJson.nullable(),
    opponent: userSummaryJson.nullable(),
    actualWinner: z.string().nullable(),
    challengerResult: z.string().nullable(),
    opponentResult: z.string().nullable(),
    resultEvidence: z.array(evidenceJson),
    disputeReason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    settledAt: z.string().nullable(),
    inviteLinkId: z.string().optional(),
    visibility: z.string(),
    platformUsername: z.string().nullable(),
    matchRules: z.record(z.string(), z.boolean()),
    customRulesEnabled: z.boolean(),
    settledBy: z.string().nullable(),
    voidReason: z.string().nullable(),
    adminNotes: z.string().nullable().optional(),
    /** Until when the admin's resolution may be appealed (null: no admin resolution). */
    appealDeadlineAt: z.string().nullable(),
    appeal: appealJson.nullable(),
  })
  .catchall(z.unknown());
export type BetJson = z.infer<typeof betJson>;

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
    ...row.rules,
  };
}

export function participants(row: BetRow): string[] {
  return row.opponent_id ? [row.challenger_id, row.opponent_id] : [row.challenger_id];
}
