/** The bus contract: run against the in-process bus and (when NATS_URL is set) NATS. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/types.js';
import type { Bus, BusMessage } from './types.js';

const recorded = (streamId: string, type: string): RecordedEvent => ({
  id: randomUUID(),
  type,
  data: { amount: '10.00' },
  metadata: {},
  streamId,
  streamRevision: 0,
  position: { commit: 1, prepare: 2 },
  recordedAt: new Date('2026-11-21T12:00:00Z'),
});

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

export function describeBusContract(name: string, create: () => Promise<Bus>): void {
  describe(`bus contract: ${name}`, () => {
    it('delivers published events on events.<streamType>.<streamId> to matching patterns only', async () => {
      const bus = await create();
      const betId = randomUUID();
      const bets: BusMessage[] = [];
      const oneBet: BusMessage[] = [];
      const wallets: BusMessage[] = [];
      const offBets = bus.subscribe('events.bet.*', (m) => bets.push(m));
      const offOne = bus.subscribe(`events.bet.${betId}`, (m) => oneBet.push(m));
      const offWallets = bus.subscribe('events.wallet.>', (m) => wallets.push(m));
      await new Promise((r) => setTimeout(r, 50));
      await bus.publish([recorded(`bet-${betId}`, 'BetCreated'), recorded(`bet-${randomUUID()}`, 'BetCreated'), recorded(`wallet-${randomUUID()}`, 'FundsDeposited')]);
      await eventually(() => bets.length >= 2 && wallets.length >= 1 && oneBet.length >= 1);
      expect(bets).toHaveLength(2);
      expect(oneBet).toHaveLength(1);
      expect(oneBet[0]!.subject).toBe(`events.bet.${betId}`);
      expect(oneBet[0]!.event).toMatchObject({ type: 'BetCreated', streamId: `bet-${betId}`, data: { amount: '10.00' }, recordedAt: '2026-11-21T12:00:00.000Z' });
      expect(wallets).toHaveLength(1);
      offBets();
      offOne();
      offWallets();
      await bus.publish([recorded(`bet-${betId}`, 'Later')]);
      await new Promise((r) => setTimeout(r, 100));
      expect(bets).toHaveLength(2);
      expect(bus.status().connected).toBe(true);
      await bus.close();
    });

    it('carries signals on their exact subject only, never to the event subscribers', async () => {
      const bus = await create();
      const heard: unknown[] = [];
      const other: unknown[] = [];
      const events: BusMessage[] = [];
      const off = bus.onSignal('sessions.revoked', (data) => heard.push(data));
      const offOther = bus.onSignal('sessions.other', (data) => other.push(data));
      const offEvents = bus.subscribe('events.>', (m) => events.push(m));
      await new Promise((r) => setTimeout(r, 50));
      const sessionId = randomUUID();
      await bus.signal('sessions.revoked', { sessionId });
      await eventually(() => heard.length >= 1);
      expect(heard).toEqual([{ sessionId }]);
      off();
      await bus.signal('sessions.revoked', { sessionId: 'later' });
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(1);
      expect(other).toEqual([]);
      expect(events).toEqual([]);
      await expect(bus.signal('events.bet.x', {})).rejects.toThrow();
      offOther();
      offEvents();
      await bus.close();
    });
  });
}
