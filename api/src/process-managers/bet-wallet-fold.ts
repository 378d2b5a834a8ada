import { foldStream, type RecordedEvent } from '@wager/domain';
import { walletDecider, type WalletState } from '@wager/domain/wallet/index';

export { availableBalance, DAILY_LIMIT_EXCEEDED, INSUFFICIENT_BALANCE, walletDecider, walletStreamId } from '@wager/domain/wallet/index';

export function foldStreamWallet(events: readonly RecordedEvent[]): WalletState {
  return foldStream(walletDecider, events);
}
