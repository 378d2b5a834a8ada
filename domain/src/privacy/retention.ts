/**
 * Retention (docs/architecture.md, "Retention"): which bets' evidence files and chat may be
 * deleted. A bet's evidence and chat are kept while they may still decide money: until the bet
 * has ended (a terminal status), for `retentionMs` after its last event, and for as long as a
 * dispute or an appeal is open, which includes an admin's resolution still inside its appeal
 * window that nobody appealed yet. Pure: the job asks the read model and this decides.
 */
import { TERMINAL_BET_STATUSES, type BetStatus } from '../bets/state.js';

export const DAY_MS = 86_400_000;

export interface RetentionFacts {
  readonly status: BetStatus | string;
  /** When the bet reached its current state (its last event). */
  readonly endedAt: Date;
  /** The appeal's status: null (none filed), `open`, or decided. */
  readonly appealStatus: string | null;
  /** Until when an admin's resolution may be appealed; null when there was no resolution. */
  readonly appealDeadlineAt: Date | null;
}

/** Whether an appeal is open or may still be filed at `now`. */
export function appealOpen(facts: RetentionFacts, now: Date): boolean {
  if (facts.appealStatus === 'open') return true;
  return facts.appealStatus === null && facts.appealDeadlineAt !== null && facts.appealDeadlineAt.getTime() > now.getTime();
}

/** Whether the bet's evidence files and chat are due for deletion at `now`. */
export function retentionDue(facts: RetentionFacts, now: Date, retentionMs: number): boolean {
  if (!(TERMINAL_BET_STATUSES as readonly string[]).includes(facts.status)) return false;
  if (appealOpen(facts, now)) return false;
  return facts.endedAt.getTime() + retentionMs <= now.getTime();
}
