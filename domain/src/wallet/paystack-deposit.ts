import type { Command } from '../shared/command.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { Money, formatAmount } from '../money/money.js';
import type { Decider } from '../event-store/command-handler.js';

/**
 * A Paystack deposit's own stream, `paystack-<reference>`: its life from initialization to
 * success or failure. The money moves in the wallet stream (DepositCredited), driven by
 * PaystackDepositSucceeded; both steps use deterministic ids derived from the reference.
 */
export type PaystackDepositStatus = 'pending' | 'success' | 'failed' | 'abandoned';

export interface PaystackDepositInitializedData {
  readonly depositId: string;
  readonly userId: string;
  readonly reference: string;
  readonly amount: string;
  /** What Paystack must report back: the amount in kobo (minor units). */
  readonly amountMinor: string;
  readonly currency: string;
  readonly email: string;
  readonly initializedAt: string;
}
export interface PaystackCheckoutOpenedData {
  readonly depositId: string;
  readonly userId: string;
  readonly reference: string;
  readonly authorizationUrl: string;
  readonly accessCode: string;
  readonly openedAt: string;
}
export interface PaystackDepositSucceededData {
  readonly depositId: string;
  readonly userId: string;
  readonly reference: string;
  readonly amount: string;
  readonly currency: string;
  readonly channel: string;
  readonly gatewayResponse: string;
  /** Which path told us first: 'verify' or 'webhook'. */
  readonly via: string;
  readonly succeededAt: string;
}
export interface PaystackDepositFailedData {
  readonly depositId: string;
  readonly userId: string;
  readonly reference: string;
  readonly status: 'failed' | 'abandoned';
  readonly gatewayResponse: string;
  readonly channel: string;
  readonly failedAt: string;
}
/** Paystack said success, but not for the amount or currency we asked for: never credited. */
export interface PaystackDepositRejectedData {
  readonly depositId: string;
  readonly userId: string;
  readonly reference: string;
  readonly reason: string;
  readonly reportedAmountMinor: string;
  readonly reportedCurrency: string;
  readonly rejectedAt: string;
}

export type PaystackDepositEvent =
  | { type: 'PaystackDepositInitialized'; data: PaystackDepositInitializedData }
  | { type: 'PaystackCheckoutOpened'; data: PaystackCheckoutOpenedData }
  | { type: 'PaystackDepositSucceeded'; data: PaystackDepositSucceededData }
  | { type: 'PaystackDepositFailed'; data: PaystackDepositFailedData }
  | { type: 'PaystackDepositRejected'; data: PaystackDepositRejectedData };

export const PAYSTACK_DEPOSIT_EVENT_TYPES = ['PaystackDepositInitialized', 'PaystackCheckoutOpened', 'PaystackDepositSucceeded', 'PaystackDepositFailed', 'PaystackDepositRejected'] as const;

export function paystackDepositStreamId(reference: string): string {
  return `paystack-${reference}`;
}

export type PaystackDepositCommand =
  | Command<'InitializePaystackDeposit', { depositId: string; userId: string; reference: string; amount: Money; currency: string; email: string }>
  | Command<'RecordPaystackCheckout', { authorizationUrl: string; accessCode: string }>
  | Command<
      'RecordPaystackOutcome',
      {
        /** Paystack's transaction status: success, failed, abandoned, ongoing, pending, … */
        status: string;
        amountMinor: string;
        currency: string;
        channel: string;
        gatewayResponse: string;
        via: 'verify' | 'webhook';
      }
    >;

export interface PaystackDepositState {
  readonly initialized: PaystackDepositInitializedData | null;
  readonly status: PaystackDepositStatus;
  readonly checkoutOpened: boolean;
  readonly rejected: boolean;
}

export function initialPaystackDepositState(): PaystackDepositState {
  return { initialized: null, status: 'pending', checkoutOpened: false, rejected: false };
}

export function evolvePaystackDeposit(state: PaystackDepositState, event: PaystackDepositEvent): PaystackDepositState {
  switch (event.type) {
    case 'PaystackDepositInitialized':
      return { ...state, initialized: event.data, status: 'pending' };
    case 'PaystackCheckoutOpened':
      return { ...state, checkoutOpened: true };
    case 'PaystackDepositSucceeded':
      return { ...state, status: 'success' };
    case 'PaystackDepositFailed':
      return { ...state, status: event.data.status };
    case 'PaystackDepositRejected':
      return { ...state, rejected: true, status: 'failed' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Kobo (or cents) from a 2-decimal amount. */
export function toMinorUnits(amount: Money): string {
  return amount.mul(100).toFixed(0);
}

export function decidePaystackDeposit(command: PaystackDepositCommand, state: PaystackDepositState): PaystackDepositEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'InitializePaystackDeposit': {
      if (state.initialized) throw new ConflictError('Deposit reference already used');
      const c = command.data;
      return [
        {
          type: 'PaystackDepositInitialized',
          data: {
            depositId: c.depositId,
            userId: c.userId,
            reference: c.reference,
            amount: formatAmount(c.amount),
            amountMinor: toMinorUnits(c.amount),
            currency: c.currency,
            email: c.email,
            initializedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'RecordPaystackCheckout': {
      const init = state.initialized;
      if (!init) throw new NotFoundError('Deposit not found');
      if (state.checkoutOpened) return [];
      return [
        {
          type: 'PaystackCheckoutOpened',
          data: { depositId: init.depositId, userId: init.userId, reference: init.reference, authorizationUrl: command.data.authorizationUrl, accessCode: command.data.accessCode, openedAt: now.toISOString() },
        },
      ];
    }
    case 'RecordPaystackOutcome':
      return recordOutcome(command.data, now, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function recordOutcome(c: Extract<PaystackDepositCommand, { type: 'RecordPaystackOutcome' }>['data'], now: Date, state: PaystackDepositState): PaystackDepositEvent[] {
  const init = state.initialized;
  if (!init) throw new NotFoundError('Deposit not found');
  const base = { depositId: init.depositId, userId: init.userId, reference: init.reference };
  if (c.status === 'success') {
    if (state.status === 'success' || state.rejected) return [];
    if (c.amountMinor !== init.amountMinor || c.currency !== init.currency) {
      const reason = c.amountMinor !== init.amountMinor ? 'Amount does not match the initialized deposit' : 'Currency does not match the initialized deposit';
      return [{ type: 'PaystackDepositRejected', data: { ...base, reason, reportedAmountMinor: c.amountMinor, reportedCurrency: c.currency, rejectedAt: now.toISOString() } }];
    }
    return [
      {
        type: 'PaystackDepositSucceeded',
        data: { ...base, amount: init.amount, currency: init.currency, channel: c.channel, gatewayResponse: c.gatewayResponse, via: c.via, succeededAt: now.toISOString() },
      },
    ];
  }
  // A failure or abandonment is recorded only once and only while pending: a later success
  // (the customer came back and paid) still wins.
  if ((c.status === 'failed' || c.status === 'abandoned') && state.status === 'pending') {
    return [{ type: 'PaystackDepositFailed', data: { ...base, status: c.status, gatewayResponse: c.gatewayResponse, channel: c.channel, failedAt: now.toISOString() } }];
  }
  return [];
}

export const paystackDepositDecider: Decider<PaystackDepositState, PaystackDepositCommand, PaystackDepositEvent> = {
  initialState: initialPaystackDepositState,
  evolve: evolvePaystackDeposit,
  decide: decidePaystackDeposit,
};
