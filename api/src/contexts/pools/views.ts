import type { PoolParticipantView as ParticipantJson, PoolView as PoolJson } from '@wager/domain/contracts/pools';
import type { FplPoolRow, PoolParticipantView } from '@wager/projections/pools/index';

function totalCost(row: FplPoolRow): string {
  // Both are 2-decimal strings: add in cents, no floats.
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const sum = cents(row.entry_fee) + cents(row.fee_amount);
  return `${sum / 100n}.${String(sum % 100n).padStart(2, '0')}`;
}

export function poolView(row: FplPoolRow, viewer: { userId: string; isAdmin: boolean; hasJoined: boolean }): PoolJson {
  const isCreator = row.creator_id === viewer.userId;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    entryFee: row.entry_fee,
    feeAmount: row.fee_amount,
    totalCost: totalCost(row),
    currency: row.currency,
    potAmount: row.pot_amount,
    participantCount: row.participant_count,
    maxParticipants: row.max_participants,
    durationWeeks: row.duration_weeks,
    startGameweek: row.start_gameweek,
    endGameweek: row.end_gameweek,
    status: row.status,
    inviteCode: isCreator || viewer.hasJoined || viewer.isAdmin ? row.invite_code : null,
    isPrivate: row.is_private,
    isCreator,
    hasJoined: viewer.hasJoined,
    firstDeadlineAt: row.first_deadline_at.toISOString(),
    tieRule: row.tie_rule,
    standingsThrough: row.standings_through,
    winningPoints: row.winning_points,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at.toISOString(),
  };
}

export function participantView(p: PoolParticipantView, viewerId: string): ParticipantJson {
  return { id: p.id, username: p.username, fplTeamId: p.fpl_team_id, fplTeamName: p.fpl_team_name, totalPoints: p.total_points, gameweekPoints: p.gameweek_points.map((g) => ({ gameweek: g.gameweek, points: g.points })), payout: p.payout, isMe: p.user_id === viewerId };
}
