// Proves notifications on PostgreSQL: the opponent of a reported result is told (in the app, with the contest deadline, and by email in their language with a one-click unsubscribe), a redelivered event stores nothing twice, a batch's notifications are one transaction, read marks and preferences work, the signed unsubscribe link switches a category off (its pages in the person's language: profile, else Accept-Language, else English), and every route's authorization.
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@wager/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { authHeader, signUpUser } from '../../testing/users.js';
import { WriteCountingEventStore } from '../../testing/write-counting-store.js';
import { chatIdOfBet } from '@wager/domain/chat/index';
import { setModeratorRole } from '../accounts/index.js';
import { executeWalletCommand } from '../wallet/index.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { notificationsEmailReactor, notificationsPushReactor, notificationsRaiseReactor } from './reactors.js';
import { unsubscribeSignature, unsubscribeKey } from './unsubscribe.js';
import { recordedEvent } from '@wager/projections/testing/projector-spec';

let h: TestHarness;
let alice: Player;
let bob: Player;
beforeAll(async () => {
  h = await createTestHarness({ label: 'notifications_api' });
  alice = await fundedPlayer(h);
  const b = await signUpUser(h, { preferredLanguage: 'es', timezone: 'Africa/Lagos' });
  await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId: b.user.id, depositId: randomUUID(), provider: 'paystack', reference: randomUUID(), amount: '1000.00', currency: 'NGN' }, metadata: { now: h.clock.now() } }, randomUUID());
  bob = { ...b, id: b.user.id, headers: authHeader(b.token) };
});
afterAll(async () => {
  await h.close();
});

