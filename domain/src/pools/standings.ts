/**
 * Pool scoring and the split of the pot, pure and exact (integers of kobo/cents, no floats).
 */
import { Money, formatAmount } from '../money/money.js';
import type { GameweekPoints, PoolGameweekScore, PoolPayout, PoolStanding } from './events.js';

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

/**
 * A team's points per gameweek of start..end, ascending, the way windowPoints counts them (each
 * gameweek once, its points minus its transfer cost; 0 for a gameweek the team has no row for):
 * they always sum to windowPoints over the same window.
 */
export function gameweekScores(history: readonly GameweekPoints[], startGameweek: number, endGameweek: number): PoolGameweekScore[] {
  const scores: PoolGameweekScore[] = [];
  for (let gameweek = startGameweek; gameweek <= endGameweek; gameweek++) {
    const row = history.find((h) => h.event === gameweek);
    scores.push({ gameweek, points: row ? row.points - row.event_transfers_cost : 0 });
  }
  return scores;
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
