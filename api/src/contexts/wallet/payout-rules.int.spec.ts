// Proves payouts without a person in the loop against the Paystack sandbox over real HTTP: a verified player's withdrawal is paid with no admin action (the new-account wait shortened by BANK_NEW_ACCOUNT_WAIT_HOURS), two concurrent withdrawals cannot both fit the daily tier, each risk rule holds a withdrawal and the admin queue names it, a release pays it but it is not counted as automatic, and the payout time is the median of automatic payouts only, shown from 10 of them.
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, fullSignupPayload, latestVerificationCode, makeAdmin, waitForMail } from '../../testing/users.js';
import { selfBaseUrl, smsSenderFromConfig } from '../../adapters/providers.js';
import { sendDueSms } from '../../adapters/sms/sender-job.js';
import { fundedPlayer, multipart, type Player } from '../bets/testing.js';
import { executeWalletCommand } from './index.js';

let h: TestHarness;
let admin: Player;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  h = await createTestHarness({ label: 'payoutrules', env: { PROVIDER_TIMEOUT_MS: '2000', BANK_NEW_ACCOUNT_WAIT_HOURS: '0', PAYOUT_TIER_DAILY_MAX: '50000', PAYOUT_TIER_MONTHLY_MAX: '200000', PAYOUT_NEW_DEVICE_HOLD_HOURS: '12' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
});
afterAll(async () => {
  await h.close();
});

type WithdrawalJson = { id: string; status: string; waiting: string | null; requiresKyc: boolean };
type AdminWithdrawalJson = WithdrawalJson & { reviewReasons: string[]; automatic: boolean };

async function switches(body: Record<string, unknown>) {
  const r = await h.app.inject({ method: 'POST', url: '/sandbox/paystack/_control/transfers', payload: { reset: true, delayMs: 0, ...body } });
  expect(r.statusCode).toBe(200);
}
/**
 * The users read model's flags, which is what the payout rules read: a shortcut for the specs
 * whose subject is another rule (the first payout spec verifies through the real routes).
 */
async function verify(player: Player) {
  await h.deps.db.updateTable('users').set({ is_email_verified: true, is_phone_verified: true }).where('id', '=', player.id).execute();
}
/** Verifies the email with the mailed code and the phone with the code sent by SMS through the Termii sandbox. */
async function verifyThroughTheRoutes(player: Player) {
  const { code: emailCode } = await latestVerificationCode(h, player.user.email);
  const email = await h.app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: player.headers, payload: { code: emailCode } });
  expect(email.statusCode, email.body).toBe(200);
  const e164 = `+234803${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const asked = await h.app.inject({ method: 'POST', url: '/api/user/phone', headers: player.headers, payload: { phone: e164 } });
  expect(asked.statusCode, asked.body).toBe(200);
  const code = await eventually(
    async () => {
      await sendDueSms(h.deps, smsSenderFromConfig(h.deps.config, `${selfBaseUrl(h.app)}/sandbox/termii`));
      const inbox = (await h.app.inject({ method: 'GET', url: `/dev/mailbox/sms?to=${encodeURIComponent(e164)}` })).json() as { text: string }[];
      return inbox.map((m) => /code is (\d{6})/.exec(m.text)?.[1]).find((c) => c !== undefined);
    },
    (c) => c !== undefined,
    `an SMS code for ${e164}`,
  );
  const phone = await h.app.inject({ method: 'POST', url: '/api/user/phone/verify', headers: player.headers, payload: { code } });
  expect(phone.statusCode, phone.body).toBe(200);
  const user = (await h.app.inject({ method: 'GET', url: '/api/user', headers: player.headers })).json() as { isEmailVerified: boolean; isPhoneVerified: boolean };
  expect(user).toMatchObject({ isEmailVerified: true, isPhoneVerified: true });
}
let accountSeq = 0;
async function addAccount(player: Player) {
  accountSeq += 1;
  const accountNumber = `02${String(Date.now() % 1e5).padStart(5, '0')}${String(accountSeq).padStart(3, '0')}`;
  const r = await h.app.inject({ method: 'POST', url: '/api/bank-accounts', headers: player.headers, payload: { bankCode: '058', accountNumber } });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { id: string }).id;
}
async function readyPlayer(amount = '10000.00', options: { verified?: boolean } = {}) {
  const player = await fundedPlayer(h, amount);
  if (options.verified ?? true) await verify(player);
  return { player, accountId: await addAccount(player) };
}
function withdraw(headers: Record<string, string>, bankAccountId: string, amount: string) {
  return h.app.inject({ method: 'POST', url: '/api/withdrawals/bank', headers, payload: { amount, bankAccountId } });
}
async function withdrawOk(headers: Record<string, string>, bankAccountId: string, amount: string): Promise<WithdrawalJson> {
  const r = await withdraw(headers, bankAccountId, amount);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as WithdrawalJson;
}
async function adminQueue(): Promise<AdminWithdrawalJson[]> {
  const r = await h.app.inject({ method: 'GET', url: '/api/admin/withdrawals/bank', headers: admin.headers });
  expect(r.statusCode).toBe(200);
  return r.json() as AdminWithdrawalJson[];
}
async function status(player: Player, id: string): Promise<string> {
  const list = (await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank', headers: player.headers })).json() as WithdrawalJson[];
  return list.find((w) => w.id === id)!.status;
}
/** Waits on the read model (the webhook arrives on its own), never on a fixed sleep. */
async function waitForPaid(player: Player, id: string): Promise<void> {
  await eventually(() => status(player, id), (s) => s === 'paid', `withdrawal ${id} paid`);
}
async function rowOf(id: string) {
  return h.deps.db.selectFrom('bank_withdrawals').select(['automatic', 'review_reasons', 'kyc_pending']).where('id', '=', id).executeTakeFirstOrThrow();
}
async function payoutTime() {
  const r = await h.app.inject({ method: 'GET', url: '/api/withdrawals/bank/payout-time', headers: admin.headers });
  expect(r.statusCode).toBe(200);
  return r.json() as { medianMinutes: number | null; sample: number; sampleMin: number; automaticOnly: true };
}

describe('automatic payouts', () => {
  it('shows no payout time before there are 10 automatic payouts', async () => {
    expect(await payoutTime()).toEqual({ medianMinutes: null, sample: 0, sampleMin: 10, automaticOnly: true });
  });

  it("pays a verified player's withdrawal with no admin action, right after adding the account when the wait is configured to 0", async () => {
    await switches({ outcome: 'success' });
    const player = await fundedPlayer(h, '10000.00');
    await verifyThroughTheRoutes(player);
    const accountId = await addAccount(player);
    const created = await withdrawOk(player.headers, accountId, '5000.00');
    // Sent with no admin action; the sandbox's success webhook may already have marked it paid by the time the answer is read.
    expect(created).toMatchObject({ waiting: null, requiresKyc: false });
    expect(['sent', 'paid']).toContain(created.status);
    await waitForPaid(player, created.id);
    expect(await rowOf(created.id)).toEqual({ automatic: true, review_reasons: [], kyc_pending: false });
    expect((await adminQueue()).map((w) => w.id)).not.toContain(created.id);
  });

  it('lets only one of two concurrent withdrawals through the daily tier; the other waits for review, named over_daily_tier', async () => {
    await switches({ outcome: 'success' });
    const { player, accountId } = await readyPlayer('100000.00');
    const [a, b] = await Promise.all([withdrawOk(player.headers, accountId, '30000.00'), withdrawOk(player.headers, accountId, '30000.00')]);
    const held = [a, b].filter((w) => w.waiting === 'review');
    const went = [a, b].filter((w) => w.status !== 'requested');
    expect(held).toHaveLength(1);
    expect(went).toHaveLength(1);
    expect((await adminQueue()).find((w) => w.id === held[0]!.id)).toMatchObject({ reviewReasons: ['over_daily_tier'], automatic: false });
  });

  it('holds a withdrawal above the daily tier, and of an unverified player, naming each rule', async () => {
    await switches({ outcome: 'success' });
    const big = await readyPlayer('60000.00');
    const over = await withdrawOk(big.player.headers, big.accountId, '50000.01');
    const unverified = await readyPlayer('10000.00', { verified: false });
    const kyc = await withdrawOk(unverified.player.headers, unverified.accountId, '1000.00');
    const queue = await adminQueue();
    expect(queue.find((w) => w.id === over.id)).toMatchObject({ waiting: 'review', reviewReasons: ['over_daily_tier'], requiresKyc: false });
    expect(queue.find((w) => w.id === kyc.id)).toMatchObject({ waiting: 'review', reviewReasons: ['unverified'], requiresKyc: true });
  });

  it('holds the fourth withdrawal in a day, and pays it once an admin releases it, not counting it as automatic', async () => {
    await switches({ outcome: 'success' });
    const { player, accountId } = await readyPlayer();
    for (let i = 0; i < 3; i++) expect((await withdrawOk(player.headers, accountId, '1000.00')).waiting).toBeNull();
    const fourth = await withdrawOk(player.headers, accountId, '1000.00');
    expect((await adminQueue()).find((w) => w.id === fourth.id)).toMatchObject({ reviewReasons: ['too_many_withdrawals_today'] });
    const released = await h.app.inject({ method: 'POST', url: `/api/admin/withdrawals/bank/${fourth.id}/release`, headers: admin.headers, payload: { reason: 'Regular player' } });
    expect(released.statusCode, released.body).toBe(200);
    await waitForPaid(player, fourth.id);
    expect(await rowOf(fourth.id)).toMatchObject({ automatic: false, review_reasons: ['too_many_withdrawals_today'] });
  });

  it('holds a withdrawal for 24 h after a password reset', async () => {
    await switches({ outcome: 'success' });
    const { player, accountId } = await readyPlayer();
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email: player.user.email } })).statusCode).toBe(200);
    const mail = await waitForMail(h, player.user.email, 'password-reset');
    const token = /resetToken=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    h.clock.advance(1000);
    const reset = await h.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3w-passw0rd!' } });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset signed out every session; the player signs in again on the same device.
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: player.user.username, password: 'N3w-passw0rd!' } });
    expect(login.statusCode, login.body).toBe(200);
    const headers = authHeader((login.json() as { token: string }).token);
    const held = await withdrawOk(headers, accountId, '1000.00');
    expect((await adminQueue()).find((w) => w.id === held.id)).toMatchObject({ reviewReasons: ['credentials_changed_recently'] });
    h.clock.advance(24 * HOUR + 1000);
    expect((await withdrawOk(headers, accountId, '1000.00')).waiting).toBeNull();
  });

  it('holds a withdrawal for 24 h after the email address changed, even once the new address is verified', async () => {
    await switches({ outcome: 'success' });
    const { player, accountId } = await readyPlayer();
    h.clock.advance(1000);
    const changed = await h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: player.headers, payload: { email: `changed-${randomUUID().slice(0, 8)}@example.com` } });
    expect(changed.statusCode, changed.body).toBe(200);
    await verify(player);
    const held = await withdrawOk(player.headers, accountId, '1000.00');
    expect((await adminQueue()).find((w) => w.id === held.id)).toMatchObject({ reviewReasons: ['credentials_changed_recently'] });
  });

  it('holds a withdrawal from a device first seen within PAYOUT_NEW_DEVICE_HOLD_HOURS, and not once it has been known that long', async () => {
    await switches({ outcome: 'success' });
    const { player, accountId } = await readyPlayer();
    h.clock.advance(1000);
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': 'Mozilla/5.0 (Other Phone)' }, payload: { username: player.user.username, password: player.password } });
    expect(login.statusCode, login.body).toBe(200);
    const otherDevice = authHeader((login.json() as { token: string }).token);
    const held = await withdrawOk(otherDevice, accountId, '1000.00');
    expect((await adminQueue()).find((w) => w.id === held.id)).toMatchObject({ reviewReasons: ['new_device'] });
    expect((await withdrawOk(player.headers, accountId, '1000.00')).waiting).toBeNull(); // the sign-up device is known
    // PAYOUT_NEW_DEVICE_HOLD_HOURS is 12 in this harness.
    h.clock.advance(12 * HOUR + 1000);
    expect((await withdrawOk(otherDevice, accountId, '1000.00')).waiting).toBeNull();
  });

  it('holds the winnings of a bet against a player on the same device (same browser and address), not against one elsewhere', async () => {
    await switches({ outcome: 'success' });
    const { player: alice, accountId } = await readyPlayer();
    const bob = await fundedPlayer(h, '1000.00'); // signs up from the same user agent and address as alice
    const betWithBob = await settledBet(alice, bob);
    const held = await withdrawOk(alice.headers, accountId, '1000.00');
    expect((await adminQueue()).find((w) => w.id === held.id)).toMatchObject({ reviewReasons: ['winnings_from_linked_player'] });
    expect(betWithBob).toBeTruthy();

    const { player: dave, accountId: daveAccount } = await readyPlayer();
    const carol = await playerOnOwnDevice('Mozilla/5.0 (Carol Laptop)');
    await settledBet(dave, carol);
    expect((await withdrawOk(dave.headers, daveAccount, '1000.00')).waiting).toBeNull();
  });

  it('reports the median of automatic payouts only, from 10 of them', async () => {
    await switches({ outcome: 'success' });
    const paidCount = async (automaticOnly: boolean) => {
      const row = await h.deps.db
        .selectFrom('bank_withdrawals')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'paid')
        .$if(automaticOnly, (q) => q.where('automatic', '=', true))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    let time = await payoutTime();
    while (time.sample < 10) {
      expect(time.medianMinutes).toBeNull();
      expect(time.sample).toBeLessThanOrEqual(await paidCount(true));
      const { player, accountId } = await readyPlayer();
      const w = await withdrawOk(player.headers, accountId, '1000.00');
      await waitForPaid(player, w.id);
      time = await payoutTime();
    }
    // Paid within the minute on the test clock, as (nearly) all the automatic ones above.
    expect(time).toMatchObject({ medianMinutes: 1, automaticOnly: true });
    // The withdrawal an admin released above is paid, and not in the figure.
    expect(time.sample).toBeLessThanOrEqual(await paidCount(true));
    expect(await paidCount(true)).toBeLessThan(await paidCount(false));
  });
});

/** A player who signed up from another browser (a different user agent). */
async function playerOnOwnDevice(userAgent: string): Promise<Player> {
  const payload = fullSignupPayload(h);
  const r = await h.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'user-agent': userAgent }, payload });
  expect(r.statusCode, r.body).toBe(201);
  const body = r.json() as { token: string; user: Player['user'] };
  const player: Player = { token: body.token, user: body.user, password: String(payload.password), id: body.user.id, headers: { ...authHeader(body.token), 'user-agent': userAgent } as { authorization: string } };
  await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId: player.id, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount: '1000.00', currency: 'NGN' }, metadata: { now: h.clock.now() } }, randomUUID());
  return player;
}

/** `winner` challenges `loser` for 100, both report, `winner` wins; resolves when the bets read model shows it settled. */
async function settledBet(winner: Player, loser: Player): Promise<string> {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: winner.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: loser.headers })).statusCode).toBe(200);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddd4d60000000049454e44ae426082', 'hex');
  const form = multipart({ result: 'won' }, [{ name: 'evidence', filename: 'score.png', contentType: 'image/png', bytes: png }]);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...winner.headers, ...form.headers }, payload: form.payload })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: loser.headers, payload: { result: 'lost' } })).statusCode).toBe(200);
  await eventually(
    () => h.deps.db.selectFrom('bets').select(['status', 'actual_winner']).where('id', '=', bet.id).executeTakeFirst(),
    (row) => row?.status === 'completed' && row.actual_winner === winner.id,
    `bet ${bet.id} settled for ${winner.id}`,
  );
  return bet.id;
}
