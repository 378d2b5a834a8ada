/**
 * The bet transitions that move money after the stake locks, decided over every stream they
 * touch (docs/architecture.md, "One command, one transaction"): settlement (the winner's payout
 * from the escrow; the fees are the BetSettled event's own postings), refunds (cancel, decline,
 * expire, void: each paid-in player's stake + fee back) and an appeal's overturn (each player's
 * correction and the platform's fee change). Pure: a function of the bet's and the players'
 * wallets' states, returning the events of each stream; the API appends them all in one
 * transaction, so a bet is never over without its money moved, and money never moves for a
 * transition that was not recorded.
 *
 * The wallet events are the wallet decider's own (ReleaseStake, CreditPayout, AdjustForAppeal),
 * decided on the wallet states read; a wallet refusal refuses the whole command.
 */
import { ConflictError } from '../shared/errors.js';
import { walletDecider, type WalletCommand, type WalletEvent, type WalletState } from '../wallet/index.js';
import type { BetCommand } from './commands.js';
import { decide } from './decide.js';
import type { BetEvent } from './events.js';
import { appealMoneyPlan } from './appeals.js';
import type { BetState } from './state.js';

/**
 * The wallets the caller read (or their order) are not the ones the bet it decides on needs: it
 * named them from an older state of the bet. Nothing was decided; the caller reads the bet
 * again and retries.
 */
export class UnreadWalletError extends ConflictError {
  constructor(userIds: string, command: string) {
    super(`The wallets of ${userIds} were not read (in this order) for ${command}`);
  }
}

/** The events of one bet command on each stream: the bet's, and each player's wallet's by user id. */
export interface BetMoneyMove {
  readonly bet: BetEvent[];
  readonly wallets: Readonly<Record<string, WalletEvent[]>>;
}

/**
 * The wallets a bet command may write, in the order their events go into the log: `before` the
 * bet's events (an overturn's debits, which fill the reopened escrow), `after` them (refunds,
 * the payout, an overturn's credits). So the escrow never goes below zero on the way and drains
 * to exactly zero (the audit checks it after every event). From the bet's state as read: the
 * players of a bet never change once it is accepted, and a pending bet moves only the
 * challenger's money.
 */
export function walletsOfBetCommand(command: BetCommand, state: BetState): { before: string[]; after: string[] } {
  if (!('bet' in state)) return { before: [], after: [] };
  const players = state.opponentId ? [state.bet.challengerId, state.opponentId] : [state.bet.challengerId];
  if (command.type !== 'DecideAppeal' || command.data.outcome !== 'overturned' || !state.resolution || !state.opponentId) return { before: [], after: players };
  const plan = appealMoneyPlan({ players: [state.bet.challengerId, state.opponentId], stake: state.bet.amount, fee: state.bet.feeAmount, from: state.resolution.winnerId, to: command.data.winnerId });
  const debited = new Set(plan.adjustments.filter((a) => a.amount.startsWith('-')).map((a) => a.userId));
  return { before: players.filter((p) => debited.has(p)), after: players.filter((p) => !debited.has(p)) };
}

/** The wallet commands that one recorded bet event orders, in their order (debits before credits). */
export function walletCommandsOf(event: BetEvent, now: Date): WalletCommand[] {
  const metadata = { now };
  switch (event.type) {
    case 'BetCancelled':
    case 'BetExpired':
    case 'BetVoided':
      return event.data.refunds.map((refund) => ({ type: 'ReleaseStake' as const, data: { userId: refund.userId, holdId: event.data.betId, reason: event.type }, metadata }));
    case 'BetSettled': {
      const d = event.data;
      return [{ type: 'CreditPayout', data: { userId: d.winnerId, holdId: d.betId, holdKind: 'bet', amount: d.payoutAmount, currency: d.currency }, metadata }];
    }
    case 'AppealDecided': {
      const d = event.data;
      if (d.outcome !== 'overturned') return [];
      const ordered = [...d.adjustments.filter((a) => a.amount.startsWith('-')), ...d.adjustments.filter((a) => !a.amount.startsWith('-'))];
      return ordered.map((a) => ({ type: 'AdjustForAppeal' as const, data: { userId: a.userId, holdId: d.betId, holdKind: 'bet' as const, amount: a.amount, currency: d.currency, reversesEventId: d.reversesEventId }, metadata }));
    }
    default:
      return [];
  }
}

/**
 * Decides a bet command and the money it moves, over the bet's and the players' wallets' states.
 * A repeat (the bet decides nothing) moves nothing. A wallet the decision needs but was not read
 * refuses it (UnreadWalletError): walletsOfBetCommand on the bet's current state names every
 * wallet a command can write, so only a caller that named them from an older state meets it.
 */
export function decideBetWithMoney(command: BetCommand, states: { bet: BetState; wallets: Readonly<Record<string, WalletState>> }): BetMoneyMove {
  const bet = decide(command, states.bet);
  const current: Record<string, WalletState> = { ...states.wallets };
  const wallets: Record<string, WalletEvent[]> = {};
  for (const event of bet) {
    for (const walletCommand of walletCommandsOf(event, command.metadata.now)) {
      const userId = walletCommand.data.userId;
      const state = current[userId];
      if (!state) throw new UnreadWalletError(userId, command.type);
      const events = walletDecider.decide(walletCommand, state) as WalletEvent[];
      current[userId] = events.reduce(walletDecider.evolve, state);
      wallets[userId] = [...(wallets[userId] ?? []), ...events];
    }
  }
  return { bet, wallets };
}