type Listed = { notifications: { id: string; type: string; params: Record<string, string | null>; link: string; readAt: string | null }[]; nextCursor: string | null; counts: { unread: number; total: number } };
const list = async (p: Player, query = ''): Promise<Listed> => {
  const res = await h.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Waits until `p` has a notification of `type` (the reactor runs after the event's batch). */
async function notified(p: Player, type: string): Promise<Listed['notifications'][number]> {
  const listed = await eventually(
    async () => {
      await h.settle();
      return (await list(p, '?limit=50')).notifications.find((n) => n.type === type);
    },
    (found) => found !== undefined,
    `a ${type} notification for ${p.id}`,
  );
  return listed!;
}

async function mailOf(id: string) {
  return (await eventually(() => h.deps.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst(), (row) => row !== undefined, `mail ${id}`))!;
}

async function pushOf(id: string) {
  return (await eventually(() => h.deps.db.selectFrom('push_outbox').selectAll().where('id', '=', id).executeTakeFirst(), (row) => row !== undefined, `push ${id}`))!;
}

describe('a reported result', () => {
  let betId = '';
  it('tells the opponent who reported what and when the bet settles if they do nothing, in the app and by email in their language', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'private', opponentId: bob.id } });
    expect(created.statusCode, created.body).toBe(201);
    betId = created.json().bet.id;
    const received = await notified(bob, 'challenge_received');
    expect(received.params).toMatchObject({ challenger: alice.user.username, amount: '100.00' });
    const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${created.json().bet.inviteLinkId}`, headers: bob.headers });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await notified(alice, 'challenge_accepted')).params).toMatchObject({ opponent: bob.user.username });
    const reported = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: alice.headers, payload: { result: 'won' } });
    expect(reported.statusCode, reported.body).toBe(200);
    const n = await notified(bob, 'result_reported');
    const deadline = new Date(h.clock.now().getTime() + h.deps.config.BET_CONTEST_WINDOW_HOURS * 3600_000).toISOString();
    expect(n).toMatchObject({ params: { reporter: alice.user.username, result: 'won', deadlineAt: deadline, betId }, link: `/matches/${betId}`, readAt: null });

    const mail = await mailOf(n.id);
    expect(mail).toMatchObject({ to_address: bob.user.email, kind: 'notification-result_reported', subject: `${alice.user.username} informó un resultado` });
    expect(mail.text_body).toContain(`${alice.user.username} informó una victoria. Si no haces nada, la apuesta se liquida a favor de ${alice.user.username} mañana a las`);
    expect(mail.html_body).toContain(`/matches/${betId}`);
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const push = await pushOf(n.id);
    expect(push).toMatchObject({ user_id: bob.id, title: `${alice.user.username} informó un resultado`, url: `/matches/${betId}` });
    expect(mail.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?u=.+&c=results&s=.+>$/);
  });

  it('handling the reported event again, by either reactor, stores and mails nothing twice', async () => {
    const [event] = (await h.deps.store.readStream(`bet-${betId}`)).filter((e) => e.type === 'BetResultReported');
    await notificationsRaiseReactor(h.deps).handle(event!);
    await notificationsRaiseReactor(h.deps).handle(event!);
    const raised = (await h.deps.store.readStream(`notifications-${bob.id}`)).filter((e) => e.type === 'NotificationRaised' && (e.data as { sourceEventId: string }).sourceEventId === event!.id);
    expect(raised).toHaveLength(1);
    await notificationsEmailReactor(h.deps).handle(raised[0]!);
    const mails = await h.deps.db.selectFrom('email_outbox').select('id').where('user_id', '=', bob.id).where('kind', '=', 'notification-result_reported').execute();
    expect(mails).toHaveLength(1);
  });

  it('counts in /api/user, marks one read, then all, and the counts follow', async () => {
    const me = await h.app.inject({ method: 'GET', url: '/api/user', headers: bob.headers });
    const before = (await list(bob)).counts;
    expect(me.json().notifications).toEqual(before);
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const [first] = (await list(bob)).notifications;
    const one = await h.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bob.headers, payload: { ids: [first!.id] } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().counts).toEqual({ unread: before.unread - 1, total: before.total });
    const again = await h.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bob.headers, payload: { ids: [first!.id] } });
    expect(again.json().counts.unread).toBe(before.unread - 1);
    const all = await h.app.inject({ method: 'POST', url: '/api/notifications/read', headers: bob.headers, payload: { all: true } });
    expect(all.json().counts).toEqual({ unread: 0, total: before.total });
  });

  it('pages newest first with a cursor', async () => {
    const page1 = await list(bob, '?limit=1');
    expect(page1.notifications).toHaveLength(1);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await list(bob, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.notifications[0]!.id).not.toBe(page1.notifications[0]!.id);
    const everything = await list(bob, '?limit=50');
    expect(everything.notifications.map((n) => n.id).slice(0, 2)).toEqual([page1.notifications[0]!.id, page2.notifications[0]!.id]);
  });
});

describe('preferences and unsubscribe', () => {
  it('has sensible defaults and refuses to switch money or security email off', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/user/notification-preferences', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences.payments).toEqual({ in_app: true, email: true, push: true });
    expect(res.json().locked.payments).toEqual(['in_app', 'email']);
    const refused = await h.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: alice.headers, payload: { payments: { email: false } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'This notification cannot be switched off', code: 'notification_channel_locked' });
    const bad = await h.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: alice.headers, payload: { nonsense: { email: false } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    const ok = await h.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: alice.headers, payload: { pools: { email: false, push: false } } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().preferences.pools).toEqual({ in_app: true, email: false, push: false });
  });

  it('a signed link shows a confirmation page on GET and switches the category off on POST (RFC 8058), idempotently; a bad signature is a 403', async () => {
    const key = await unsubscribeKey(h.deps, h.clock.now());
    const url = `/api/notifications/unsubscribe?u=${bob.id}&c=results&s=${unsubscribeSignature(key, bob.id, 'results')}`;
    const page = await h.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect((await h.app.inject({ method: 'GET', url: '/api/user/notification-preferences', headers: bob.headers })).json().preferences.results.email).toBe(true);
    for (let i = 0; i < 2; i++) {
      const post = await h.app.inject({ method: 'POST', url, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(post.statusCode, post.body).toBe(200);
    }
    const prefs = await h.app.inject({ method: 'GET', url: '/api/user/notification-preferences', headers: bob.headers });
    expect(prefs.json().preferences.results).toEqual({ in_app: true, email: false, push: true });
    const sets = (await h.deps.store.readStream(`notifications-${bob.id}`)).filter((e) => e.type === 'NotificationPreferencesSet');
    expect(sets).toHaveLength(1);

    for (const forged of [
      `/api/notifications/unsubscribe?u=${alice.id}&c=results&s=${unsubscribeSignature(key, bob.id, 'results')}`,
      `/api/notifications/unsubscribe?u=${bob.id}&c=bets&s=${unsubscribeSignature(key, bob.id, 'results')}`,
      `/api/notifications/unsubscribe?u=${bob.id}&c=results&s=x`,
      `/api/notifications/unsubscribe?u=${bob.id}&c=results`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await h.app.inject({ method, url: forged });
        expect(res.statusCode, `${method} ${forged}`).toBe(403);
        expect(res.json()).toEqual({ error: 'This unsubscribe link is not valid', code: 'unsubscribe_link_invalid' });
      }
    }
  });
});

describe('the unsubscribe pages speak the person\'s language', () => {
  const urlFor = async (userId: string, category: 'challenges' | 'pools') => {
    const key = await unsubscribeKey(h.deps, h.clock.now());
    return `/api/notifications/unsubscribe?u=${userId}&c=${category}&s=${unsubscribeSignature(key, userId, category)}`;
  };

  it.each([
    ['es', {}, 'es', '¿Quieres dejar de recibir correos sobre desafíos?', 'Darme de baja', 'Te has dado de baja', 'Ya no recibirás correos sobre desafíos.'],
    ['fr', {}, 'fr', 'Ne plus recevoir d’e-mails concernant les défis ?', 'Me désabonner', 'Désabonnement confirmé', 'Vous ne recevrez plus d’e-mails concernant les défis.'],
    ['en', { 'accept-language': 'fr-FR,fr;q=0.9' }, 'en', 'Stop emails about challenges?', 'Unsubscribe', 'Unsubscribed', 'You will no longer get emails about challenges.'],
    ['de', { 'accept-language': 'de-DE,fr;q=0.8,es;q=0.5' }, 'fr', 'Ne plus recevoir d’e-mails concernant les défis ?', 'Me désabonner', 'Désabonnement confirmé', 'Vous ne recevrez plus d’e-mails concernant les défis.'],
    ['de', {}, 'en', 'Stop emails about challenges?', 'Unsubscribe', 'Unsubscribed', 'You will no longer get emails about challenges.'],
  ] as const)('profile %s, headers %j: the confirmation and the result in %s', async (profile, headers, locale, question, button, title, done) => {
    const person = await signUpUser(h, { preferredLanguage: profile });
    const url = await urlFor(person.user.id, 'challenges');
    const page = await h.app.inject({ method: 'GET', url, headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-language']).toBe(locale);
    expect(page.body).toContain(`<html lang="${locale}">`);
    expect(page.body).toContain(question);
    expect(page.body).toContain(`<button type="submit">${button}</button>`);
    const post = await h.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.headers['content-language']).toBe(locale);
    expect(post.body).toContain(`<h1>${title}</h1>`);
    expect(post.body).toContain(done);
    const prefs = await h.app.inject({ method: 'GET', url: '/api/user/notification-preferences', headers: authHeader(person.token) });
    expect(prefs.json().preferences.challenges.email).toBe(false);
  });
});

describe('authorization', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/notifications' },
    { method: 'POST' as const, url: '/api/notifications/read', payload: { all: true } },
    { method: 'GET' as const, url: '/api/user/notification-preferences' },
    { method: 'PUT' as const, url: '/api/user/notification-preferences', payload: { pools: { push: true } } },
  ];
  it.each(routes)('a visitor gets 401 from $method $url', async (route) => {
    const res = await h.app.inject({ ...route });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });

  it('another player sees none of my notifications and cannot mark them read (404)', async () => {
    const carol = await fundedPlayer(h, '0');
    const bobs = (await list(bob, '?limit=50')).notifications;
    const carols = await list(carol, '?limit=50');
    expect(carols.notifications.some((n) => bobs.some((b) => b.id === n.id))).toBe(false);
    const res = await h.app.inject({ method: 'POST', url: '/api/notifications/read', headers: carol.headers, payload: { ids: [bobs[0]!.id] } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Notification not found', code: 'notification_not_found' });
  });

  it('moderators and admins (each entitled role) are told when a moderator is requested; the players are not', async () => {
    const moderator = await fundedPlayer(h, '0');
    await h.app.inject({ method: 'POST', url: '/api/notifications/read', headers: moderator.headers, payload: { all: true } });
    await setModeratorRole(h.deps, moderator.id, randomUUID(), true);
    const other = await fundedPlayer(h);
    const c2 = await h.app.inject({ method: 'POST', url: '/api/bets', headers: other.headers, payload: { amount: '10', visibility: 'private', opponentId: alice.id } });
    await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${c2.json().bet.inviteLinkId}`, headers: alice.headers });
    await h.settle();
    const chat = await h.app.inject({ method: 'POST', url: `/api/chats/${chatIdOfBet(c2.json().bet.id)}/invite-moderator`, headers: alice.headers });
    expect(chat.statusCode, chat.body).toBeLessThan(300);
    const n = await notified(moderator, 'moderator_requested');
    expect(n.link).toBe(`/chat/${c2.json().bet.id}`);
    const alices = (await list(alice, '?limit=50')).notifications;
    expect(alices.some((x) => x.type === 'moderator_requested')).toBe(false);
  });
});

