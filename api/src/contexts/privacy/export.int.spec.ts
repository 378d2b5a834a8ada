// Proves GET /api/user/export: a person's copy holds what they entered (sign-up fields, chat messages they sent), their account and wallet events, their bets' streams, the postings to their accounts and their notifications; none of another person's words; visitors get 401; at most 5 an hour.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_PER_HOUR_MAX } from '@wager/domain/accounts/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { fundedPlayer, type Player } from '../bets/testing.js';
import type { PersonalDataExport } from './export.js';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'privacy_export' });
});
afterAll(async () => {
  await h.close();
});

async function acceptedBet(alice: Player, bob: Player) {
  const created = await h.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const bet = created.json().bet as { id: string; inviteLinkId: string };
  const accepted = await h.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const chat = await h.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers });
  return { betId: bet.id, chatId: (chat.json() as { id: string }).id };
}
const send = async (p: Player, chatId: string, content: string) => {
  const r = await h.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: p.headers, payload: { content } });
  expect(r.statusCode, r.body).toBeLessThan(300);
};
const exportOf = async (p: Player) => {
  const r = await h.app.inject({ method: 'GET', url: '/api/user/export', headers: p.headers });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-disposition']).toContain(`wager-data-${p.id}.json`);
  expect(r.headers['cache-control']).toBe('no-store');
  return r.json() as PersonalDataExport;
};

describe('GET /api/user/export', () => {
  it("holds what the person entered, their events, bets, postings and notifications, and none of the other player's words", async () => {
    const alice = await fundedPlayer(h, '1000.00');
    const bob = await fundedPlayer(h, '1000.00');
    const { betId, chatId } = await acceptedBet(alice, bob);
    await send(alice, chatId, 'alice says: kick-off at nine');
    await send(bob, chatId, 'bob says: fine by me');

    const copy = await exportOf(alice);
    expect(copy).toMatchObject({ format: 'wager-personal-data-export', version: 1, userId: alice.id, exportedAt: h.clock.now().toISOString() });
    expect(copy.profile).toMatchObject({ id: alice.id, username: alice.user.username, email: alice.user.email, dateOfBirth: alice.user.dateOfBirth });
    // What the person entered at sign-up, as the log recorded it.
    const registered = copy.events.find((e) => e.streamId === `user-${alice.id}` && e.revision === 0)!;
    expect(JSON.stringify(registered.data)).toContain(alice.user.email);
    expect(JSON.stringify(registered.data)).toContain(alice.user.username);
    expect(copy.events.some((e) => e.streamId === `wallet-${alice.id}`)).toBe(true);
    // Their bet, whole; the stake and the deposit among their postings.
    expect(copy.bets.map((b) => b.betId)).toEqual([betId]);
    expect(copy.bets[0]!.events.length).toBeGreaterThan(0);
    expect(copy.transactions.some((t) => t.account === `user:${alice.id}:available:NGN` && t.amount === '1000.00')).toBe(true);
    expect(copy.transactions.every((t) => t.account.startsWith(`user:${alice.id}:`))).toBe(true);
    // The messages they sent, and not the other player's.
    expect(copy.chatMessages.map((m) => m.content)).toEqual(['alice says: kick-off at nine']);
    expect(copy.chatMessages[0]).toMatchObject({ chatId, betId });
    expect(JSON.stringify(copy)).not.toContain('bob says');
    expect(JSON.stringify(copy)).not.toContain(bob.user.email);
    expect(Array.isArray(copy.notifications)).toBe(true);

    const bobs = await exportOf(bob);
    expect(bobs.chatMessages.map((m) => m.content)).toEqual(['bob says: fine by me']);
    expect(JSON.stringify(bobs)).not.toContain(alice.user.email);
  });

  it('refuses a visitor (401) and allows a few exports an hour (429 too_many_exports, then again after the hour)', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
    const carol = await fundedPlayer(h, '0');
    for (let i = 0; i < EXPORTS_PER_HOUR_MAX; i++) await exportOf(carol);
    const refused = await h.app.inject({ method: 'GET', url: '/api/user/export', headers: carol.headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'Too many data exports. Please try again later.', code: 'too_many_exports' });
    h.clock.advance(60 * 60 * 1000 + 1000);
    await exportOf(carol);
  });
});
