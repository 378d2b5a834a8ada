import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { useUser } from '../../auth';
import { isActive } from '../../bets';
import { CodLivePanel } from './cod-live-panel';
import { Fc25LivePanel } from './fc25-live-panel';

/** Spec "Match Chat": while the bet is accepted or live (in_progress), the COD live tracker for cod bets and the live match panel for the others. */
export function LiveMatchSection({ bet }: { bet: Bet }) {
  const { data: user } = useUser();
  if (!isActive(bet)) return null;
  const isPlayer = user?.id === bet.challengerId || user?.id === bet.opponentId;
  return bet.gameType === 'cod' ? <CodLivePanel bet={bet} isPlayer={isPlayer} /> : <Fc25LivePanel bet={bet} />;
}
