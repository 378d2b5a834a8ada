// Proves the phone number's stream is named by a key, not the number: a verified number's stream id holds none of its digits; a stream named `phone-<e164>` (before) is moved by events on first use or by the job (who holds the number and the 24-hour code count carried over, the old stream closed, moved once); erasing the holder releases the number so another account can verify it.
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyPhoneStreamId, PHONE_CODES_PER_NUMBER_PER_DAY } from '@wager/domain/accounts/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { signUpUser } from '../../testing/users.js';
import { requestPhoneCode, verifyPhoneCode } from './commands.js';
import { PHONE_CODE_SECRET_NAME, appSecret, codeFor } from './secrets.js';
import { LegacyPhoneStreamJob, moveLegacyPhoneStream, phoneStreamIdFor } from './commands/phone-streams.js';
import { erasePerson } from '../privacy/erasure.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'phone_streams' });
});
afterAll(async () => {
  await h.close();
});

const freshE164 = () => `+234803${String(randomInt(10_000_000)).padStart(7, '0')}`;
/** Sends a code to the number and verifies it with the code the SMS would carry. */
async function verifyNumber(userId: string, e164: string) {
  const { codeId } = await requestPhoneCode(h.deps, userId, e164);
  const code = codeFor(await appSecret(h.deps.db, PHONE_CODE_SECRET_NAME, h.clock.now()), codeId);
  return verifyPhoneCode(h.deps, userId, code);
}
/** What the code before appended on `phone-<e164>`. */
async function legacyEvents(e164: string, events: { type: string; data: Record<string, unknown> }[]) {
  const appended = await h.deps.store.append(legacyPhoneStreamId(e164), events.map((e) => ({ id: randomUUID(), ...e })));
  await h.deps.projections.waitFor(appended.position);
}
const typesOf = async (streamId: string) => (await h.deps.store.readStream(streamId)).map((e) => e.type);

describe('the phone number stream', () => {
  it('a verified number is recorded on a stream whose id holds none of its digits', async () => {
    const { user } = await signUpUser(h);
    const e164 = freshE164();
    expect(await verifyNumber(user.id, e164)).toEqual({ verified: true, phone: e164 });
    const streamId = await phoneStreamIdFor(h.deps, e164);
    expect(streamId).toMatch(/^phone-[A-Za-z0-9_-]{43}$/);
    expect(streamId).not.toContain(e164.slice(4));
    expect(await typesOf(streamId)).toEqual(['PhoneCodeRequested', 'PhoneClaimed']);
    // No stream of the log is named by the number.
    const { rows } = await sql<{ n: string }>`select count(*) as n from es_events where stream_id like ${`%${e164.slice(4)}%`}`.execute(h.deps.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('an old `phone-<e164>` stream moves on first use: the holder carries over, the old stream is closed, once', async () => {
    const [alice, bob] = [await signUpUser(h), await signUpUser(h)];
    const e164 = freshE164();
    const t = h.clock.now().toISOString();
    await legacyEvents(e164, [
      { type: 'PhoneCodeRequested', data: { phone: e164, userId: alice.user.id, codeId: randomUUID(), requestedAt: t } },
      { type: 'PhoneClaimed', data: { phone: e164, userId: alice.user.id, claimedAt: t } },
    ]);
    // Bob asks for the number alice holds on the old stream: refused, as it was.
    await expect(requestPhoneCode(h.deps, bob.user.id, e164)).rejects.toMatchObject({ status: 409, code: 'phone_in_use' });
    const streamId = await phoneStreamIdFor(h.deps, e164);
    const moved = await h.deps.store.readStream(streamId);
    expect(moved.map((e) => e.type)).toEqual(['PhoneStreamCarriedOver']);
    expect(moved[0]!.data).toMatchObject({ claimedBy: alice.user.id, recentRequests: [t] });
    const old = await h.deps.store.readStream(legacyPhoneStreamId(e164));
    expect(old.map((e) => e.type)).toEqual(['PhoneCodeRequested', 'PhoneClaimed', 'PhoneStreamMoved']);
    expect(old[2]!.data).toMatchObject({ to: streamId });
    // A second move finds nothing to do; the next commands go to the keyed stream only.
    expect(await moveLegacyPhoneStream(h.deps, e164, streamId)).toBe(false);
    await expect(requestPhoneCode(h.deps, bob.user.id, e164)).rejects.toMatchObject({ code: 'phone_in_use' });
    expect(await typesOf(legacyPhoneStreamId(e164))).toHaveLength(3);
    expect(await typesOf(streamId)).toEqual(['PhoneStreamCarriedOver']);
  });

  it('the job moves every old stream nobody used since, once', async () => {
    const { user } = await signUpUser(h);
    const e164 = freshE164();
    const t = h.clock.now().toISOString();
    await legacyEvents(e164, [{ type: 'PhoneClaimed', data: { phone: e164, userId: user.id, claimedAt: t } }]);
    const job = new LegacyPhoneStreamJob(h.deps);
    expect(await job.tick()).toBeGreaterThanOrEqual(1);
    expect(await typesOf(legacyPhoneStreamId(e164))).toEqual(['PhoneClaimed', 'PhoneStreamMoved']);
    const streamId = await phoneStreamIdFor(h.deps, e164);
    expect(await h.deps.store.readStream(streamId)).toEqual([expect.objectContaining({ type: 'PhoneStreamCarriedOver', data: expect.objectContaining({ claimedBy: user.id }) })]);
    expect(await job.tick()).toBe(0);
  });

  it('the 24-hour code count of an old stream carries over', async () => {
    const { user } = await signUpUser(h);
    const e164 = freshE164();
    const t = h.clock.now().toISOString();
    await legacyEvents(
      e164,
      Array.from({ length: PHONE_CODES_PER_NUMBER_PER_DAY }, () => ({ type: 'PhoneCodeRequested', data: { phone: e164, userId: randomUUID(), codeId: randomUUID(), requestedAt: t } })),
    );
    await expect(requestPhoneCode(h.deps, user.id, e164)).rejects.toMatchObject({ status: 429, code: 'phone_daily_limit' });
    const [carried] = await h.deps.store.readStream(await phoneStreamIdFor(h.deps, e164));
    expect((carried!.data as { recentRequests: string[] }).recentRequests).toHaveLength(PHONE_CODES_PER_NUMBER_PER_DAY);
  });

  it('erasing the holder releases the number: another account can verify it', async () => {
    const [alice, bob] = [await signUpUser(h), await signUpUser(h)];
    const e164 = freshE164();
    expect(await verifyNumber(alice.user.id, e164)).toMatchObject({ verified: true });
    await expect(requestPhoneCode(h.deps, bob.user.id, e164)).rejects.toMatchObject({ code: 'phone_in_use' });
    await erasePerson(h.deps, alice.user.id, 'self');
    const streamId = await phoneStreamIdFor(h.deps, e164);
    expect(await typesOf(streamId)).toEqual(['PhoneCodeRequested', 'PhoneClaimed', 'PhoneReleased']);
    h.clock.advance(61_000);
    expect(await verifyNumber(bob.user.id, e164)).toEqual({ verified: true, phone: e164 });
    // Erasing again (idempotent) releases nothing more.
    await erasePerson(h.deps, alice.user.id, 'self');
    expect(await typesOf(streamId)).toEqual(['PhoneCodeRequested', 'PhoneClaimed', 'PhoneReleased', 'PhoneCodeRequested', 'PhoneClaimed']);
  });
});
