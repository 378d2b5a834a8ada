// Proves the NATS bus keeps the bus contract against a real NATS server (NATS_URL); skipped, and says so, without one.
import { describe, it } from 'vitest';
import { describeBusContract } from '@wager/domain/bus/bus.contract';
import { NatsBus } from './nats.js';

const url = process.env.NATS_URL;
if (url) {
  describeBusContract('nats', () => NatsBus.connect(url, 'wager-test'));
} else {
  describe('bus contract: nats', () => {
    it.skip('skipped: NATS_URL is not set', () => undefined);
  });
}
