// Proves erasure on real PostgreSQL (older records naming the person included: a platform message's text, its row, another player's notification, mail and pushes, each redacted by id or, queued before ids were kept, by the name as a whole word): refused while a bet is open or a balance is left; then PersonErased, the key destroyed, sessions, credentials, claims and queued mail gone, login impossible; every stored event byte, hash chain and balance as before; no personal datum of the person readable in the log (through the app's store) or the read tables; a rebuild of the users read model yields the erased row again; the rest erased too (notifications, support messages, evidence files she uploaded and EvidencePurged on record, queued pushes and push devices, her chat texts); the other player untouched; only admins may erase (visitor 401, player 403, unknown 404).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_VALUE, erasedPlayerName } from '@wager/domain';
import { rebuildProjector } from '@wager/projections';
import { usersProjector } from '@wager/projections/users/projector';
import { chatMessagesProjector } from '@wager/projections/chat/messages.projector';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { makeAdmin } from '../../testing/users.js';
import { fundedPlayer, ledger, multipart, settleFollowUps, type Player } from '../bets/testing.js';
import { checkChain } from '../../runtime/trail.js';

let h: TestHarness;
let admin: Player;
beforeAll(async () => {
  h = await createTestHarness({ label: 'privacy_erasure' });
  admin = await fundedPlayer(h, '0');
  await makeAdmin(h, admin.id);
});
afterAll(async () => {
  await h.close();
});

