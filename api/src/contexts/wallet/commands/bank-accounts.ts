/**
 * The `bank-accounts-<userId>` stream's commands: adding an account (the route, after the
 * provider resolved it) and replacing a legacy derived id (`LegacyBankAccountIdJob`). The event
 * ids are deterministic per account, so a repeat stores nothing.
 */
import { bankAccountsDecider, bankAccountsStreamId, deterministicId, type BankAccountsCommand } from '@wager/domain/wallet/index';
import { runCommand } from '../../../runtime/command-pipeline.js';
import type { AppDeps } from '../../../deps.js';

type AddBankAccount = Extract<BankAccountsCommand, { type: 'AddBankAccount' }>;

/** Adds the account, or finds it already added (the same fingerprint). */
export function addBankAccount(deps: Pick<AppDeps, 'store'>, command: AddBankAccount) {
  return runCommand(deps, {
    streamId: bankAccountsStreamId(command.data.userId),
    decider: bankAccountsDecider,
    command,
    eventIds: (events) => events.map((e) => deterministicId('bankaccount', e.type === 'BankAccountAdded' ? e.data.bankAccountId : e.data.formerBankAccountId, 'added')),
  });
}

/** Gives the account a random id in place of its legacy derived one; once per former id. */
export function replaceLegacyBankAccountId(deps: Pick<AppDeps, 'store' | 'clock'>, input: { userId: string; formerBankAccountId: string; bankAccountId: string }) {
  return runCommand(deps, {
    streamId: bankAccountsStreamId(input.userId),
    decider: bankAccountsDecider,
    command: { type: 'ReplaceLegacyBankAccountId', data: input, metadata: { now: deps.clock.now(), actor: 'system' } },
    eventIds: (events) => events.map(() => deterministicId('bankaccount', input.formerBankAccountId, 'id-replaced')),
  });
}
