import { payoutReviewReasons } from './payout-policy.js';
import { ConflictError, NotFoundError, assert } from '../shared/errors.js';
import { Money, ZERO, formatAmount } from '../money/money.js';
import { assertBalanced, reverse, transfer, type Posting } from '../ledger/postings.js';
import { externalCrypto, externalPaystack, externalWithdrawals, holdEscrow, userAvailable, userCrypto, userReceivable } from '../ledger/accounts.js';
import type {
  CancelWithdrawal,
  ClearWithdrawalKyc,
  CompleteWithdrawal,
  CreditCryptoDeposit,
  CreditDeposit,
  CreditPayout,
  AdjustForAppeal,
  LockStake,
  MarkWithdrawalSubmitted,
  ReleaseStake,
  RejectWithdrawalKyc,
  RequestWithdrawal,
  WalletCommand,
} from './commands.js';
import type { HoldKind, WalletEvent } from './events.js';
import { availableBalance, type WalletState } from './state.js';
import { dayInTimeZone } from './day.js';
import { isSaferPlayCommand } from './limits-events.js';
import { decideSaferPlay, assertNotExcluded } from './limits-decide.js';
import { limitInForce } from './limits.js';
import { decideBankWithdrawal, isBankWithdrawalCommand } from './bank-withdrawal.js';
import { decideBankTransferAttention, isBankTransferAttentionCommand } from './bank-transfer-attention.js';
import { DailyLimitExceededError, InsufficientBalanceError, InsufficientCryptoBalanceError, WithdrawalNotPendingError } from './errors.js';

/** A positive amount with at most `decimals` places: callers parse user input first, so anything else is a bug. */
function positive(value: string, what: string, decimals = 2): Money {
  const amount = new Money(value);
  assert(amount.gt(0) && amount.decimalPlaces() <= decimals, `${what} must be a positive amount with at most ${decimals} decimals (got ${value})`);
  return amount;
}

function balanced(postings: Posting[]): Posting[] {
  assertBalanced(postings);
  return postings;
}

