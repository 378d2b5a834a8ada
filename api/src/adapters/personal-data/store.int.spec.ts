// Proves personal data in new events is stored sealed on real PostgreSQL: the es_events rows of a sign-up, a profile change and a chat message hold no email, username, birth date, phone or message text in clear, while the app (read models, deciders) sees them; the hash chains are over the stored form and verify; destroying the person's key leaves every stored byte and chain as it was and makes their fields read "[erased]" (other people's unchanged).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_VALUE } from '@wager/domain';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { fundedPlayer, type Player } from '../../contexts/bets/testing.js';
import { checkChain } from '../../runtime/trail.js';
import type { PersonalDataEventStore } from './store.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'personal_data' });
});
afterAll(async () => {
  await h.close();
});

const store = () => h.deps.store as PersonalDataEventStore;
async function rawRows(streamId: string): Promise<{ data: unknown; metadata: unknown }[]> {
  const { rows } = await sql<{ data: unknown; metadata: unknown }>`select data, metadata from es_events where stream_id = ${streamId} order by stream_revision`.execute(h.deps.db);
  return rows;
}
async function chatWith(alice: Player, bob: Player): Promise<string> {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
  return ((await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers })).json() as { id: string }).id;
}

describe('personal data in new events', () => {
  it('is stored sealed, read in clear by the app, and chains verify over the stored form', async () => {
    const alice = await fundedPlayer(h, '500.00');
    const bob = await fundedPlayer(h, '500.00');
    const changed = await h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: alice.headers, payload: { psnUsername: 'ada_on_psn' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const chatId = await chatWith(alice, bob);
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: alice.headers, payload: { content: 'my number is 0803 555 0101' } })).statusCode).toBeLessThan(300);

    const stored = JSON.stringify([...(await rawRows(`user-${alice.id}`)), ...(await rawRows(`chat-${chatId}`))]);
    for (const secret of [alice.user.email, alice.user.username, alice.user.dateOfBirth!, '+2348012345678', 'ada_on_psn', '0803 555 0101']) expect(stored).not.toContain(secret);
    expect(stored).toContain(`pd1.${alice.id}.`);

    // The app sees them: the read model, the decider's stream, the chat.
    const me = (await h.app.inject({ method: 'GET', url: '/api/user', headers: alice.headers })).json();
    expect(me).toMatchObject({ email: alice.user.email, username: alice.user.username, psnUsername: 'ada_on_psn', dateOfBirth: alice.user.dateOfBirth });
    const [registered] = await h.deps.store.readStream(`user-${alice.id}`);
    expect(registered!.data).toMatchObject({ email: alice.user.email, username: alice.user.username });
    const messages = (await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages`, headers: bob.headers })).json() as { content: string }[];
    expect(messages.map((m) => m.content)).toContain('my number is 0803 555 0101');

    for (const streamId of [`user-${alice.id}`, `chat-${chatId}`, `wallet-${alice.id}`]) expect(await checkChain(h.deps.store, streamId)).toMatchObject({ intact: true, breaks: 0 });

    // Destroying Alice's key: not a byte of the log changes, chains still verify, her fields read "[erased]", Bob's do not.
    const before = await rawRows(`user-${alice.id}`);
    await store().cipher.destroy(alice.id);
    expect(await rawRows(`user-${alice.id}`)).toEqual(before);
    for (const streamId of [`user-${alice.id}`, `chat-${chatId}`]) expect(await checkChain(h.deps.store, streamId)).toMatchObject({ intact: true, breaks: 0 });
    const [erased] = await h.deps.store.readStream(`user-${alice.id}`);
    expect(erased!.data).toMatchObject({ userId: alice.id, email: ERASED_VALUE, username: ERASED_VALUE, dateOfBirth: ERASED_VALUE, phoneNumber: ERASED_VALUE });
    const chat = await h.deps.store.readStream(`chat-${chatId}`);
    expect(JSON.stringify(chat.map((e) => e.data))).not.toContain('0803 555 0101');
    const [bobs] = await h.deps.store.readStream(`user-${bob.id}`);
    expect(bobs!.data).toMatchObject({ email: bob.user.email });
    // The person's key row is kept, its key gone, and cannot be given back.
    const row = await h.deps.db.selectFrom('person_data_keys').selectAll().where('user_id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ wrapped_key: null, destroyed_at: expect.any(Date) });
    await expect(h.deps.db.updateTable('person_data_keys').set({ wrapped_key: 'x', destroyed_at: null }).where('user_id', '=', alice.id).execute()).rejects.toThrow(/destroyed data key cannot change/);
    await expect(h.deps.db.deleteFrom('person_data_keys').where('user_id', '=', alice.id).execute()).rejects.toThrow(/never deleted/);
  });
});
