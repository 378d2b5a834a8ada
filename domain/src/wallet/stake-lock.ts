/**
 * A stake lock decided as one part of a multi-stream decision (a bet's or a pool's command that
 * also moves the player's money, appended with it in one transaction). The wallet decides
 * nothing when the hold exists with this amount: only a stake still locked pays for the
 * transition (a lock left by a saga of an earlier release); a released or paid hold never does.
 */
import type { DomainError } from '../shared/errors.js';
import type { LockStake } from './commands.js';
import { walletDecider } from './decider.js';
import type { WalletEvent } from './events.js';
import type { WalletState } from './state.js';

/** What a stake lock needs besides the bet or pool: the player's time zone (daily limit) and the platform's default limit. */
export interface StakeTerms {
  readonly timeZone: string;
  readonly dailyLimit: string;
}

export function decideStakeLock(lock: LockStake['data'], now: Date, wallet: WalletState, holdOver: () => DomainError): WalletEvent[] {
  const events = walletDecider.decide({ type: 'LockStake', data: lock, metadata: { now } }, wallet);
  if (events.length === 0 && wallet.holds.get(lock.holdId)?.status !== 'locked') throw holdOver();
  return events;
}
