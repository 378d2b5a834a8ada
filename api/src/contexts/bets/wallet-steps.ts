import { shownMoney } from '@wager/domain/money/index';
import { DailyLimitExceededError, InsufficientBalanceError } from '@wager/domain/wallet/index';


/** `₦1,234.50`: amounts as the spec's toasts show them (the domain's one money text). */
const shownAmount = shownMoney;

/** "Insufficient Balance: You need ₦1,020.00 (including ₦20.00 fee) but only have ₦0.00." */
export function insufficientBalanceToast(p: InsufficientBalanceError['params']): string {
  return `Insufficient Balance: You need ${shownAmount(p.currency, p.needed)} (including ${shownAmount(p.currency, p.fee)} fee) but only have ${shownAmount(p.currency, p.balance)}.`;
}

/** "Daily Limit Exceeded: This bet would exceed your daily limit of ₦50,000.00." */
export function dailyLimitToast(p: DailyLimitExceededError['params']): string {
  return `Daily Limit Exceeded: This bet would exceed your daily limit of ${shownAmount(p.currency, p.dailyLimit)}.`;
}

/** The spec's toasts (section 5) for a refused lock, with the amounts the decider saw; code and params stay. */
export function withStakeToast(error: unknown): unknown {
  if (error instanceof InsufficientBalanceError) return new InsufficientBalanceError(error.params, insufficientBalanceToast(error.params));
  if (error instanceof DailyLimitExceededError) return new DailyLimitExceededError(error.params, dailyLimitToast(error.params));
  return error;
}
