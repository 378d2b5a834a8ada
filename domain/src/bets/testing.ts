/**
 * Test support for the bets decider: random steps and the commands they stand for, shared by the
 * decider's and the sagas' property tests.
 */
import fc from 'fast-check';
import type { AcceptVia } from './events.js';
import type { BetCommand } from './commands.js';

const H = 3600_000;

export const betStepArb = fc.record({
  kind: fc.constantFrom('accept', 'cancel', 'decline', 'expire', 'report', 'settle', 'void', 'resolve'),
  user: fc.integer({ min: 0, max: 3 }),
  result: fc.constantFrom('won' as const, 'lost' as const),
  hours: fc.integer({ min: 0, max: 30 }),
  winner: fc.integer({ min: -1, max: 3 }),
});
export type BetStep = typeof betStepArb extends fc.Arbitrary<infer T> ? T : never;

/** The command a random step stands for, by `users[step.user]` at `now`. */
export function betCommandOf(step: BetStep, context: { betId: string; users: readonly string[]; now: Date; via: AcceptVia }): BetCommand {
  const { betId, now } = context;
  const userId = context.users[step.user % context.users.length]!;
  const metadata = { now };
  switch (step.kind) {
    case 'accept':
      return { type: 'AcceptBet', data: { betId, acceptorId: userId, via: context.via, playDeadlineMs: 24 * H }, metadata };
    case 'cancel':
      return { type: 'CancelBet', data: { betId, userId }, metadata };
    case 'decline':
      return { type: 'DeclineChallenge', data: { betId, userId }, metadata };
    case 'expire':
      return { type: 'ExpireBet', data: { betId }, metadata };
    case 'report':
      return { type: 'ReportResult', data: { betId, userId, result: step.result, evidence: [], contestWindowMs: 24 * H }, metadata };
    case 'settle':
      return { type: 'SettleUncontested', data: { betId }, metadata };
    case 'void':
      return { type: 'VoidOverdueBet', data: { betId }, metadata };
    default: {
      const winnerId = step.winner < 0 ? null : context.users[step.winner % context.users.length]!;
      return { type: 'ResolveDispute', data: { betId, adminId: 'admin', winnerId, adminNotes: '' }, metadata };
    }
  }
}
