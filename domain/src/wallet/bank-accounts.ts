import type { Command } from '../shared/command.js';
import { ValidationError } from '../shared/errors.js';
import type { Decider } from '../event-store/command-handler.js';
import { deterministicId } from './ids.js';

/**
 * A player's payout bank accounts, stream `bankaccounts-<userId>`. An account is added only
 * after Paystack resolved its number to a name (shown to the player for confirmation) and
 * created a transfer recipient; the recipient code is what a payout needs afterwards, so the
 * full account number is never stored: events keep its last four digits.
 *
 * An account's id is random (chosen by the caller) and tells nothing about the number. Adding
 * the same account again is recognised by its fingerprint, an HMAC of (user, bank, number)
 * under a server secret that never leaves the server: without the secret, trying the 10^10
 * candidate numbers against a fingerprint proves nothing. Accounts added before (ids were a
 * UUIDv5 of the number under a namespace in the source, so the number could be recovered from
 * the id) get a random id by a `BankAccountIdReplaced` event; the old id stays in those old
 * events (the log is append-only) but is no longer shown or accepted anywhere.
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
  /** HMAC of (user, bank, number) under the server's secret; absent on accounts added before ids were random. */
  readonly accountFingerprint?: string;
}
export interface BankAccountIdReplacedData {
  readonly userId: string;
  readonly formerBankAccountId: string;
  readonly bankAccountId: string;
  readonly replacedAt: string;
}
export type BankAccountEvent = { type: 'BankAccountAdded'; data: BankAccountAddedData } | { type: 'BankAccountIdReplaced'; data: BankAccountIdReplacedData };
export const BANK_ACCOUNT_EVENT_TYPES = ['BankAccountAdded', 'BankAccountIdReplaced'] as const;

export function bankAccountsStreamId(userId: string): string {
  return `bankaccounts-${userId}`;
}

/**
 * The id accounts were given before ids were random (a UUIDv5 of the number). Used only to
 * recognise, when a player adds an account again, one of those older accounts; never to mint
 * an id.
 */
export function legacyBankAccountIdOf(userId: string, bankCode: string, accountNumber: string): string {
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
  readonly accountFingerprint?: string;
  /** The derivable id it had before ids were random (kept in state only to recognise it and its old payouts). */
  readonly formerBankAccountIds?: readonly string[];
}

export interface BankAccountsState {
  readonly accounts: Readonly<Record<string, BankAccount>>;
}

export type BankAccountsCommand =
  | Command<
      'AddBankAccount',
      {
        readonly userId: string;
        /** A fresh random id (used only if the account is new). */
        readonly bankAccountId: string;
        /** `bankAccountFingerprint` of the number under the server's secret. */
        readonly accountFingerprint: string;
        readonly bankCode: string;
        readonly bankName: string;
        readonly accountNumber: string;
        readonly accountName: string;
        readonly recipientCode: string;
      }
    >
  | Command<'ReplaceLegacyBankAccountId', { readonly userId: string; readonly formerBankAccountId: string; readonly bankAccountId: string }>;

/** Whether an account still has the id derived from its number. */
export function hasLegacyId(account: BankAccount): boolean {
  return account.accountFingerprint === undefined && (account.formerBankAccountIds ?? []).length === 0;
}

/** The player's account with this number, if they added it before (by fingerprint, or by the id older accounts had). */
export function existingBankAccount(state: BankAccountsState, input: { userId: string; bankCode: string; accountNumber: string; accountFingerprint: string }): BankAccount | undefined {
  const accounts = Object.values(state.accounts);
  const byFingerprint = accounts.find((a) => a.accountFingerprint === input.accountFingerprint);
  if (byFingerprint) return byFingerprint;
  const legacyId = legacyBankAccountIdOf(input.userId, input.bankCode, input.accountNumber);
  return accounts.find((a) => a.accountFingerprint === undefined && (a.bankAccountId === legacyId || (a.formerBankAccountIds ?? []).includes(legacyId)));
}

export function evolveBankAccounts(state: BankAccountsState, event: BankAccountEvent): BankAccountsState {
  switch (event.type) {
    case 'BankAccountAdded': {
      const { userId: _userId, ...account } = event.data;
      return { accounts: { ...state.accounts, [account.bankAccountId]: account } };
    }
    case 'BankAccountIdReplaced': {
      const d = event.data;
      const account = state.accounts[d.formerBankAccountId];
      if (!account) return state;
      const { [d.formerBankAccountId]: _former, ...rest } = state.accounts;
      return { accounts: { ...rest, [d.bankAccountId]: { ...account, bankAccountId: d.bankAccountId, formerBankAccountIds: [...(account.formerBankAccountIds ?? []), d.formerBankAccountId] } } };
    }
  }
}

export function decideBankAccounts(command: BankAccountsCommand, state: BankAccountsState): BankAccountEvent[] {
  if (command.type === 'ReplaceLegacyBankAccountId') {
    const c = command.data;
    const account = state.accounts[c.formerBankAccountId];
    if (!account || !hasLegacyId(account) || state.accounts[c.bankAccountId]) return [];
    return [{ type: 'BankAccountIdReplaced', data: { userId: c.userId, formerBankAccountId: c.formerBankAccountId, bankAccountId: c.bankAccountId, replacedAt: command.metadata.now.toISOString() } }];
  }
  const c = command.data;
  if (existingBankAccount(state, c)) return [];
  const bankAccountId = c.bankAccountId;
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
        accountFingerprint: c.accountFingerprint,
      },
    },
  ];
}

export const bankAccountsDecider: Decider<BankAccountsState, BankAccountsCommand, BankAccountEvent> = {
  initialState: () => ({ accounts: {} }),
  evolve: evolveBankAccounts,
  decide: decideBankAccounts,
};
