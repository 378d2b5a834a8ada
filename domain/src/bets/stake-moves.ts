/**
 * The bet commands that move money, decided over both streams they touch (docs/architecture.md,
 * "One command, one transaction"): creating a bet locks the challenger's stake + fee, accepting
 * one locks the acceptor's. Pure: a function of the bet's and the wallet's states, returning the
 * events of each; the API appends both in one transaction, so a bet without its stake, or a
 * stake locked for a bet that never was, cannot exist.
 */
import { ConflictError } from '../shared/errors.js';
import { decideStakeLock, type StakeTerms, type WalletEvent, type WalletState } from '../wallet/index.js';
import type { BetCommand } from './commands.js';
import { decide } from './decide.js';
import type { BetEvent } from './events.js';
import type { BetState } from './state.js';

export type { StakeTerms };

export interface StakeMove {
  readonly bet: BetEvent[];
  readonly wallet: WalletEvent[];
}

function lock(userId: string, betId: string, cost: { amount: string; feeAmount: string; currency: string }, terms: StakeTerms, now: Date, wallet: WalletState): WalletEvent[] {
  const data = { userId, holdId: betId, holdKind: 'bet' as const, stake: cost.amount, fee: cost.feeAmount, currency: cost.currency, timeZone: terms.timeZone, dailyLimit: terms.dailyLimit };
  return decideStakeLock(data, now, wallet, () => new ConflictError('Stake already locked for this hold'));
}

/** POST /api/bets: the bet (its rules decide first: a bad challenge is refused before any money looks) and the challenger's lock. */
export function decideCreateWithStake(command: Extract<BetCommand, { type: 'CreateBet' }>, terms: StakeTerms, states: { bet: BetState; wallet: WalletState }): StakeMove {
  const bet = decide(command, states.bet);
  const created = bet.find((e) => e.type === 'BetCreated');
  if (!created || created.type !== 'BetCreated') return { bet, wallet: [] };
  return { bet, wallet: lock(command.data.challengerId, command.data.betId, created.data, terms, command.metadata.now, states.wallet) };
}

/** Accept by invite or join from the marketplace: the acceptance and the acceptor's lock, or neither. */
export function decideAcceptWithStake(command: Extract<BetCommand, { type: 'AcceptBet' }>, terms: StakeTerms, states: { bet: BetState; wallet: WalletState }): StakeMove {
  const bet = decide(command, states.bet);
  // A repeat by the player who holds the bet decides nothing on either stream.
  if (bet.length === 0 || !('bet' in states.bet)) return { bet, wallet: [] };
  return { bet, wallet: lock(command.data.acceptorId, command.data.betId, states.bet.bet, terms, command.metadata.now, states.wallet) };
}
