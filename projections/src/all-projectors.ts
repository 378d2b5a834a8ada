import type { Projector } from './projector.js';
import { ledgerProjector } from './ledger/index.js';
import { cryptoDepositsProjector, cryptoWithdrawalsProjector, paystackDepositsProjector, transactionsProjector, walletsProjector } from './wallet/index.js';
import { usersProjector } from './users/projector.js';
import { betStakeHoldsProjector, betTrailProjector, betsProjector, userStatsProjector } from './bets/index.js';
import { chatMessagesProjector, chatsProjector } from './chat/index.js';

/**
 * Every projector the runner feeds, in the order it feeds them. Add one line per read model.
 */
export function allProjectors(): Projector[] {
  return [
    usersProjector,
    ledgerProjector, walletsProjector, transactionsProjector, paystackDepositsProjector, cryptoDepositsProjector, cryptoWithdrawalsProjector,
    betsProjector, userStatsProjector, betStakeHoldsProjector, betTrailProjector,
    chatsProjector, chatMessagesProjector,
  ];
}
