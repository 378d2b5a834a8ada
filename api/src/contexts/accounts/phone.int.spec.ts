// Proves phone verification by SMS: the Termii adapter over HTTP against the Termii sandbox (sent, refused, retried), a code sent to a number typed as 0803… verifies it in E.164, the rate limits (60 s resend, 5 codes per number a day, 5 wrong tries, 10-minute expiry), a verified number cannot verify another account (even when two race), and both routes' authorization.
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStreamId } from '@wager/domain/accounts/index';
import { phoneStreamIdFor } from './commands/phone-streams.js';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { TERMII_SANDBOX_API_KEY, selfBaseUrl, smsSenderFromConfig } from '../../adapters/providers.js';
import { termiiSender } from '../../adapters/sms/termii.js';
import { SmsSendError } from '../../adapters/sms/port.js';
import { SMS_CLAIM_LEASE_MS, sendDueSms } from '../../adapters/sms/sender-job.js';
import { enqueueSms } from '../../adapters/sms/outbox.js';
import type { SmsSender } from '../../adapters/sms/port.js';
import { recordingStatements } from '../../testing/statement-recorder.js';

let h: TestHarness;
let sandboxUrl: string;
beforeAll(async () => {
  h = await createTestHarness({ label: 'phone', env: { PROVIDER_TIMEOUT_MS: '2000' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  sandboxUrl = `${selfBaseUrl(h.app)}/sandbox/termii`;
});
afterAll(async () => {
  await h.close();
});

/** A fresh valid MTN-style number, as a Nigerian types it, and its E.164 form. */
function freshNumber(): { typed: string; e164: string } {
  const rest = String(randomInt(10_000_000)).padStart(7, '0');
  return { typed: `0803 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+234803${rest}` };
}
const requestCode = (token: string | null, phone: string) => h.app.inject({ method: 'POST', url: '/api/user/phone', headers: token ? authHeader(token) : {}, payload: { phone } });
const verifyCode = (token: string | null, code: string) => h.app.inject({ method: 'POST', url: '/api/user/phone/verify', headers: token ? authHeader(token) : {}, payload: { code } });
const sandboxSender = () => smsSenderFromConfig(h.deps.config, sandboxUrl);
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Waits for the reactor to queue the user's next SMS, sends the outbox through the sandbox over HTTP, and reads the code the sandbox received for it. */
async function deliveredCode(userId: string, e164: string, seen: readonly string[] = []): Promise<string> {
  const { id } = (await eventually(
    () => h.deps.db.selectFrom('sms_outbox').select(['id']).where('user_id', '=', userId).where('to_phone', '=', e164).$if(seen.length > 0, (q) => q.where('id', 'not in', seen)).orderBy('created_at', 'desc').executeTakeFirst(),
    (row) => row !== undefined,
    `an SMS queued for ${e164}`,
  ))!;
  await sendDueSms(h.deps, sandboxSender());
  const { provider_message_id: messageId } = await h.deps.db.selectFrom('sms_outbox').select('provider_message_id').where('id', '=', id).executeTakeFirstOrThrow();
  const inbox = await h.app.inject({ method: 'GET', url: `/dev/mailbox/sms?to=${encodeURIComponent(e164)}` });
  const message = (inbox.json() as { id: string; text: string }[]).find((m) => m.id === messageId);
  const match = /code is (\d{6})/.exec(message?.text ?? '');
  if (!match) throw new Error(`no code in ${JSON.stringify(message)}`);
  return match[1]!;
}
async function queuedIds(userId: string): Promise<string[]> {
  return (await h.deps.db.selectFrom('sms_outbox').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
}

describe('the Termii adapter against the Termii sandbox, over HTTP', () => {
  it('sends a plain message on the DND route to the number without its +, and the sandbox shows it in the dev mailbox', async () => {
    const { e164 } = freshNumber();
    const sent = await sandboxSender().send({ id: 'm1', to: e164, text: 'hello from the adapter' });
    expect(sent.providerMessageId).toMatch(/^\d+$/);
    const inbox = (await h.app.inject({ method: 'GET', url: `/dev/mailbox/sms?to=${encodeURIComponent(e164)}` })).json();
    expect(inbox).toEqual([expect.objectContaining({ id: sent.providerMessageId, to: e164, from: 'Wager', text: 'hello from the adapter', channel: 'dnd' })]);
    const page = await h.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`SMS to ${e164}`);
  });

  it('a wrong key is a permanent refusal; an outage is worth retrying', async () => {
    const wrongKey = termiiSender({ baseUrl: sandboxUrl, apiKey: 'not-the-key', senderId: 'Wager', channel: 'dnd', timeoutMs: 2000 });
    const refused = await wrongKey.send({ id: 'm2', to: '+2348030000000', text: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsSendError);
    expect(refused).toMatchObject({ retryable: false, message: 'Termii 401: Unauthorized' });
    await h.app.inject({ method: 'POST', url: '/sandbox/termii/_control/faults', payload: { status: 503, count: 1 } });
    const outage = await sandboxSender().send({ id: 'm3', to: '+2348030000000', text: 'x' }).catch((e: unknown) => e);
    expect(outage).toMatchObject({ retryable: true });
    const nowhere = termiiSender({ baseUrl: 'http://127.0.0.1:1', apiKey: TERMII_SANDBOX_API_KEY, senderId: 'Wager', channel: 'dnd', timeoutMs: 2000 });
    expect(await nowhere.send({ id: 'm4', to: '+2348030000000', text: 'x' }).catch((e: unknown) => e)).toMatchObject({ retryable: true });
  });

  it('the outbox retries an outage and fails a permanent refusal at once', async () => {
    const { token, user } = await signUpUser(h);
    const { typed, e164 } = freshNumber();
    await h.app.inject({ method: 'POST', url: '/sandbox/termii/_control/faults', payload: { status: 503, count: 1 } });
    expect((await requestCode(token, typed)).statusCode).toBe(200);
    await eventually(() => queuedIds(user.id), (ids) => ids.length > 0, 'an SMS queued');
    await sendDueSms(h.deps, sandboxSender());
    const [retrying] = await h.deps.db.selectFrom('sms_outbox').selectAll().where('user_id', '=', user.id).execute();
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Termii 503: Sandbox fault 503' });
    h.clock.advance(2000);
    await sendDueSms(h.deps, sandboxSender());
    expect(await h.deps.db.selectFrom('sms_outbox').select(['status', 'attempts', 'transport']).where('user_id', '=', user.id).executeTakeFirst()).toEqual({ status: 'sent', attempts: 2, transport: 'termii' });
    expect((await h.app.inject({ method: 'GET', url: `/dev/mailbox/sms?to=${encodeURIComponent(e164)}` })).json()).toHaveLength(1);

    h.clock.advance(60_000);
    const other = freshNumber();
    expect((await requestCode(token, other.typed)).statusCode).toBe(200);
    await eventually(() => queuedIds(user.id), (ids) => ids.length >= 2, 'a second SMS queued');
    const wrongKey = termiiSender({ baseUrl: sandboxUrl, apiKey: 'revoked', senderId: 'Wager', channel: 'dnd', timeoutMs: 2000 });
    await sendDueSms(h.deps, wrongKey);
    expect(await h.deps.db.selectFrom('sms_outbox').select(['status', 'attempts']).where('to_phone', '=', other.e164).executeTakeFirst()).toEqual({ status: 'failed', attempts: 1 });
  });

  it('a round claims its messages with one statement and marks sent, refused and expired ones with one more; a sender stopped between the two leaves them for after its claim', async () => {
    const now = h.clock.now();
    const sms = (to: string, expiresAt = new Date(now.getTime() + 600_000)) => ({ id: randomUUID(), to, text: 'Your code is 123456', kind: 'test', userId: null, expiresAt });
    const [sent, refused, expired] = [sms(freshNumber().e164), sms('+2348030000000'), sms(freshNumber().e164, now)];
    for (const message of [sent, refused, expired]) await enqueueSms(h.deps.db, message, now);
    const recorded = recordingStatements(h.deps.db);
    const fake: SmsSender = {
      name: 'fake',
      send: async (message) => {
        if (message.to === refused.to) throw new SmsSendError('bad sender ID', false);
        return { providerMessageId: `p-${message.id}` };
      },
    };
    await sendDueSms({ ...h.deps, db: recorded.db }, fake);
    expect(recorded.statements).toHaveLength(2);
    expect(recorded.statements[0]).toMatch(/^update "sms_outbox" set claimed_until = \$1 where id in \(select .* for update skip locked\) returning \*$/);
    expect(recorded.statements[1]).toMatch(/^update "sms_outbox" as o set .* from unnest\(/);
    const rows = await h.deps.db.selectFrom('sms_outbox').select(['id', 'status', 'attempts', 'last_error', 'claimed_until']).where('id', 'in', [sent.id, refused.id, expired.id]).execute();
    const byId = new Map(rows.map(({ id, ...state }) => [id, state]));
    expect([sent, refused, expired].map((message) => byId.get(message.id))).toEqual([
      { status: 'sent', attempts: 1, last_error: null, claimed_until: null },
      { status: 'failed', attempts: 1, last_error: 'bad sender ID', claimed_until: null },
      { status: 'failed', attempts: 0, last_error: 'expired before it could be sent', claimed_until: null },
    ]);

    const stranded = sms(freshNumber().e164);
    await enqueueSms(h.deps.db, stranded, h.clock.now());
    // The provider call hangs, as a process that died there: the round never marks.
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    void sendDueSms(h.deps, { name: 'stuck', send: () => (started(), new Promise<never>(() => undefined)) });
    await sending;
    const delivered: string[] = [];
    const after: SmsSender = { name: 'fake', send: async (message) => (delivered.push(message.id), { providerMessageId: `p-${message.id}` }) };
    await sendDueSms(h.deps, after);
    expect(delivered).not.toContain(stranded.id);
    h.clock.advance(SMS_CLAIM_LEASE_MS);
    await sendDueSms(h.deps, after);
    expect(delivered.filter((id) => id === stranded.id)).toHaveLength(1);
    expect(await h.deps.db.selectFrom('sms_outbox').select(['status', 'claimed_until']).where('id', '=', stranded.id).executeTakeFirst()).toEqual({ status: 'sent', claimed_until: null });
  });
});

describe('POST /api/user/phone and /api/user/phone/verify', () => {
  it('a number typed as 0803… gets a code by SMS that verifies it in E.164; no event holds the code', async () => {
    const { token, user } = await signUpUser(h);
    const { typed, e164 } = freshNumber();
    const sent = await requestCode(token, typed);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, phone: e164, retryAfter: 60 });
    const code = await deliveredCode(user.id, e164);
    const phoneStream = await phoneStreamIdFor(h.deps, e164);
    const events = [...(await h.deps.store.readStream(userStreamId(user.id))), ...(await h.deps.store.readStream(phoneStream))];
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(code);
    // The number is sealed in the events' stored form, and the number's stream is named by its key, not by the number.
    const { rows } = await sql<{ stream_id: string; data: unknown }>`select stream_id, data from es_events where stream_id in (${phoneStream}, ${userStreamId(user.id)})`.execute(h.deps.db);
    expect(rows.filter((r) => r.stream_id === phoneStream).length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(e164.slice(4));
    const verified = await verifyCode(token, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ isPhoneVerified: true, phoneNumber: e164 });
    expect((await requestCode(token, typed)).json()).toEqual({ error: 'This phone number is already verified', code: 'phone_already_verified' });
  });

  it('refuses what is not a mobile number with the field named, and a code that is not 6 digits', async () => {
    const { token } = await signUpUser(h);
    for (const phone of ['080312345', 'abc', '0800 123 456 789']) {
      const refused = await requestCode(token, phone);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'Enter a valid mobile number, e.g. 0803 123 4567 or +234 803 123 4567', code: 'invalid_phone_number', field: 'phone' });
    }
    expect((await requestCode(token, '')).json()).toMatchObject({ error: 'Phone number is required' });
    expect((await verifyCode(token, '12ab')).json()).toMatchObject({ error: 'Verification code must be 6 digits' });
    expect((await verifyCode(token, '123456')).json()).toEqual({ error: 'Request a code first', code: 'phone_code_not_requested' });
  });

  it('one code per 60 s per account; 5 wrong tries lock the code; a code expires after 10 minutes', async () => {
    const { token, user } = await signUpUser(h);
    const { typed, e164 } = freshNumber();
    expect((await requestCode(token, typed)).statusCode).toBe(200);
    h.clock.advance(30_000);
    const early = await requestCode(token, typed);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ error: 'Please wait before requesting another code', code: 'resend_too_soon', params: { retryAfter: 30 }, retryAfter: 30 });
    const code = await deliveredCode(user.id, e164);
    for (let i = 1; i <= 5; i++) {
      const wrong = await verifyCode(token, otherCode(code));
      expect(wrong.json()).toEqual({ error: 'Invalid verification code', code: 'invalid_verification_code', params: { attemptsLeft: 5 - i }, attemptsLeft: 5 - i });
    }
    const locked = await verifyCode(token, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'verification_code_locked' });

    h.clock.advance(30_000);
    const seen = await queuedIds(user.id);
    expect((await requestCode(token, typed)).statusCode).toBe(200);
    const second = await deliveredCode(user.id, e164, seen);
    h.clock.advance(10 * 60 * 1000);
    const expired = await verifyCode(token, second);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'Verification code has expired. Request a new code.', code: 'verification_code_expired' });
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) })).json().isPhoneVerified).toBe(false);
  });

  it('at most 5 codes to one number in 24 hours, across accounts', async () => {
    const { typed } = freshNumber();
    const players = await Promise.all([1, 2, 3].map(() => signUpUser(h)));
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(players[i % 3]!.token, typed)).statusCode).toBe(200);
      h.clock.advance(61_000);
    }
    const capped = await requestCode(players[2]!.token, typed);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ error: 'Too many codes sent to this number today. Try again later.', code: 'phone_daily_limit' });
    expect(capped.json().retryAfter).toBe(24 * 3600 - 5 * 61);
    // A refusal for the account's own wait does not use up the number's allowance.
    h.clock.advance(capped.json().retryAfter * 1000);
    expect((await requestCode(players[2]!.token, typed)).statusCode).toBe(200);
  });

  it('a number verified by one account cannot verify another; freed when its holder changes number', async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const { typed, e164 } = freshNumber();
    expect((await requestCode(bob.token, typed)).statusCode).toBe(200);
    const bobCode = await deliveredCode(bob.user.id, e164);
    expect((await requestCode(alice.token, typed)).statusCode).toBe(200);
    expect((await verifyCode(alice.token, await deliveredCode(alice.user.id, e164))).statusCode).toBe(200);

    const taken = await verifyCode(bob.token, bobCode);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'This phone number is already verified on another account', code: 'phone_in_use' });
    h.clock.advance(61_000);
    expect((await requestCode(bob.token, typed)).json()).toMatchObject({ code: 'phone_in_use' });
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(bob.token) })).json().isPhoneVerified).toBe(false);

    const changed = await h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: authHeader(alice.token), payload: { phoneNumber: '+2348090000001' } });
    expect(changed.json().user).toMatchObject({ isPhoneVerified: false, phoneNumber: '+2348090000001' });
    expect((await requestCode(bob.token, typed)).statusCode).toBe(200);
  });

  it('two accounts verifying the same number at once: exactly one wins, the other gets 409', async () => {
    const { typed, e164 } = freshNumber();
    const [a, b] = await Promise.all([signUpUser(h), signUpUser(h)]);
    expect((await requestCode(a.token, typed)).statusCode).toBe(200);
    expect((await requestCode(b.token, typed)).statusCode).toBe(200);
    const codes = [await deliveredCode(a.user.id, e164), await deliveredCode(b.user.id, e164)];
    const answers = await Promise.all([verifyCode(a.token, codes[0]!), verifyCode(b.token, codes[1]!)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const claims = (await h.deps.store.readStream(await phoneStreamIdFor(h.deps, e164))).filter((e) => e.type === 'PhoneClaimed' || e.type === 'PhoneReleased');
    expect(claims.map((e) => e.type)).toEqual(['PhoneClaimed']);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    expect((claims[0]!.data as { userId: string }).userId).toBe(winner.user.id);
    const users = await h.deps.db.selectFrom('users').select(['id', 'is_phone_verified']).where('id', 'in', [a.user.id, b.user.id]).execute();
    expect(users.filter((u) => u.is_phone_verified).map((u) => u.id)).toEqual([winner.user.id]);
  });

  it('authorization: a visitor gets 401; an outsider cannot use another account\'s code; an admin verifies their own number', async () => {
    expect((await requestCode(null, '08031234567')).statusCode).toBe(401);
    expect((await verifyCode(null, '123456')).statusCode).toBe(401);

    const owner = await signUpUser(h);
    const outsider = await signUpUser(h);
    const { typed, e164 } = freshNumber();
    expect((await requestCode(owner.token, typed)).statusCode).toBe(200);
    const code = await deliveredCode(owner.user.id, e164);
    const stolen = await verifyCode(outsider.token, code);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'phone_code_not_requested' });
    const [ownerRow, outsiderRow] = await Promise.all([owner, outsider].map((p) => h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(p.token) })));
    expect([ownerRow!.json().isPhoneVerified, outsiderRow!.json().isPhoneVerified]).toEqual([false, false]);

    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const adminNumber = freshNumber();
    expect((await requestCode(admin.token, adminNumber.typed)).statusCode).toBe(200);
    expect((await verifyCode(admin.token, await deliveredCode(admin.user.id, adminNumber.e164))).json().user).toMatchObject({ isPhoneVerified: true, isAdmin: true });
  });
});