describe('the notifications of a batch of events', () => {
  it('are raised in one transaction across the people’s streams (both players of each settlement), and a batch handled again, larger after a crash, raises only what is missing', async () => {
    const [p1, p2, p3, p4, p5, p6] = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(h, '0')));
    // Events the harness's reactors never see (not in the log): only the calls below raise anything.
    const settled = (winner: Player, loser: Player): RecordedEvent => {
      const betId = randomUUID();
      const data = { betId, winnerId: winner.id, loserId: loser.id, payoutAmount: '190.00', currency: 'NGN', settledBy: 'agreement', settledAt: h.clock.now().toISOString() };
      return recordedEvent('BetSettled', data, { streamId: `bet-${betId}`, streamRevision: 5, recordedAt: h.clock.now() });
    };
    const batch = [settled(p1!, p2!), settled(p3!, p4!), settled(p5!, p6!)];
    const store = new WriteCountingEventStore(h.deps.store);
    const reactor = notificationsRaiseReactor({ ...h.deps, store });
    await reactor.handleBatch!(batch.slice(0, 2));
    expect({ writes: store.writes, events: store.events }).toEqual({ writes: 1, events: 4 });
    await reactor.handleBatch!(batch);
    expect({ writes: store.writes, events: store.events }).toEqual({ writes: 2, events: 6 });
    await reactor.handleBatch!(batch);
    await reactor.handle(batch[0]!);
    expect(store.writes).toBe(2);
    for (const [p, type] of [[p1, 'bet_won'], [p2, 'bet_lost'], [p5, 'bet_won'], [p6, 'bet_lost']] as const) {
      const raised = (await h.deps.store.readStream(`notifications-${p!.id}`)).filter((e) => e.type === 'NotificationRaised' && batch.some((b) => b.id === (e.data as { sourceEventId: string }).sourceEventId));
      expect(raised.map((e) => (e.data as { type: string }).type)).toEqual([type]);
    }
    // Their mails and pushes, queued with one statement per batch, handled twice: each once.
    const raised = (await Promise.all([p1, p2, p3, p4, p5, p6].map((p) => h.deps.store.readStream(`notifications-${p!.id}`)))).flat().filter((e) => e.type === 'NotificationRaised' && batch.some((b) => b.id === (e.data as { sourceEventId: string }).sourceEventId));
    expect(raised).toHaveLength(6);
    for (let i = 0; i < 2; i++) {
      await notificationsEmailReactor(h.deps).handleBatch!(raised);
      await notificationsPushReactor(h.deps).handleBatch!(raised);
    }
    const ids = raised.map((e) => (e.data as { notificationId: string }).notificationId);
    expect((await h.deps.db.selectFrom('email_outbox').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort()).toEqual([...ids].sort());
    expect((await h.deps.db.selectFrom('push_outbox').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort()).toEqual([...ids].sort());
  });
});