const erase = (userId: string, headers?: { authorization: string }) => h.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/erase`, ...(headers ? { headers } : {}) });
async function rawLog(): Promise<string> {
  const { rows } = await sql<{ stream_id: string; data: unknown; metadata: unknown }>`select stream_id, data, metadata from es_events order by global_position`.execute(h.deps.db);
  return JSON.stringify(rows);
}

describe('erasing a person', () => {
  it('is refused while a bet is open or a balance is left, with the reason', async () => {
    const carol = await fundedPlayer(h, '300.00');
    const open = await h.app.inject({ method: 'POST', url: '/api/bets', headers: carol.headers, payload: { amount: '100', visibility: 'public' } });
    expect(open.statusCode, open.body).toBe(201);
    const refused = await erase(carol.id, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'Open bets must be settled or cancelled before the account can be erased', code: 'erasure_open_bets' });
    const betId = open.json().bet.id as string;
    expect((await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/cancel`, headers: carol.headers })).statusCode).toBeLessThan(300);
    const balanceLeft = await erase(carol.id, admin.headers);
    expect(balanceLeft.statusCode).toBe(409);
    expect(balanceLeft.json()).toMatchObject({ error: 'The balance must be withdrawn before the account can be erased', code: 'erasure_balance_left' });
    // Nothing was written or destroyed.
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: carol.headers })).json()).toMatchObject({ email: carol.user.email });
  });

  it('destroys the key and replaces the person everywhere, leaving the books, the log and its chains as they were', async () => {
    const alice = await fundedPlayer(h, '0');
    const bob = await fundedPlayer(h, '250.00');
    expect((await h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: alice.headers, payload: { psnUsername: `${alice.user.username}_psn2` } })).statusCode).toBe(200);
    // A chat message of hers (as the chat context records one), projected to chat_messages.
    const chatId = randomUUID();
    const posted = await h.deps.store.append(`chat-${chatId}`, [{ id: randomUUID(), type: 'MessagePosted', data: { messageId: randomUUID(), chatId, senderId: alice.id, type: 'text', content: `words of ${alice.user.username}`, postedAt: h.clock.now().toISOString() } }]);
    await h.deps.projections.waitFor(posted.position);
    expect(await h.deps.db.selectFrom('chat_messages').select('content').where('chat_id', '=', chatId).execute()).toEqual([{ content: `words of ${alice.user.username}` }]);
    // (her birth date is every test user's: it is checked on her own events below)
    const personal = [alice.user.email, alice.user.username, `${alice.user.username}_psn2`, `${alice.user.username}#1234`, `words of ${alice.user.username}`];

    const booksBefore = await ledger(h);
    const logBefore = await rawLog();
    const done = await erase(alice.id, admin.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true, userId: alice.id });

    // The log: the stored bytes before are unchanged (one PersonErased appended), every chain intact, the books the same.
    const logAfter = await rawLog();
    expect(logAfter.startsWith(logBefore.slice(0, -1))).toBe(true);
    const events = await h.deps.store.readStream(`user-${alice.id}`);
    expect(events.at(-1)).toMatchObject({ type: 'PersonErased', data: { userId: alice.id, by: `admin:${admin.id}` } });
    for (const streamId of [`user-${alice.id}`, `wallet-${alice.id}`, `user-${bob.id}`]) expect(await checkChain(h.deps.store, streamId)).toMatchObject({ intact: true });
    expect(await ledger(h)).toEqual(booksBefore);

    // No personal datum of hers readable: not in the log as the app reads it, not in the raw log, not in any table that held one.
    const readable = JSON.stringify((await h.deps.store.readAll()).map((e) => e.data));
    for (const datum of personal) {
      expect(readable).not.toContain(datum);
      expect(logAfter).not.toContain(datum);
    }
    expect(events[0]!.data).toMatchObject({ email: ERASED_VALUE, username: ERASED_VALUE, dateOfBirth: ERASED_VALUE });
    const row = await h.deps.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: erasedPlayerName(alice.id), email: `erased-${alice.id}@erased.invalid`, phone_number: null, psn_username: null, activision_id: null, date_of_birth: null, ip_address: null });
    for (const table of ['sessions', 'credentials', 'account_claims'] as const) {
      expect(await h.deps.db.selectFrom(table).select('user_id').where('user_id', '=', alice.id).execute()).toEqual([]);
    }
    expect(await h.deps.db.selectFrom('email_outbox').select('id').where('to_address', '=', alice.user.email).execute()).toEqual([]);
    await h.settle();
    expect(await h.deps.db.selectFrom('chat_messages').select('content').where('chat_id', '=', chatId).execute()).toEqual([{ content: ERASED_VALUE }]);

    // Her session has ended and no login is possible.
    expect((await h.app.inject({ method: 'GET', url: '/api/user', headers: alice.headers })).statusCode).toBe(401);
    const login = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: alice.user.username, password: alice.password } });
    expect(login.statusCode).toBe(401);

    // A rebuild of the users read model after erasure yields the erased row again.
    await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: usersProjector });
    expect(await h.deps.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow()).toMatchObject({ username: erasedPlayerName(alice.id), email: `erased-${alice.id}@erased.invalid`, date_of_birth: null });
    expect(await h.deps.db.selectFrom('users').select('email').where('id', '=', bob.id).executeTakeFirstOrThrow()).toEqual({ email: bob.user.email });
    await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: chatMessagesProjector });
    expect(await h.deps.db.selectFrom('chat_messages').select('content').where('chat_id', '=', chatId).execute()).toEqual([{ content: ERASED_VALUE }]);

    // Again: nothing more happens.
    expect((await erase(alice.id, admin.headers)).statusCode).toBe(200);
    expect((await h.deps.store.readStream(`user-${alice.id}`)).length).toBe(events.length);
  });

  it('erases the rest: her notifications, support messages, evidence files, queued pushes and devices, chat texts; the other player keeps theirs', async () => {
    const alice = await fundedPlayer(h, '102.00');
    const bob = await fundedPlayer(h, '102.00');
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'private', opponentId: bob.id } });
    const bet = created.json().bet as { id: string; inviteLinkId: string };
    expect((await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
    await settleFollowUps(h);
    const chatId = chatIdOfBet(bet.id);
    const words = `alice says ${randomUUID()}`;
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: alice.headers, payload: { content: words } })).statusCode).toBe(201);
    expect((await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: bob.headers, payload: { content: 'gg' } })).statusCode).toBe(201);
    const aliceBytes = Buffer.from(`alice-png-${randomUUID()}`);
    const bobBytes = Buffer.from(`bob-png-${randomUUID()}`);
    for (const [p, result, bytes] of [[alice, 'lost', aliceBytes], [bob, 'won', bobBytes]] as const) {
      const form = multipart({ result }, [{ name: 'evidence', filename: 'score.png', contentType: 'image/png', bytes }]);
      expect((await h.app.inject({ method: 'POST', url: `/api/bets/${bet.id}/result`, headers: { ...p.headers, ...form.headers }, payload: form.payload })).statusCode).toBe(200);
    }
    const support = { kind: 'contact', name: `Alice ${randomUUID()}`, email: alice.user.email, subject: 'About my account', message: `my secret ${randomUUID()}`, clientMessageId: randomUUID() };
    expect((await h.app.inject({ method: 'POST', url: '/api/support/messages', headers: alice.headers, payload: support, remoteAddress: '10.9.0.1' })).statusCode).toBe(201);
    await h.deps.db.insertInto('push_subscriptions').values({ id: randomUUID(), user_id: alice.id, endpoint: `https://push.example/${randomUUID()}`, p256dh: 'key', auth: 'auth', user_agent: 'Firefox', device_label: 'Firefox on Linux' }).execute();
    await h.deps.db.insertInto('push_outbox').values({ id: randomUUID(), user_id: alice.id, title: 'You lost', url: '/' }).execute();
    await settleFollowUps(h);
    expect((await h.deps.db.selectFrom('bets').select('status').where('id', '=', bet.id).executeTakeFirstOrThrow()).status).toBe('completed');
    expect((await h.deps.db.selectFrom('notifications').select('id').where('user_id', '=', alice.id).execute()).length).toBeGreaterThan(0);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const file = (b: Buffer) => join(h.deps.config.DATA_DIR, 'evidence', sha(b));
    expect(existsSync(file(aliceBytes))).toBe(true);
    const booksBefore = await ledger(h);

    expect((await erase(alice.id, admin.headers)).statusCode).toBe(200);
    await h.settle();

    expect(await h.deps.db.selectFrom('notifications').select('id').where('user_id', '=', alice.id).execute()).toEqual([]);
    expect((await h.deps.db.selectFrom('notifications').select('id').where('user_id', '=', bob.id).execute()).length).toBeGreaterThan(0);
    expect(await h.deps.db.selectFrom('support_messages').select(['name', 'email', 'subject', 'message']).where('user_id', '=', alice.id).execute()).toEqual([{ name: ERASED_VALUE, email: ERASED_VALUE, subject: ERASED_VALUE, message: ERASED_VALUE }]);
    for (const table of ['push_subscriptions', 'push_outbox'] as const) expect(await h.deps.db.selectFrom(table).select('id').where('user_id', '=', alice.id).execute()).toEqual([]);
    expect(existsSync(file(aliceBytes))).toBe(false);
    expect(existsSync(file(bobBytes))).toBe(true);
    const chatEvents = await h.deps.store.readStream(`chat-${chatId}`);
    expect(chatEvents.find((e) => e.type === 'EvidencePurged')?.data).toMatchObject({ reason: 'erasure', files: [{ sha256: sha(aliceBytes), reporterId: alice.id }] });
    expect(await h.deps.db.selectFrom('chat_messages').select(['sender_id', 'content']).where('chat_id', '=', chatId).where('type', '=', 'message').orderBy('stream_revision').execute()).toEqual([
      { sender_id: alice.id, content: ERASED_VALUE },
      { sender_id: bob.id, content: 'gg' },
    ]);
    const raw = await rawLog();
    const readable = JSON.stringify((await h.deps.store.readAll()).map((e) => e.data));
    for (const datum of [words, support.name, support.message, alice.user.email]) {
      expect(raw).not.toContain(datum);
      expect(readable).not.toContain(datum);
    }
    expect(await checkChain(h.deps.store, `chat-${chatId}`)).toMatchObject({ intact: true });
    expect(await ledger(h)).toEqual(booksBefore);
  });

  it('leaves her name nowhere in older records: a platform message whose text named her, its row, and a notification of another player that carried her username', async () => {
    const alice = await fundedPlayer(h, '0');
    const bob = await fundedPlayer(h, '0');
    const name = alice.user.username;
    const at = h.clock.now().toISOString();
    const chatId = randomUUID();
    const messageId = randomUUID();
    const notificationId = randomUUID();
    // As recorded before platform texts named nobody and notifications named people by id.
    await h.deps.store.append(`chat-${chatId}`, [
      { id: randomUUID(), type: 'ChatCreated', data: { chatId, betId: chatId, participant1Id: alice.id, participant2Id: bob.id, createdAt: at } },
      { id: randomUUID(), type: 'MessagePosted', data: { messageId, chatId, senderId: 'system', type: 'system', content: `${name} reported: lost`, notice: { kind: 'result_reported', params: { reporterId: alice.id, result: 'lost' } }, postedAt: at } },
    ]);
    const raised = await h.deps.store.append(`notifications-${bob.id}`, [
      { id: notificationId, type: 'NotificationRaised', data: { notificationId, userId: bob.id, type: 'result_reported', params: { betId: chatId, reporter: name, result: 'lost', deadlineAt: at }, link: `/matches/${chatId}`, sourceEventId: randomUUID(), occurredAt: at, showAt: at, channels: ['in_app'], raisedAt: at } },
    ]);
    await h.deps.projections.waitFor(raised.position);
    // A row projected before, with her name in its text.
    const olderRowId = randomUUID();
    await h.deps.db.insertInto('chat_messages').values({ id: olderRowId, chat_id: chatId, stream_revision: 99, sender_id: 'system', type: 'system', content: `${name} reported: won`, notice: JSON.stringify({ kind: 'result_reported', params: { reporterId: alice.id, result: 'won' } }), created_at: at }).execute();
    // Mail and pushes to bob: one naming her by id, one queued before ids were kept, one naming a longer name that contains hers, and a mail that is no notification.
    const mail = (id: string, kind: string, text: string, named: string[]) => ({ id, to_address: bob.user.email, subject: text, text_body: text, html_body: `<p>${text}</p>`, kind, user_id: bob.id, status: 'sent' as const, attempts: 1, created_at: at, next_attempt_at: at, named_user_ids: named });
    const [byId, older, longer, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await h.deps.db
      .insertInto('email_outbox')
      .values([
        mail(byId, 'notification-result_reported', `${name} reported a loss`, [alice.id]),
        mail(older, 'notification-challenge_received', `New challenge from ${name.toUpperCase()}`, []),
        mail(longer, 'notification-challenge_received', `New challenge from ${name}_2`, []),
        mail(other, 'support-reply', `about ${name}`, []),
      ])
      .execute();
    await h.deps.db.insertInto('push_outbox').values([{ id: byId, user_id: bob.id, title: `${name} reported a result`, url: '/', named_user_ids: [alice.id] }, { id: older, user_id: bob.id, title: `${name} accepted your challenge`, url: '/' }]).execute();
    const messages = async () => ((await h.app.inject({ method: 'GET', url: `/api/chats/${chatId}/messages`, headers: bob.headers })).json() as { id: string; content: string }[]).filter((m) => m.id === messageId || m.id === olderRowId).map((m) => m.content);
    const notification = async () => ((await h.app.inject({ method: 'GET', url: '/api/notifications', headers: bob.headers })).json().notifications as { id: string; params: Record<string, string | null> }[]).find((n) => n.id === notificationId);
    // Before: the chat answers her name, from the notice; the stored text and the notification hold none.
    expect(await messages()).toEqual([`${name} reported: lost`, `${name} reported: won`]);
    expect((await h.deps.db.selectFrom('chat_messages').select('content').where('id', '=', messageId).executeTakeFirstOrThrow()).content).toBe('A player reported: lost');
    expect((await notification())?.params).toEqual({ betId: chatId, result: 'lost', deadlineAt: at });

    expect((await erase(alice.id, admin.headers)).statusCode).toBe(200);
    await h.settle();

    const pseudonym = erasedPlayerName(alice.id);
    expect(await messages()).toEqual([`${pseudonym} reported: lost`, `${pseudonym} reported: won`]);
    const rows = async () => (await h.deps.db.selectFrom('chat_messages').select('content').where('id', 'in', [messageId, olderRowId]).orderBy('stream_revision').execute()).map((r) => r.content);
    expect(await rows()).toEqual(['A player reported: lost', 'A player reported: won']);
    expect((await notification())?.params).not.toHaveProperty('reporter');
    const readable = JSON.stringify([...(await h.deps.store.readStream(`chat-${chatId}`)), ...(await h.deps.store.readStream(`notifications-${bob.id}`))].map((e) => e.data));
    expect(readable).not.toContain(name);
    for (const stream of [`chat-${chatId}`, `notifications-${bob.id}`]) expect(await checkChain(h.deps.store, stream)).toMatchObject({ intact: true });
    await rebuildProjector({ store: h.deps.store, db: h.deps.db, projector: chatMessagesProjector });
    expect(await rows()).toEqual(['A player reported: lost']);
    const mails = await h.deps.db.selectFrom('email_outbox').select(['id', 'subject', 'text_body', 'html_body']).where('id', 'in', [byId, older, longer, other]).execute();
    const mailOf = (id: string) => mails.find((m) => m.id === id);
    expect(mailOf(byId)).toMatchObject({ subject: `${pseudonym} reported a loss`, text_body: `${pseudonym} reported a loss`, html_body: `<p>${pseudonym} reported a loss</p>` });
    expect(mailOf(older)).toMatchObject({ subject: `New challenge from ${pseudonym}` });
    // Not her name as a word, and not a notification: left as they are.
    expect(mailOf(longer)).toMatchObject({ subject: `New challenge from ${name}_2` });
    expect(mailOf(other)).toMatchObject({ subject: `about ${name}` });
    expect((await h.deps.db.selectFrom('push_outbox').select('title').where('id', 'in', [byId, older]).orderBy('title').execute()).map((r) => r.title)).toEqual([`${pseudonym} accepted your challenge`, `${pseudonym} reported a result`]);
  });

  it('only an admin may erase: visitor 401, player 403, unknown person 404', async () => {
    const dave = await fundedPlayer(h, '0');
    expect((await erase(dave.id)).statusCode).toBe(401);
    expect((await erase(dave.id, dave.headers)).statusCode).toBe(403);
    const unknown = await erase('00000000-0000-4000-8000-000000000000', admin.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'user_not_found' });
  });
});
