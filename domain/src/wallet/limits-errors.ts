import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import type { DepositLimitKind, ExclusionKind } from './limits-events.js';

import { shownMoney } from '../money/currency.js';

export { shownMoney };

const PERIOD_WORDS: Record<DepositLimitKind, { adjective: string; left: string }> = {
  depositDaily: { adjective: 'daily', left: 'today' },
  depositWeekly: { adjective: 'weekly', left: 'this week' },
  depositMonthly: { adjective: 'monthly', left: 'this month' },
};

/** The limit passed, its amount, what this window already counted, what is left, what was asked; amounts in `currency`. */
export type DepositLimitExceededParams = { limit: DepositLimitKind; limitAmount: string; used: string; remaining: string; requested: string; currency: string };

/** 400 `deposit_limit_exceeded`: "Deposit limit reached: your daily deposit limit is ₦1,000.00 and ₦400.00 is left today". */
export class DepositLimitExceededError extends ValidationError {
  declare readonly params: DepositLimitExceededParams;
  constructor(params: DepositLimitExceededParams) {
    const words = PERIOD_WORDS[params.limit];
    super(`Deposit limit reached: your ${words.adjective} deposit limit is ${shownMoney(params.currency, params.limitAmount)} and ${shownMoney(params.currency, params.remaining)} is left ${words.left}`, {
      code: 'deposit_limit_exceeded',
      params,
    });
  }
}

/** What was refused ('deposit' or 'stake'), until when, and whether a cool-off or a self-exclusion. */
export type SelfExcludedParams = { kind: ExclusionKind; until: string; action: 'deposit' | 'stake' };

/** 403 `self_excluded` / `cool_off_active`: no deposits, no new challenges and no joining until the end. */
export class SelfExcludedError extends ForbiddenError {
  declare readonly params: SelfExcludedParams;
  constructor(params: SelfExcludedParams) {
    const what = params.kind === 'cool_off' ? 'You are on a cool-off' : 'You are self-excluded';
    const refused = params.action === 'deposit' ? 'deposits are closed' : 'new challenges and joining are closed';
    super(`${what} until ${params.until}: ${refused}`, { code: params.kind === 'cool_off' ? 'cool_off_active' : 'self_excluded', params });
  }
}

/** 409 `exclusion_active`: a cool-off or self-exclusion cannot be shortened or undone before its end. */
export class ExclusionActiveError extends ConflictError {
  constructor(params: { kind: ExclusionKind; until: string }) {
    super(`A ${params.kind === 'cool_off' ? 'cool-off' : 'self-exclusion'} is already active until ${params.until}; it cannot be shortened or undone`, { code: 'exclusion_active', params });
  }
}
