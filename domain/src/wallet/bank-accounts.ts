import type { Command } from '../shared/command.js';
import { ValidationError } from '../shared/errors.js';
import type { Decider } from '../event-store/command-handler.js';
import { deterministicId } from './ids.js';

/**
 * A player's payout bank accounts, stream `bankaccounts-<userId>`. An account is added only
 * after Paystack resolved its number to a name (shown to the player for confirmation) and
 * created a transfer recipient; the recipient code is what a payout needs afterwards, so the
 * full account number is never stored: events keep its last four digits.
 */
export const BANK_ACCOUNT_MESSAGES = {
  bankRequired: 'Bank is required',
  accountNumber: 'Account number must be 10 digits',
  accountNameRequired: 'Account name is required',
  accountsMax: 'You can add at most 5 bank accounts',
} as const;
export const BANK_ACCOUNTS_PER_USER_MAX = 5;
export const BANK_CODE_LENGTH_MAX = 20;

export interface BankAccountAddedData {
  readonly userId: string;
  readonly bankAccountId: string;
  readonly bankCode: string;
  readonly bankName: string;
  readonly accountName: string;
  /** `******7890`: the only form of the number kept. */
  readonly accountNumberMasked: string;
  readonly recipientCode: string;
  readonly addedAt: string;
}
export type BankAccountEvent = { type: 'BankAccountAdded'; data: BankAccountAddedData };
export const BANK_ACCOUNT_EVENT_TYPES = ['BankAccountAdded'] as const;

export function bankAccountsStreamId(userId: string): string {
  return `bankaccounts-${userId}`;
}

/** One id per (user, bank, account number): adding the same account again finds the same id. */
export function bankAccountIdOf(userId: string, bankCode: string, accountNumber: string): string {
  return deterministicId('bankaccount', userId, bankCode, accountNumber);
}

export function maskAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

/** A NUBAN account number (10 digits) and a bank code, as typed by the player. */
export function parseBankAccountInput(input: { bankCode?: unknown; accountNumber?: unknown }): { bankCode: string; accountNumber: string } {
  const bankCode = typeof input.bankCode === 'string' ? input.bankCode.trim() : '';
  if (bankCode === '' || bankCode.length > BANK_CODE_LENGTH_MAX) throw new ValidationError(BANK_ACCOUNT_MESSAGES.bankRequired, { code: 'bank_required' });
  const accountNumber = typeof input.accountNumber === 'string' ? input.accountNumber.replace(/\s+/g, '') : '';
  if (!/^\d{10}$/.test(accountNumber)) throw new ValidationError(BANK_ACCOUNT_MESSAGES.accountNumber, { code: 'invalid_account_number' });
  return { bankCode, accountNumber };
}

export interface BankAccount {
  readonly bankAccountId: string;
  readonly bankCode: string;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumberMasked: string;
  readonly recipientCode: string;
  readonly addedAt: string;
}

export interface BankAccountsState {
  readonly accounts: Readonly<Record<string, BankAccount>>;
}

export type BankAccountsCommand = Command<
  'AddBankAccount',
  {
    readonly userId: string;
    readonly bankCode: string;
    readonly bankName: string;
    readonly accountNumber: string;
    readonly accountName: string;
    readonly recipientCode: string;
  }
>;

export function evolveBankAccounts(state: BankAccountsState, event: BankAccountEvent): BankAccountsState {
  const d = event.data;
  const { userId: _userId, ...account } = d;
  return { accounts: { ...state.accounts, [d.bankAccountId]: account } };
}

export function decideBankAccounts(command: BankAccountsCommand, state: BankAccountsState): BankAccountEvent[] {
  const c = command.data;
  const bankAccountId = bankAccountIdOf(c.userId, c.bankCode, c.accountNumber);
  if (state.accounts[bankAccountId]) return [];
  if (c.accountName.trim() === '') throw new ValidationError(BANK_ACCOUNT_MESSAGES.accountNameRequired, { code: 'account_name_required' });
  if (Object.keys(state.accounts).length >= BANK_ACCOUNTS_PER_USER_MAX) {
    throw new ValidationError(BANK_ACCOUNT_MESSAGES.accountsMax, { code: 'bank_accounts_max', params: { max: BANK_ACCOUNTS_PER_USER_MAX } });
  }
  return [
    {
      type: 'BankAccountAdded',
      data: {
        userId: c.userId,
        bankAccountId,
        bankCode: c.bankCode,
        bankName: c.bankName,
        accountName: c.accountName.trim(),
        accountNumberMasked: maskAccountNumber(c.accountNumber),
        recipientCode: c.recipientCode,
        addedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

export const bankAccountsDecider: Decider<BankAccountsState, BankAccountsCommand, BankAccountEvent> = {
  initialState: () => ({ accounts: {} }),
  evolve: evolveBankAccounts,
  decide: decideBankAccounts,
};
