/**
 * Where a bet's appeal shows (issue 23 leaves appeals to their own change): the admin's dispute
 * review page and the players' match details both render this slot below the decision. It shows
 * nothing yet; the appeals work fills it with the appeal's state and actions.
 */
export function AppealSlot({ betId }: { betId: string; audience: 'admin' | 'player' }) {
  return <div className="appeal-slot" data-testid="appeal-slot" data-bet-id={betId} hidden />;
}
