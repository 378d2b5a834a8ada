// Proves a chat message posted through one app instance reaches a socket served by another instance on the same database, over a real NATS server (NATS_URL); skipped, and says so, without one.
import { describe, expect, it } from 'vitest';
import { NatsBus } from '../../adapters/bus/nats.js';
import { createTestHarness } from '../../testing/app.js';
import { eventually } from '../../testing/eventually.js';
import { fundedPlayer } from '../bets/testing.js';

const url = process.env.NATS_URL;

describe('chat across app instances over NATS', () => {
  it.skipIf(!url)('delivers new_message to a socket of the other instance', async () => {
    const a = await createTestHarness({ label: 'chat_nats', bus: await NatsBus.connect(url!, 'wager-test-a') });
    const b = await createTestHarness({ databaseUrl: a.databaseUrl, bus: await NatsBus.connect(url!, 'wager-test-b'), project: false });
    try {
      const [alice, bob] = [await fundedPlayer(a), await fundedPlayer(a)];
      const created = await a.app.inject({ method: 'POST', url: '/api/bets', headers: alice.headers, payload: { amount: '100', visibility: 'public' } });
      const bet = created.json().bet as { id: string; inviteLinkId: string };
      expect((await a.app.inject({ method: 'POST', url: `/api/challenges/accept/${bet.inviteLinkId}`, headers: bob.headers })).statusCode).toBe(200);
      const chatId = (await a.app.inject({ method: 'GET', url: `/api/chats/${bet.id}`, headers: alice.headers })).json().id as string;

      const socket = await b.app.injectWS('/ws');
      const heard: Record<string, unknown>[] = [];
      socket.on('message', (raw) => heard.push(JSON.parse(String(raw)) as Record<string, unknown>));
      const waitFor = async (predicate: (m: Record<string, unknown>) => boolean) => (await eventually(async () => heard.find(predicate), (m) => m !== undefined, 'a matching /ws message'))!;
      socket.send(JSON.stringify({ type: 'auth', token: bob.token }));
      await waitFor((m) => m.type === 'ready');
      socket.send(JSON.stringify({ type: 'join_chat', chatId }));
      await waitFor((m) => m.type === 'joined');

      const posted = await a.app.inject({ method: 'POST', url: `/api/chats/${chatId}/messages`, headers: alice.headers, payload: { content: 'across instances' } });
      expect(posted.statusCode, posted.body).toBe(201);
      const message = await waitFor((m) => m.type === 'new_message' && (m.message as { content: string }).content === 'across instances');
      expect(message).toEqual({ type: 'new_message', chatId, message: posted.json() });
      socket.terminate();
    } finally {
      await b.close();
      await a.close();
    }
  }, 60_000);
});
