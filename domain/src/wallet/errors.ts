import { ConflictError, ValidationError } from '../shared/errors.js';

/**
 * The wallet's typed refusals. Callers tell them apart with `instanceof` (or by `code` over the
 * wire), never by their message; the params carry the amounts as decimal strings.
 */
export const INSUFFICIENT_BALANCE = 'Insufficient balance';
export const DAILY_LIMIT_EXCEEDED = 'Daily limit exceeded';

/** What a stake needed (stake + fee), the fee in it, and the available balance, in `currency`. */
export type InsufficientBalanceParams = { needed: string; fee: string; balance: string; currency: string };

/** 400 `insufficient_balance`: the available balance does not cover stake + fee. */
export class InsufficientBalanceError extends ValidationError {
  declare readonly params: InsufficientBalanceParams;
  constructor(params: InsufficientBalanceParams, message: string = INSUFFICIENT_BALANCE) {
    super(message, { code: 'insufficient_balance', params });
  }
}

/** Today's stakes so far and the limit, in `currency`. */
export type DailyLimitExceededParams = { dailyLimit: string; dailySpent: string; currency: string };

/** 400 `daily_limit_exceeded`; the body also keeps `dailyLimit` and `dailySpent` at its top level, as before. */
export class DailyLimitExceededError extends ValidationError {
  declare readonly params: DailyLimitExceededParams;
  constructor(params: DailyLimitExceededParams, message: string = DAILY_LIMIT_EXCEEDED) {
    super(message, { code: 'daily_limit_exceeded', params, dailyLimit: params.dailyLimit, dailySpent: params.dailySpent });
  }
}

/** The USD value of a crypto withdrawal and the crypto balance (USD) that cannot cover it. */
export type InsufficientCryptoBalanceParams = { needed: string; balance: string; currency: string };

/** 400 `insufficient_crypto_balance`: a withdrawal the crypto balance cannot cover (message "Insufficient balance"). */
export class InsufficientCryptoBalanceError extends ValidationError {
  declare readonly params: InsufficientCryptoBalanceParams;
  constructor(params: InsufficientCryptoBalanceParams) {
    super(INSUFFICIENT_BALANCE, { code: 'insufficient_crypto_balance', params });
  }
}

/** 409 `withdrawal_not_pending`: "Withdrawal is <status>". */
export class WithdrawalNotPendingError extends ConflictError {
  constructor(status: string) {
    super(`Withdrawal is ${status}`, { code: 'withdrawal_not_pending', params: { status } });
  }
}
