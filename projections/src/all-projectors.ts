import type { Projector } from './projector.js';
import { ledgerProjector } from './ledger/index.js';
import { cryptoDepositsProjector, cryptoWithdrawalsProjector, paystackDepositsProjector, transactionsProjector, walletsProjector } from './wallet/index.js';
import { usersProjector } from './users/projector.js';
import { betTrailProjector, betsProjector, userStatsProjector } from './bets/index.js';
import { chatMessagesProjector, chatsProjector, moderationRequestsProjector } from './chat/index.js';
import { liveMatchesProjector } from './live/index.js';
import { fplPoolsProjector } from './pools/index.js';
import { stakeHoldsProjector } from './holds/index.js';
import { supportMessagesProjector } from './support/index.js';
import { walletSaferPlayProjector } from './wallet/safer-play.projector.js';
import { notificationsProjector } from './notifications/index.js';
import { bankAccountsProjector, bankWithdrawalsProjector } from './wallet/bank-payouts.projector.js';

/**
 * Every projector the runner feeds, in the order it feeds them. Add one line per read model.
 */
import { erasureRequestsProjector } from './privacy/erasure-requests.js';

export function allProjectors(): Projector[] {
  return [
    usersProjector,
    ledgerProjector, walletsProjector, transactionsProjector, paystackDepositsProjector, cryptoDepositsProjector, cryptoWithdrawalsProjector,
    betsProjector, userStatsProjector, betTrailProjector,
    chatsProjector, chatMessagesProjector, moderationRequestsProjector,
    liveMatchesProjector,
    fplPoolsProjector,
    stakeHoldsProjector,
    supportMessagesProjector,
    walletSaferPlayProjector,
    bankAccountsProjector, bankWithdrawalsProjector,
    notificationsProjector,
    erasureRequestsProjector,
  ];
}
