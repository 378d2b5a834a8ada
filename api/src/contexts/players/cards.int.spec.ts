// Proves the process cache of players never serves a name, or stats, older than the last change the bus carried: after a rename the next bet answer and the next notification show the new name, after an erasure the next notification names the pseudonym, after a settlement the next answer shows the new record; and that a cached player costs no statement.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasedPlayerName } from '@wager/domain';
import type { NotificationRaisedData } from '@wager/domain/notifications/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, signUpUser } from '../../testing/users.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import { queueNotificationPushes } from '../notifications/reactors.js';
import { erasePerson } from '../privacy/erasure.js';
import { playerCards } from './cards.js';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness({ label: 'player_cards' });
});
afterAll(async () => {
  await h.close();
});

async function create(p: Player) {
  const res = await h.app.inject({ method: 'POST', url: '/api/bets', headers: p.headers, payload: { amount: '100', visibility: 'public' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bet as { id: string; challenger: { username: string; wins: number; losses: number } };
}

async function join(p: Player, betId: string) {
  const res = await h.app.inject({ method: 'POST', url: `/api/challenges/join/${betId}`, headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().bet as { challenger: { username: string } };
}

async function report(p: Player, betId: string, result: 'won' | 'lost') {
  const res = await h.app.inject({ method: 'POST', url: `/api/bets/${betId}/result`, headers: p.headers, payload: { result } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The push title of a "result reported" notification to `to` naming `reporterId`, queued now (the reactor's own function). */
async function pushTitle(to: string, reporterId: string): Promise<string> {
  const now = h.clock.now().toISOString();
  const d: NotificationRaisedData = {
    notificationId: randomUUID(),
    userId: to,
    type: 'result_reported',
    params: { reporterId, result: 'won', deadlineAt: now, betId: randomUUID() },
    link: '/matches',
    sourceEventId: randomUUID(),
    occurredAt: now,
    showAt: now,
    channels: ['push'],
    raisedAt: now,
  };
  await queueNotificationPushes(h.deps, [d]);
  return (await h.deps.db.selectFrom('push_outbox').select('title').where('id', '=', d.notificationId).executeTakeFirstOrThrow()).title;
}

describe('the process cache of players', () => {
  it('after a rename, the next bet answer and the next notification show the new name', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    // Both cached: alice's name by the answer and the notification, bob's language by the notification.
    const bet = await create(alice);
    expect(bet.challenger.username).toBe(alice.user.username);
    expect(await pushTitle(bob.id, alice.id)).toContain(alice.user.username);

    const newName = `renamed${randomUUID().slice(0, 8)}`;
    const renamed = await h.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: authHeader(alice.token), payload: { username: newName } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The read model shows the new name and the runner has published the event.
    await h.settle();

    expect((await join(bob, bet.id)).challenger.username).toBe(newName);
    expect(await pushTitle(bob.id, alice.id)).toContain(newName);
  });

  it('after an erasure, the next notification names the pseudonym', async () => {
    const carol = await signUpUser(h);
    const bob = await fundedPlayer(h);
    expect(await pushTitle(bob.id, carol.user.id)).toContain(carol.user.username);
    await erasePerson(h.deps, carol.user.id, 'self');
    await h.settle();
    const title = await pushTitle(bob.id, carol.user.id);
    expect(title).toContain(erasedPlayerName(carol.user.id));
    expect(title).not.toContain(carol.user.username);
  });

  it('after a settlement, the next answer shows the players new record', async () => {
    const alice = await fundedPlayer(h);
    const bob = await fundedPlayer(h);
    const bet = await create(alice);
    expect(bet.challenger).toMatchObject({ wins: 0, losses: 0 });
    await join(bob, bet.id);
    await report(alice, bet.id, 'lost');
    await report(bob, bet.id, 'won');
    await h.settle();
    expect((await create(alice)).challenger).toMatchObject({ wins: 0, losses: 1 });
  });

  it('a cached player costs no statement', async () => {
    const alice = await fundedPlayer(h);
    await playerCards(h.deps, [alice.id]);
    const db = h.deps.db;
    const hadOwn = Object.hasOwn(db, 'selectFrom');
    const original = db.selectFrom;
    let selects = 0;
    db.selectFrom = function (...args: unknown[]) {
      selects++;
      return (original as (...a: unknown[]) => unknown).apply(db, args);
    } as typeof db.selectFrom;
    let pending: ReturnType<typeof playerCards>;
    try {
      // A lookup starts its statement before its first await: counted right after the call, nothing else in the process adds to it.
      pending = playerCards(h.deps, [alice.id]);
    } finally {
      if (hadOwn) db.selectFrom = original;
      else delete (db as { selectFrom?: unknown }).selectFrom;
    }
    expect((await pending).get(alice.id)?.username).toBe(alice.user.username);
    expect(selects).toBe(0);
  });
});
