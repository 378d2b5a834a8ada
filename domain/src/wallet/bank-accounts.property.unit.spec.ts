/** Bank account ids tell nothing about the account number; accounts with the old derivable ids are moved to random ones by events. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bankAccountsDecider, hasLegacyId, legacyBankAccountIdOf, type BankAccountEvent, type BankAccountsCommand, type BankAccountsState } from './bank-accounts.js';

const now = new Date('2026-11-26T10:00:00.000Z');
const userId = 'u-1';
const accountNumber = fc.stringMatching(/^\d{10}$/);
const add = (number: string, bankAccountId: string, fingerprint = createHash('sha256').update(number).digest('hex')): BankAccountsCommand => ({
  type: 'AddBankAccount',
  data: { userId, bankAccountId, accountFingerprint: fingerprint, bankCode: '044', bankName: 'Access Bank', accountNumber: number, accountName: 'ADA OBI', recipientCode: 'RCP_1' },
  metadata: { now },
});
const fold = (events: BankAccountEvent[], state = bankAccountsDecider.initialState()): BankAccountsState => events.reduce(bankAccountsDecider.evolve, state);
/** An account as it was added before ids were random: its id the UUIDv5 of the number, no fingerprint. */
const legacyAdded = (number: string): BankAccountEvent => ({
  type: 'BankAccountAdded',
  data: { userId, bankAccountId: legacyBankAccountIdOf(userId, '044', number), bankCode: '044', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: `******${number.slice(-4)}`, recipientCode: 'RCP_1', addedAt: now.toISOString() },
});

describe('bank account ids', () => {
  it('a new account gets the id it was given, never one computed from its number, and its events hold no number', () => {
    fc.assert(
      fc.property(accountNumber, fc.uuid(), (number, id) => {
        const [event] = bankAccountsDecider.decide(add(number, id), bankAccountsDecider.initialState());
        expect(event!.data.bankAccountId).toBe(id);
        expect(event!.data.bankAccountId).not.toBe(legacyBankAccountIdOf(userId, '044', number));
        // (the id and fingerprint are checked above and are opaque: a generated uuid may itself hold ten digits)
        expect(JSON.stringify({ ...event!.data, bankAccountId: null, accountFingerprint: null })).not.toContain(number);
      }),
    );
  });

  it('the same id can stand for any number: trying every candidate against the id recovers nothing', () => {
    fc.assert(
      fc.property(accountNumber, accountNumber, fc.uuid(), (a, b, id) => {
        const [ea] = bankAccountsDecider.decide(add(a, id), bankAccountsDecider.initialState());
        const [eb] = bankAccountsDecider.decide(add(b, id), bankAccountsDecider.initialState());
        expect(ea!.data.bankAccountId).toBe(eb!.data.bankAccountId);
      }),
    );
  });

  it('adding an account again (same fingerprint, any new id) decides nothing; another number is added', () => {
    fc.assert(
      fc.property(accountNumber, fc.uuid(), fc.uuid(), (number, first, second) => {
        const state = fold(bankAccountsDecider.decide(add(number, first), bankAccountsDecider.initialState()));
        expect(bankAccountsDecider.decide(add(number, second), state)).toEqual([]);
        const other = number === '0000000000' ? '0000000001' : '0000000000';
        expect(bankAccountsDecider.decide(add(other, second), state)).toHaveLength(1);
      }),
    );
  });

  it('an account with the derivable id is moved to a random one once; it is then still recognised when added again', () => {
    fc.assert(
      fc.property(accountNumber, fc.uuid(), fc.uuid(), (number, fresh, another) => {
        const legacy = legacyAdded(number);
        const former = legacy.data.bankAccountId;
        let state = fold([legacy]);
        expect(hasLegacyId(state.accounts[former]!)).toBe(true);
        const replace = (id: string): BankAccountsCommand => ({ type: 'ReplaceLegacyBankAccountId', data: { userId, formerBankAccountId: former, bankAccountId: id }, metadata: { now } });
        const events = bankAccountsDecider.decide(replace(fresh), state);
        expect(events).toEqual([{ type: 'BankAccountIdReplaced', data: { userId, formerBankAccountId: former, bankAccountId: fresh, replacedAt: now.toISOString() } }]);
        state = fold(events, state);
        expect(Object.keys(state.accounts)).toEqual([fresh]);
        expect(state.accounts[fresh]).toMatchObject({ bankAccountId: fresh, accountNumberMasked: `******${number.slice(-4)}`, formerBankAccountIds: [former] });
        expect(hasLegacyId(state.accounts[fresh]!)).toBe(false);
        // Once only: a second replacement (another process, a retry with another id) decides nothing.
        expect(bankAccountsDecider.decide(replace(another), state)).toEqual([]);
        // The player typing the same number again finds the account (no fingerprint on it: by the former id).
        expect(bankAccountsDecider.decide(add(number, another), state)).toEqual([]);
      }),
    );
  });
});
