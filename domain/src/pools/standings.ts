/**
 * Pool scoring and the split of the pot, pure and exact (integers of kobo/cents, no floats).
 */
import { Money, formatAmount } from '../money/money.js';
import type { GameweekPoints, PoolPayout, PoolStanding } from './events.js';

/**
 * A team's points over the pool's window: each gameweek's points minus its transfer cost, for
 * gameweeks start..end only (a team that had no entry in a gameweek scores 0 for it).
 */
export function windowPoints(history: readonly GameweekPoints[], startGameweek: number, endGameweek: number): number {
  let total = 0;
  const seen = new Set<number>();
  for (const row of history) {
    if (row.event < startGameweek || row.event > endGameweek || seen.has(row.event)) continue;
    seen.add(row.event);
    total += row.points - row.event_transfers_cost;
  }
  return total;
}

/** Standings sorted by points descending, ties by ascending FPL team id (the order the pool shows). */
export function sortStandings(standings: readonly PoolStanding[]): PoolStanding[] {
  return [...standings].sort((a, b) => b.totalPoints - a.totalPoints || a.fplTeamId - b.fplTeamId);
}

/**
 * Splits the pot among the teams with the most points (POOL_TIE_RULE): each gets
 * floor(pot / k) in kobo; the r = pot mod k kobo left go one each to the first r winners in
 * ascending FPL team id. The payouts always sum to the pot exactly.
 */
export function splitPot(pot: string, standings: readonly PoolStanding[]): { winningPoints: number; payouts: PoolPayout[] } {
  const sorted = sortStandings(standings);
  const top = sorted[0];
  if (!top) return { winningPoints: 0, payouts: [] };
  const winners = sorted.filter((s) => s.totalPoints === top.totalPoints);
  const kobo = BigInt(new Money(pot).mul(100).toFixed(0));
  const k = BigInt(winners.length);
  const share = kobo / k;
  const remainder = Number(kobo % k);
  const payouts = winners
    .map((w, i) => ({ userId: w.userId, amount: formatAmount(new Money((share + (i < remainder ? 1n : 0n)).toString()).div(100)) }))
    .filter((p) => new Money(p.amount).gt(0));
  return { winningPoints: top.totalPoints, payouts };
}
