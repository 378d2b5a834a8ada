// Proves the in-process bus keeps the bus contract (subjects, wildcards, unsubscribe).
import { describeBusContract } from './bus.contract.js';
import { InProcessBus } from './in-process.js';

describeBusContract('in-process', async () => new InProcessBus());