/** The wallet decider (`wallet-<userId>`): one small function per command. */
export function decide(command: WalletCommand, state: WalletState): WalletEvent[] {
  if (isSaferPlayCommand(command)) return decideSaferPlay(command, state.safer);
  if (isBankWithdrawalCommand(command)) return decideBankWithdrawal(command, state);
  if (isBankTransferAttentionCommand(command)) return decideBankTransferAttention(command, state);
  switch (command.type) {
    case 'CreditDeposit':
      return creditDeposit(command.data, command.metadata.now, state);
    case 'CreditCryptoDeposit':
      return creditCryptoDeposit(command.data, command.metadata.now, state);
    case 'RequestWithdrawal':
      return requestWithdrawal(command.data, command.metadata.now, state);
    case 'ClearWithdrawalKyc':
      return clearWithdrawalKyc(command.data, command.metadata.now, state);
    case 'MarkWithdrawalSubmitted':
      return markWithdrawalSubmitted(command.data, command.metadata.now, state);
    case 'CompleteWithdrawal':
      return completeWithdrawal(command.data, command.metadata.now, state);
    case 'CancelWithdrawal':
      return cancelWithdrawal(command.data, command.metadata.now, state);
    case 'LockStake':
      return lockStake(command.data, command.metadata.now, state);
    case 'ReleaseStake':
      return releaseStake(command.data, command.metadata.now, state);
    case 'CreditPayout':
      return creditPayout(command.data, command.metadata.now, state);
    case 'AdjustForAppeal':
      return adjustForAppeal(command.data, command.metadata.now, state);
    case 'RejectWithdrawalKyc':
      return rejectWithdrawalKyc(command.data, command.metadata.now, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown wallet command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Which credit a collection is taken from (ReceivableCollectedData without its amounts). */
type CollectedFrom =
  | { readonly source: 'deposit'; readonly depositId: string }
  | { readonly source: 'payout'; readonly holdKind: HoldKind; readonly holdId: string; readonly payoutId: string }
  | { readonly source: 'appeal_credit'; readonly holdKind: HoldKind; readonly holdId: string };

/**
 * What an appeal's clawback left owed in this currency, taken back from a credit the user has just
 * received (docs/ledger.md, "Collecting it"): min(owed, credit) from the available balance to the
 * receivable, decided on the state before the credit and returned after it, so the credit and its
 * collection are one decision and one append. Nothing when nothing is owed. The available balance
 * never goes below zero: it has just received at least what is collected.
 */
function collectReceivable(state: WalletState, userId: string, currency: string, credit: Money, from: CollectedFrom, now: Date): WalletEvent[] {
  const owed = state.receivable?.[currency] ?? ZERO;
  if (!owed.gt(0)) return [];
  const collected = Money.min(owed, credit);
  return [
    {
      type: 'ReceivableCollected',
      data: {
        userId,
        currency,
        amount: formatAmount(collected),
        ...from,
        stillOwed: formatAmount(owed.minus(collected)),
        postings: balanced(transfer(userAvailable(userId, currency), userReceivable(userId, currency), currency, collected)),
        collectedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * A deposit is credited once: a second credit of the same deposit decides nothing. When the user
 * owes from an appeal's clawback (receivable), the same decision takes it back from this deposit,
 * up to the deposit (docs/ledger.md, "Appeals"): the credit and the collection are one append.
 */
function creditDeposit(c: CreditDeposit['data'], now: Date, state: WalletState): WalletEvent[] {
  if (state.deposits.has(c.depositId)) return [];
  const amount = positive(c.amount, 'deposit amount');
  const postings = balanced(transfer(externalPaystack(c.currency), userAvailable(c.userId, c.currency), c.currency, amount));
  const credited: WalletEvent = {
    type: 'DepositCredited',
    data: { userId: c.userId, depositId: c.depositId, provider: c.provider, reference: c.reference, amount: formatAmount(amount), currency: c.currency, postings, creditedAt: now.toISOString() },
  };
  return [credited, ...collectReceivable(state, c.userId, c.currency, amount, { source: 'deposit', depositId: c.depositId }, now)];
}

function creditCryptoDeposit(c: CreditCryptoDeposit['data'], now: Date, state: WalletState): WalletEvent[] {
  if (state.deposits.has(c.depositId)) return [];
  const usd = positive(c.usdAmount, 'usd amount');
  positive(c.cryptoAmount, 'crypto amount', 8);
  const postings = balanced(transfer(externalCrypto(), userCrypto(c.userId), 'USD', usd));
  return [
    {
      type: 'CryptoDepositCredited',
      data: {
        userId: c.userId,
        depositId: c.depositId,
        cryptocurrency: c.cryptocurrency,
        network: c.network,
        cryptoAmount: c.cryptoAmount,
        rate: c.rate,
        usdAmount: formatAmount(usd),
        postings,
        creditedAt: now.toISOString(),
      },
    },
  ];
}

/** Holds the withdrawal's USD value at once, so it can never be spent twice. */
function requestWithdrawal(c: RequestWithdrawal['data'], now: Date, state: WalletState): WalletEvent[] {
  if (state.withdrawals[c.withdrawalId]) return [];
  const usd = positive(c.usdAmount, 'usd amount');
  if (state.crypto.lt(usd)) throw new InsufficientCryptoBalanceError({ needed: formatAmount(usd), balance: formatAmount(state.crypto), currency: 'USD' });
  const postings = balanced(transfer(userCrypto(c.userId), externalWithdrawals(), 'USD', usd));
  // The same rules as bank payouts, the tier in USD (the crypto balance's unit), totals from this stream.
  const past = Object.values(state.withdrawals).map((w) => ({ amount: w.usdAmount, requestedAt: w.requestedAt ?? new Date(0).toISOString(), returned: w.status === 'cancelled' }));
  const reviewReasons = payoutReviewReasons({ amount: usd, now, policy: c.policy, facts: c.facts, past });
  return [
    {
      type: 'WithdrawalRequested',
      data: {
        userId: c.userId,
        withdrawalId: c.withdrawalId,
        cryptocurrency: c.cryptocurrency,
        network: c.network,
        cryptoAmount: c.cryptoAmount,
        withdrawalAddress: c.withdrawalAddress,
        rate: c.rate,
        usdAmount: formatAmount(usd),
        requiresKyc: reviewReasons.includes('unverified'),
        kycStatus: reviewReasons.length > 0 ? 'pending' : 'not_required',
        reviewReasons,
        postings,
        requestedAt: now.toISOString(),
      },
    },
  ];
}

function withdrawalOf(state: WalletState, withdrawalId: string) {
  const withdrawal = state.withdrawals[withdrawalId];
  if (!withdrawal) throw new NotFoundError('Withdrawal not found');
  return withdrawal;
}

function clearWithdrawalKyc(c: ClearWithdrawalKyc['data'], now: Date, state: WalletState): WalletEvent[] {
  const w = withdrawalOf(state, c.withdrawalId);
  if (w.kycStatus !== 'pending') return [];
  if (w.status !== 'pending') throw new WithdrawalNotPendingError(w.status);
  return [{ type: 'WithdrawalKycCleared', data: { userId: c.userId, withdrawalId: c.withdrawalId, clearedBy: c.clearedBy, clearedAt: now.toISOString() } }];
}

function markWithdrawalSubmitted(c: MarkWithdrawalSubmitted['data'], now: Date, state: WalletState): WalletEvent[] {
  const w = withdrawalOf(state, c.withdrawalId);
  if (w.status !== 'pending') return [];
  if (w.kycStatus === 'pending') throw new ConflictError('Withdrawal is waiting for KYC');
  return [{ type: 'WithdrawalSubmitted', data: { userId: c.userId, withdrawalId: c.withdrawalId, providerReference: c.providerReference, submittedAt: now.toISOString() } }];
}

/** Completion moves nothing: the hold already sits in external:withdrawals. */
function completeWithdrawal(c: CompleteWithdrawal['data'], now: Date, state: WalletState): WalletEvent[] {
  const w = withdrawalOf(state, c.withdrawalId);
  if (w.status === 'completed') return [];
  if (w.status === 'cancelled') throw new ConflictError('Withdrawal was cancelled');
  return [{ type: 'WithdrawalCompleted', data: { userId: c.userId, withdrawalId: c.withdrawalId, txHash: c.txHash, completedAt: now.toISOString() } }];
}

/**
 * KYC refused: only while the withdrawal still waits for KYC (never once it may have reached the
 * provider), decided on the stream so an approval and a rejection cannot both win.
 */
function rejectWithdrawalKyc(c: RejectWithdrawalKyc['data'], now: Date, state: WalletState): WalletEvent[] {
  const w = withdrawalOf(state, c.withdrawalId);
  if (w.status === 'cancelled' && w.kycStatus === 'pending') return [];
  if (w.kycStatus !== 'pending') throw new ConflictError('Withdrawal is not waiting for KYC', { code: 'withdrawal_kyc_not_pending', params: { kycStatus: w.kycStatus } });
  if (w.status !== 'pending') throw new WithdrawalNotPendingError(w.status);
  return cancelWithdrawal({ userId: c.userId, withdrawalId: c.withdrawalId, reason: 'kyc_rejected' }, now, state);
}

/** Cancellation returns the hold to the crypto balance. */
function cancelWithdrawal(c: CancelWithdrawal['data'], now: Date, state: WalletState): WalletEvent[] {
  const w = withdrawalOf(state, c.withdrawalId);
  if (w.status === 'cancelled') return [];
  if (w.status === 'completed') throw new ConflictError('Withdrawal was completed');
  const postings = balanced(reverse(transfer(userCrypto(c.userId), externalWithdrawals(), 'USD', w.usdAmount)));
  return [
    {
      type: 'WithdrawalCancelled',
      data: { userId: c.userId, withdrawalId: c.withdrawalId, reason: c.reason, usdAmount: formatAmount(w.usdAmount), postings, cancelledAt: now.toISOString() },
    },
  ];
}

/**
 * Moves stake + fee from the available balance into the bet's (or pool's) escrow. Refused when
 * the balance would go below zero, or when today's stakes (the user's own calendar day) plus
 * this one would pass the daily limit. Locking the same hold again decides nothing.
 */
function lockStake(c: LockStake['data'], now: Date, state: WalletState): WalletEvent[] {
  const existing = state.holds.get(c.holdId);
  if (!existing) assertNotExcluded(state.safer, now, 'stake');
  const stake = positive(c.stake, 'stake');
  const feeAmount = new Money(c.fee);
  assert(feeAmount.gte(0) && feeAmount.decimalPlaces() <= 2, `fee must be a non-negative 2-decimal amount (got ${c.fee})`);
  const total = stake.plus(feeAmount);
  if (existing) {
    if (existing.total.eq(total) && existing.currency === c.currency) return [];
    throw new ConflictError('Stake already locked for this hold');
  }
  const balance = availableBalance(state, c.currency);
  if (balance.lt(total)) {
    throw new InsufficientBalanceError({ needed: formatAmount(total), fee: formatAmount(feeAmount), balance: formatAmount(balance), currency: c.currency });
  }
  const spentDay = dayInTimeZone(now, c.timeZone);
  const spentToday = state.spent && state.spent.day === spentDay ? state.spent.amount : ZERO;
  // The player's own stake limit when set (limits.ts), else the platform default; null = none.
  const ownLimit = limitInForce(state.safer.limits.stakeDaily, now, c.dailyLimit);
  const dailyLimit = new Money(ownLimit ?? c.dailyLimit);
  if (ownLimit !== null && spentToday.plus(total).gt(dailyLimit)) {
    throw new DailyLimitExceededError({ dailyLimit: formatAmount(dailyLimit), dailySpent: formatAmount(spentToday), currency: c.currency });
  }
  const postings = balanced(transfer(userAvailable(c.userId, c.currency), holdEscrow(c.holdKind, c.holdId, c.currency), c.currency, total));
  return [
    {
      type: 'StakeLocked',
      data: {
        userId: c.userId,
        holdId: c.holdId,
        holdKind: c.holdKind,
        stake: formatAmount(stake),
        fee: formatAmount(feeAmount),
        total: formatAmount(total),
        currency: c.currency,
        spentDay,
        postings,
        lockedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * Returns a locked stake (stake + fee) from escrow to the available balance, once. Not a credit
 * an appeal's debt is collected from: it is the user's own money coming back from a bet or pool
 * that did not happen, not money received (docs/ledger.md, "Collecting it").
 */
function releaseStake(c: ReleaseStake['data'], now: Date, state: WalletState): WalletEvent[] {
  const hold = state.holds.get(c.holdId);
  if (!hold) throw new NotFoundError('Stake not found');
  if (hold.status === 'released') return [];
  if (hold.status === 'paid') throw new ConflictError('Stake already paid out');
  const postings = balanced(transfer(holdEscrow(hold.holdKind, c.holdId, hold.currency), userAvailable(c.userId, hold.currency), hold.currency, hold.total));
  return [
    {
      type: 'StakeReleased',
      data: {
        userId: c.userId,
        holdId: c.holdId,
        holdKind: hold.holdKind,
        amount: formatAmount(hold.total),
        currency: hold.currency,
        spentDay: hold.spentDay,
        reason: c.reason,
        postings,
        releasedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * Credits a winner from the escrow of a bet or pool, once per (hold, payout id). Winnings are new
 * money the user receives: while an appeal's clawback is owed in the currency, the same decision
 * takes it back from them (collectReceivable), as from a deposit.
 */
function creditPayout(c: CreditPayout['data'], now: Date, state: WalletState): WalletEvent[] {
  const payoutId = c.payoutId ?? c.holdId;
  if (state.payouts.has(`${c.holdId}/${payoutId}`)) return [];
  if (state.holds.get(c.holdId)?.status === 'released') throw new ConflictError('Stake was released');
  const amount = positive(c.amount, 'payout amount');
  const postings = balanced(transfer(holdEscrow(c.holdKind, c.holdId, c.currency), userAvailable(c.userId, c.currency), c.currency, amount));
  return [
    {
      type: 'PayoutCredited',
      data: { userId: c.userId, holdId: c.holdId, holdKind: c.holdKind, payoutId, amount: formatAmount(amount), currency: c.currency, postings, creditedAt: now.toISOString() },
    },
    ...collectReceivable(state, c.userId, c.currency, amount, { source: 'payout', holdKind: c.holdKind, holdId: c.holdId, payoutId }, now),
  ];
}

/**
 * An overturned appeal's correction (docs/ledger.md, "Appeals"), once per (hold, user). A credit
 * is paid from the escrow. A debit takes what the available balance holds (never below zero, and
 * never refused: the decision is made, the money was already paid out) and records the rest as
 * owed on the user's receivable account, so the ledger balances and no available balance is
 * negative even when the original winner has withdrawn the winnings. A credit is money paid to the
 * user like winnings, so what another bet's appeal left owed is collected from it.
 */
function adjustForAppeal(c: AdjustForAppeal['data'], now: Date, state: WalletState): WalletEvent[] {
  if (state.appealAdjusted?.has(c.holdId)) return [];
  const amount = new Money(c.amount);
  assert(!amount.isZero() && amount.decimalPlaces() <= 2, `appeal adjustment must be a non-zero 2-decimal amount (got ${c.amount})`);
  const escrow = holdEscrow(c.holdKind, c.holdId, c.currency);
  const base = { userId: c.userId, holdId: c.holdId, holdKind: c.holdKind, currency: c.currency, reversesEventId: c.reversesEventId };
  if (amount.isPositive()) {
    const postings = balanced(transfer(escrow, userAvailable(c.userId, c.currency), c.currency, amount));
    return [
      { type: 'AppealCredited', data: { ...base, amount: formatAmount(amount), postings, creditedAt: now.toISOString() } },
      ...collectReceivable(state, c.userId, c.currency, amount, { source: 'appeal_credit', holdKind: c.holdKind, holdId: c.holdId }, now),
    ];
  }
  const owed = amount.neg();
  const fromAvailable = Money.min(Money.max(availableBalance(state, c.currency), ZERO), owed);
  const toReceivable = owed.minus(fromAvailable);
  const postings: Posting[] = [{ account: escrow, currency: c.currency, amount: formatAmount(owed) }];
  if (fromAvailable.gt(0)) postings.push({ account: userAvailable(c.userId, c.currency), currency: c.currency, amount: formatAmount(fromAvailable.neg()) });
  if (toReceivable.gt(0)) postings.push({ account: userReceivable(c.userId, c.currency), currency: c.currency, amount: formatAmount(toReceivable.neg()) });
  return [
    {
      type: 'AppealDebited',
      data: { ...base, amount: formatAmount(owed), fromAvailable: formatAmount(fromAvailable), toReceivable: formatAmount(toReceivable), postings: balanced(postings), debitedAt: now.toISOString() },
    },
  ];
}
