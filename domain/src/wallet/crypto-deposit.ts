import type { Command } from '../shared/command.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import type { Decider } from '../event-store/command-handler.js';

/**
 * A crypto deposit's own stream, `cryptodeposit-<id>`: pending → confirming → confirmed, or
 * expired (60 min with no payment seen) or failed. The USD credit is a wallet event
 * (CryptoDepositCredited) issued once the deposit is confirmed, with a deterministic id.
 */
export const CRYPTO_CONFIRMATIONS_REQUIRED = 3;
export const CRYPTO_DEPOSIT_TTL_MS = 60 * 60 * 1000;

export type CryptoDepositStatus = 'pending' | 'confirming' | 'confirmed' | 'failed' | 'expired';

export interface CryptoDepositCreatedData {
  readonly depositId: string;
  readonly userId: string;
  readonly cryptocurrency: string;
  readonly network: string;
  readonly cryptoAmount: string;
  readonly rate: string;
  readonly usdAmount: string;
  readonly address: string;
  readonly providerReference: string;
  readonly expiresAt: string;
  readonly createdAt: string;
}
export interface CryptoDepositConfirmingData {
  readonly depositId: string;
  readonly userId: string;
  readonly confirmations: number;
  readonly txHash: string;
  readonly updatedAt: string;
}
export interface CryptoDepositConfirmedData {
  readonly depositId: string;
  readonly userId: string;
  readonly confirmations: number;
  readonly txHash: string;
  readonly confirmedAt: string;
}
export interface CryptoDepositExpiredData {
  readonly depositId: string;
  readonly userId: string;
  readonly expiredAt: string;
}
export interface CryptoDepositFailedData {
  readonly depositId: string;
  readonly userId: string;
  readonly reason: string;
  readonly failedAt: string;
}

export type CryptoDepositEvent =
  | { type: 'CryptoDepositCreated'; data: CryptoDepositCreatedData }
  | { type: 'CryptoDepositConfirming'; data: CryptoDepositConfirmingData }
  | { type: 'CryptoDepositConfirmed'; data: CryptoDepositConfirmedData }
  | { type: 'CryptoDepositExpired'; data: CryptoDepositExpiredData }
  | { type: 'CryptoDepositFailed'; data: CryptoDepositFailedData };

export const CRYPTO_DEPOSIT_EVENT_TYPES = ['CryptoDepositCreated', 'CryptoDepositConfirming', 'CryptoDepositConfirmed', 'CryptoDepositExpired', 'CryptoDepositFailed'] as const;

export function cryptoDepositStreamId(depositId: string): string {
  return `cryptodeposit-${depositId}`;
}

export type CryptoDepositCommand =
  | Command<'CreateCryptoDeposit', Omit<CryptoDepositCreatedData, 'expiresAt' | 'createdAt'>>
  | Command<'RecordConfirmations', { confirmations: number; txHash: string }>
  | Command<'FailCryptoDeposit', { reason: string }>
  | Command<'ExpireCryptoDeposit', Record<string, never>>;

export interface CryptoDepositState {
  readonly created: CryptoDepositCreatedData | null;
  readonly status: CryptoDepositStatus;
  readonly confirmations: number;
}

export function initialCryptoDepositState(): CryptoDepositState {
  return { created: null, status: 'pending', confirmations: 0 };
}

export function evolveCryptoDeposit(state: CryptoDepositState, event: CryptoDepositEvent): CryptoDepositState {
  switch (event.type) {
    case 'CryptoDepositCreated':
      return { created: event.data, status: 'pending', confirmations: 0 };
    case 'CryptoDepositConfirming':
      return { ...state, status: 'confirming', confirmations: event.data.confirmations };
    case 'CryptoDepositConfirmed':
      return { ...state, status: 'confirmed', confirmations: event.data.confirmations };
    case 'CryptoDepositExpired':
      return { ...state, status: 'expired' };
    case 'CryptoDepositFailed':
      return { ...state, status: 'failed' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function decideCryptoDeposit(command: CryptoDepositCommand, state: CryptoDepositState): CryptoDepositEvent[] {
  const now = command.metadata.now;
  if (command.type === 'CreateCryptoDeposit') {
    if (state.created) throw new ConflictError('Deposit already exists');
    const data = command.data;
    return [{ type: 'CryptoDepositCreated', data: { ...data, expiresAt: new Date(now.getTime() + CRYPTO_DEPOSIT_TTL_MS).toISOString(), createdAt: now.toISOString() } }];
  }
  const created = state.created;
  if (!created) throw new NotFoundError('Deposit not found');
  const base = { depositId: created.depositId, userId: created.userId };
  switch (command.type) {
    case 'RecordConfirmations': {
      // A payment seen after expiry is still the customer's money: it is confirmed and credited.
      if (state.status === 'confirmed' || state.status === 'failed') return [];
      const confirmations = Math.min(command.data.confirmations, CRYPTO_CONFIRMATIONS_REQUIRED);
      if (confirmations >= CRYPTO_CONFIRMATIONS_REQUIRED) {
        return [{ type: 'CryptoDepositConfirmed', data: { ...base, confirmations, txHash: command.data.txHash, confirmedAt: now.toISOString() } }];
      }
      if (state.status === 'confirming' && confirmations <= state.confirmations) return [];
      return [{ type: 'CryptoDepositConfirming', data: { ...base, confirmations, txHash: command.data.txHash, updatedAt: now.toISOString() } }];
    }
    case 'FailCryptoDeposit':
      if (state.status === 'confirmed' || state.status === 'failed') return [];
      return [{ type: 'CryptoDepositFailed', data: { ...base, reason: command.data.reason, failedAt: now.toISOString() } }];
    case 'ExpireCryptoDeposit':
      if (state.status !== 'pending' || now.getTime() < Date.parse(created.expiresAt)) return [];
      return [{ type: 'CryptoDepositExpired', data: { ...base, expiredAt: now.toISOString() } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const cryptoDepositDecider: Decider<CryptoDepositState, CryptoDepositCommand, CryptoDepositEvent> = {
  initialState: initialCryptoDepositState,
  evolve: evolveCryptoDeposit,
  decide: decideCryptoDeposit,
};
