// Proves bank account ids tell nothing about the account number: a new account's id is a random UUID (not the old UUIDv5 of the number), adding it again finds it by its keyed fingerprint, the number is in no event; an account added before (derivable id) is moved to a random id by an event, with its withdrawals, once, and the player adding the same number again finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccountsStreamId, legacyBankAccountIdOf } from '@wager/domain/wallet/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { paystackClient } from '../../adapters/providers.js';
import { sandboxAccountName } from '../../sandbox/paystack/transfers.js';
import { LegacyBankAccountIdJob } from './bank-account-ids.js';

let h: TestHarness;
let job: LegacyBankAccountIdJob;
const DAY = 24 * 60 * 60 * 1000;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  h = await createTestHarness({ label: 'bankaccountids' });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  job = new LegacyBankAccountIdJob(h.deps);
  await h.app.inject({ method: 'POST', url: '/sandbox/paystack/_control/transfers', payload: { reset: true, delayMs: 0, outcome: 'success' } });
});
afterAll(async () => {
  await h.close();
});

type AccountJson = { id: string; accountNumber: string; bankCode: string };
async function addAccount(player: Player, accountNumber: string, bankCode = '058'): Promise<AccountJson> {
  const r = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: player.headers, payload: { bankCode, accountNumber } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function accounts(player: Player): Promise<AccountJson[]> {
  return (await h.app.inject({ method: 'GET', url: '/api/bank-accounts', headers: player.headers })).json();
}
async function withdrawals(player: Player): Promise<{ id: string; status: string; bankAccountId: string; notBefore: string; requestedAt: string }[]> {
  return (await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank', headers: player.headers })).json();
}
async function verify(player: Player) {
  await h.deps.db.updateTable('users').set({ is_email_verified: true, is_phone_verified: true }).where('id', '=', player.id).execute();
}
async function waitForPaid(player: Player, id: string) {
  await eventually(() => withdrawals(player), (list) => list.find((w) => w.id === id)?.status === 'paid', `withdrawal ${id} paid`);
}

describe('new bank accounts', () => {
  it('get a random id, not the UUIDv5 of the number; adding the same number again finds the same account; no event holds the number', async () => {
    const player = await fundedPlayer(h, '0');
    const number = '0987654321';
    const added = await addAccount(player, number);
    expect(added.id).toMatch(UUID_V4);
    expect(added.id).not.toBe(legacyBankAccountIdOf(player.id, '058', number));
    expect(await addAccount(player, number)).toEqual(added);
    const other = await addAccount(player, '0987654320');
    expect(other.id).not.toBe(added.id);
    expect((await accounts(player)).map((a) => a.id).sort()).toEqual([added.id, other.id].sort());
    const events = await h.deps.store.readStream(bankAccountsStreamId(player.id));
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events.map((e) => ({ ...(e.data as object), bankAccountId: null })))).not.toContain(number);
    // Trying every candidate number against the id recovers nothing: the id is no function of (user, bank, number).
    const another = await fundedPlayer(h, '0');
    expect((await addAccount(another, number)).id).not.toBe(added.id);
  });
});

describe('bank accounts added before ids were random', () => {
  it('are given a random id by an event, once; their withdrawals follow; adding the number again finds them', async () => {
    const player = await fundedPlayer(h, '5000.00');
    await verify(player);
    const number = '0123498765';
    const legacyId = legacyBankAccountIdOf(player.id, '058', number);
    const { recipientCode } = await paystackClient(h.app).createRecipient({ name: sandboxAccountName(number), accountNumber: number, bankCode: '058', currency: 'NGN' });
    // What the old code appended: the id derived from the number, no fingerprint.
    const appended = await h.deps.store.append(
      bankAccountsStreamId(player.id),
      [
        {
          id: crypto.randomUUID(),
          type: 'BankAccountAdded',
          data: { userId: player.id, bankAccountId: legacyId, bankCode: '058', bankName: 'Guaranty Trust Bank', accountName: sandboxAccountName(number), accountNumberMasked: '******8765', recipientCode, addedAt: h.clock.now().toISOString() },
          metadata: { actor: player.id },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await h.deps.projections.waitFor(appended.position);
    h.clock.advance(DAY + 1000);
    const first = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { amount: '1000.00', bankAccountId: legacyId } });
    expect(first.statusCode, first.body).toBe(200);
    await waitForPaid(player, first.json().id);

    expect(await job.tick()).toBeGreaterThanOrEqual(1);
    const [moved] = await accounts(player);
    expect(moved!.id).toMatch(UUID_V4);
    expect(moved!.id).not.toBe(legacyId);
    expect(moved!.accountNumber).toBe('******8765');
    expect((await withdrawals(player)).map((w) => w.bankAccountId)).toEqual([moved!.id]);
    const stream = await h.deps.store.readStream(bankAccountsStreamId(player.id));
    expect(stream.map((e) => e.type)).toEqual(['BankAccountAdded', 'BankAccountIdReplaced']);
    // Once: a second pass finds nothing for this player.
    await job.tick();
    expect((await h.deps.store.readStream(bankAccountsStreamId(player.id))).length).toBe(2);
    // The derived id is no longer accepted; the new one is.
    const byOldId = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { amount: '1000.00', bankAccountId: legacyId } });
    expect(byOldId.statusCode).toBe(404);
    expect(byOldId.json()).toEqual({ error: 'Bank account not found', code: 'bank_account_not_found' });
    const second = await h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers: player.headers, payload: { amount: '1000.00', bankAccountId: moved!.id } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().bankAccountId).toBe(moved!.id);
    // Typing the same number again finds the account (by its former id), adds nothing.
    expect((await addAccount(player, number)).id).toBe(moved!.id);
    expect((await h.deps.store.readStream(bankAccountsStreamId(player.id))).length).toBe(2);
  });
});
