// Proves, through the routes on PostgreSQL, that a profile change of the phone number gives the account's verified number back in the same commit as the change (another account can then verify it), refuses a new number another account holds verified with a 409 JSON error and writes nothing then, leaves the claim alone when the number does not change, and, crashed inside its one append, records neither the change nor the release.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_IN_USE, userStreamId } from '@wager/domain/accounts/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { crashMidAppend } from '../../testing/crash.js';
import { authHeader, signUpUser, type SignedUpUser } from '../../testing/users.js';
import { changeProfile, userStateOf } from './commands.js';
import { phoneStreamIdFor } from './commands/phone-streams.js';
import { PHONE_CODE_SECRET_NAME, appSecret, codeFor } from './secrets.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'profile_phone' });
});
afterAll(async () => {
  await h.close();
});

/** A fresh valid MTN-style number, as a Nigerian types it, and its E.164 form. */
function freshNumber(): { typed: string; e164: string } {
  const rest = String(randomInt(10_000_000)).padStart(7, '0');
  return { typed: `0803 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+234803${rest}` };
}
const patch = (user: SignedUpUser, payload: object) => h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: authHeader(user.token), payload });
const me = async (user: SignedUpUser) => (await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(user.token) })).json() as { phoneNumber: string | null; isPhoneVerified: boolean };

/** Requests a code for `typed` and verifies it, both through the routes (the code is derived from the one the account was sent). */
async function verify(user: SignedUpUser, typed: string) {
  h.clock.advance(61_000);
  const requested = await h.app.inject({ method: 'POST', url: '/api/user/phone', headers: authHeader(user.token), payload: { phone: typed } });
  if (requested.statusCode !== 200) return requested;
  const pending = (await userStateOf(h.deps, user.user.id)).pendingPhoneCode;
  const code = codeFor(await appSecret(h.deps.db, PHONE_CODE_SECRET_NAME, h.clock.now()), pending!.codeId);
  return h.app.inject({ method: 'POST', url: '/api/user/phone/verify', headers: authHeader(user.token), payload: { code } });
}

/** The claims and releases recorded on the number's stream, with the commit that recorded each. */
async function claimsOf(e164: string) {
  const streamId = await phoneStreamIdFor(h.deps, e164);
  const { rows } = await sql<{ type: string; user_id: string; commit: string }>`
    select type, data ->> 'userId' as user_id, transaction_id::text as commit from es_events where stream_id = ${streamId} and type in ('PhoneClaimed', 'PhoneReleased') order by global_position`.execute(h.deps.db);
  return rows;
}
async function lastUserEvent(userId: string) {
  const { rows } = await sql<{ type: string; commit: string }>`
    select type, transaction_id::text as commit from es_events where stream_id = ${userStreamId(userId)} order by global_position desc limit 1`.execute(h.deps.db);
  return rows[0]!;
}

describe('PATCH /api/user/profile with a new phone number', () => {
  it('releases the verified number in the same commit as the change, so another account verifies it', async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const old = freshNumber();
    expect((await verify(alice, old.typed)).statusCode).toBe(200);
    expect((await verify(bob, old.typed)).json()).toMatchObject({ code: 'phone_in_use' });

    const next = freshNumber();
    const changed = await patch(alice, { phoneNumber: next.e164 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ phoneNumber: next.e164, isPhoneVerified: false });
    const claims = await claimsOf(old.e164);
    expect(claims.map((c) => [c.type, c.user_id])).toEqual([['PhoneClaimed', alice.user.id], ['PhoneReleased', alice.user.id]]);
    const profileChanged = await lastUserEvent(alice.user.id);
    expect(profileChanged.type).toBe('ProfileChanged');
    expect(claims[1]!.commit).toBe(profileChanged.commit);

    const taken = await verify(bob, old.typed);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await me(bob)).toMatchObject({ phoneNumber: old.e164, isPhoneVerified: true });
    expect((await claimsOf(old.e164)).map((c) => [c.type, c.user_id]).at(-1)).toEqual(['PhoneClaimed', bob.user.id]);
    // The new number is not claimed by the change (nobody proved it is Alice's): she claims it by verifying it.
    expect(await claimsOf(next.e164)).toEqual([]);
    expect((await verify(alice, next.typed)).statusCode).toBe(200);
    expect((await claimsOf(next.e164)).map((c) => [c.type, c.user_id])).toEqual([['PhoneClaimed', alice.user.id]]);
  });

  it('refuses a number another account holds verified with 409 phone_in_use, and writes nothing', async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    const hers = freshNumber();
    const his = freshNumber();
    expect((await verify(alice, hers.typed)).statusCode).toBe(200);
    expect((await verify(bob, his.typed)).statusCode).toBe(200);
    const before = await lastUserEvent(alice.user.id);

    // Typed the Nigerian way: still his number.
    const refused = await patch(alice, { phoneNumber: his.typed, psnUsername: 'psn_refused' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: PHONE_IN_USE, code: 'phone_in_use' });
    expect(await lastUserEvent(alice.user.id)).toEqual(before);
    expect((await claimsOf(hers.e164)).map((c) => c.type)).toEqual(['PhoneClaimed']);
    expect(await me(alice)).toMatchObject({ phoneNumber: hers.e164, isPhoneVerified: true });
  });

  it('leaves the claim alone when the change names no new number', async () => {
    const alice = await signUpUser(h);
    const hers = freshNumber();
    expect((await verify(alice, hers.typed)).statusCode).toBe(200);
    expect((await patch(alice, { psnUsername: 'psn_other', phoneNumber: hers.e164 })).statusCode).toBe(200);
    expect(await me(alice)).toMatchObject({ phoneNumber: hers.e164, isPhoneVerified: true });
    expect((await claimsOf(hers.e164)).map((c) => c.type)).toEqual(['PhoneClaimed']);
  });

  it('crashed inside its one append, records neither the change nor the release; made again, records both once', async () => {
    const alice = await signUpUser(h);
    const hers = freshNumber();
    expect((await verify(alice, hers.typed)).statusCode).toBe(200);
    const before = await lastUserEvent(alice.user.id);
    const next = freshNumber();
    // The append visits its streams by id: `phone-…` before `user-…`, which the crash holds.
    const crashed = await crashMidAppend(h.databaseUrl, userStreamId(alice.user.id), () => changeProfile(h.deps, alice.user.id, { changes: { phoneNumber: next.e164 }, code: null }, h.clock.now()));
    expect(String(crashed)).toMatch(/terminat/);
    expect(await lastUserEvent(alice.user.id)).toEqual(before);
    expect((await claimsOf(hers.e164)).map((c) => c.type)).toEqual(['PhoneClaimed']);

    expect((await patch(alice, { phoneNumber: next.e164 })).statusCode).toBe(200);
    expect((await claimsOf(hers.e164)).map((c) => c.type)).toEqual(['PhoneClaimed', 'PhoneReleased']);
    expect(await me(alice)).toMatchObject({ phoneNumber: next.e164, isPhoneVerified: false });
  });
});
