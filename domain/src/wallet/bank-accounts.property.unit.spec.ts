/** Bank account ids tell nothing about the account number; accounts with the old derivable ids are moved to random ones by events. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deciderSpec } from '../testing/decider-spec.js';
import { bankAccountsDecider, hasLegacyId, legacyBankAccountIdOf, type BankAccountEvent, type BankAccountsCommand } from './bank-accounts.js';

const now = new Date('2026-11-26T10:00:00.000Z');
const userId = 'u-1';
const accountNumber = fc.stringMatching(/^\d{10}$/);
const add = (number: string, bankAccountId: string, fingerprint = createHash('sha256').update(number).digest('hex')): BankAccountsCommand => ({
  type: 'AddBankAccount',
  data: { userId, bankAccountId, accountFingerprint: fingerprint, bankCode: '044', bankName: 'Access Bank', accountNumber: number, accountName: 'ADA OBI', recipientCode: 'RCP_1' },
  metadata: { now },
});
const spec = deciderSpec(bankAccountsDecider);
/** An account as it was added before ids were random: its id the UUIDv5 of the number, no fingerprint. */
const legacyAdded = (number: string): BankAccountEvent => ({
  type: 'BankAccountAdded',
  data: { userId, bankAccountId: legacyBankAccountIdOf(userId, '044', number), bankCode: '044', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: `******${number.slice(-4)}`, recipientCode: 'RCP_1', addedAt: now.toISOString() },
});

describe('bank account ids', () => {
  it('a new account gets the id it was given, never one computed from its number, and its events hold no number', () => {
    fc.assert(
      fc.property(accountNumber, fc.uuid(), (number, id) => {
        const [event] = spec.given().when(add(number, id)).events();
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
        const [ea] = spec.given().when(add(a, id)).events();
        const [eb] = spec.given().when(add(b, id)).events();
        expect(ea!.data.bankAccountId).toBe(eb!.data.bankAccountId);
      }),
    );
  });

  it('adding an account again (same fingerprint, any new id) decides nothing; another number is added', () => {
    fc.assert(
      fc.property(accountNumber, fc.uuid(), fc.uuid(), (number, first, second) => {
        const state = spec.givenCommands(add(number, first)).state;
        spec.givenState(state).when(add(number, second)).thenNothing();
        const other = number === '0000000000' ? '0000000001' : '0000000000';
        spec.givenState(state).when(add(other, second)).then((events) => expect(events).toHaveLength(1));
      }),
    );
  });

  it('an account with the derivable id is moved to a random one once; it is then still recognised when added again', () => {
    fc.assert(
      fc.property(accountNumber, fc.uuid(), fc.uuid(), (number, fresh, another) => {
        const legacy = legacyAdded(number);
        const former = legacy.data.bankAccountId;
        let state = spec.given(legacy).state;
        expect(hasLegacyId(state.accounts[former]!)).toBe(true);
        const replace = (id: string): BankAccountsCommand => ({ type: 'ReplaceLegacyBankAccountId', data: { userId, formerBankAccountId: former, bankAccountId: id }, metadata: { now } });
        const replaced = spec.givenState(state).when(replace(fresh));
        replaced.then([{ type: 'BankAccountIdReplaced', data: { userId, formerBankAccountId: former, bankAccountId: fresh, replacedAt: now.toISOString() } }]);
        state = replaced.after();
        expect(Object.keys(state.accounts)).toEqual([fresh]);
        expect(state.accounts[fresh]).toMatchObject({ bankAccountId: fresh, accountNumberMasked: `******${number.slice(-4)}`, formerBankAccountIds: [former] });
        expect(hasLegacyId(state.accounts[fresh]!)).toBe(false);
        // Once only: a second replacement (another process, a retry with another id) decides nothing.
        spec.givenState(state).when(replace(another)).thenNothing();
        // The player typing the same number again finds the account (no fingerprint on it: by the former id).
        spec.givenState(state).when(add(number, another)).thenNothing();
      }),
    );
  });
});
