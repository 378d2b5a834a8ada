// Proves the match details page (/matches/:id): a settled bet's players, timeline in order with times and evidence, the money as the ledger recorded it, links to the chat; a dispute voided by an admin shows the decision, who made it, the admin's notes, fees refunded and the appeal slot; 'Bet Not Found' when the API refuses.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/date-time';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { MatchDetailsRoute } from './match-details';

afterEach(() => vi.unstubAllGlobals());

const ann = { id: 'u-ann', username: 'ann', rating: 1016, wins: 1, losses: 0, psnUsername: 'ann_psn', isPsnVerified: true };
const bob = { id: 'u-bob', username: 'bob', rating: 984, wins: 0, losses: 1, psnUsername: 'bob_psn', isPsnVerified: false };
const betId = '11111111-2222-4333-8444-555555555555';
const details = {
  bet: { id: betId, gameType: 'fc25', amount: '100.00', currency: 'NGN', status: 'completed', challengerId: ann.id, opponentId: bob.id, challenger: ann, opponent: bob, actualWinner: ann.id, challengerResult: 'won', opponentResult: 'lost', createdAt: '2026-11-20T10:00:00.000Z' },
  timeline: [
    { type: 'BetCreated', at: '2026-11-20T10:00:00.000Z', actorId: ann.id, result: null, reason: null, winnerId: null, evidence: [] },
    { type: 'BetAccepted', at: '2026-11-20T10:05:00.000Z', actorId: bob.id, result: null, reason: null, winnerId: null, evidence: [] },
    { type: 'BetResultReported', at: '2026-11-20T11:00:00.000Z', actorId: ann.id, result: 'won', reason: null, winnerId: null, evidence: [{ sha256: 'a'.repeat(64), contentType: 'image/png', filename: 'score.png', url: `/api/bets/${betId}/evidence/${'a'.repeat(64)}` }] },
    { type: 'BetResultReported', at: '2026-11-20T11:02:00.000Z', actorId: bob.id, result: 'lost', reason: null, winnerId: null, evidence: [] },
    { type: 'BetSettled', at: '2026-11-20T11:02:01.000Z', actorId: null, result: null, reason: null, winnerId: ann.id, evidence: [] },
  ],
  money: {
    currency: 'NGN',
    stakes: [
      { userId: ann.id, stake: '100.00', fee: '2.00', total: '102.00', at: '2026-11-20T10:00:00.000Z' },
      { userId: bob.id, stake: '100.00', fee: '2.00', total: '102.00', at: '2026-11-20T10:05:00.000Z' },
    ],
    escrow: '200.00',
    fees: '4.00',
    feesStatus: 'charged',
    payout: { userId: ann.id, amount: '200.00', at: '2026-11-20T11:02:01.000Z' },
    refunds: [],
    postings: [],
  },
  resolution: null,
};
const voided = {
  ...details,
  bet: { ...details.bet, status: 'voided', actualWinner: null, challengerResult: 'won', opponentResult: 'won' },
  money: { ...details.money, feesStatus: 'refunded', payout: null, refunds: [{ userId: ann.id, amount: '102.00', at: '2026-11-20T12:00:00.000Z' }, { userId: bob.id, amount: '102.00', at: '2026-11-20T12:00:00.000Z' }] },
  resolution: { resolvedBy: { id: 'u-boss', username: 'boss' }, resolvedAt: '2026-11-20T12:00:00.000Z', winnerId: null, adminNotes: 'Neither screenshot shows the final score' },
};

function render(status: number, body: unknown = details) {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-x');
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/user': () => ({ body: { id: ann.id, username: 'ann', email: 'ann@example.com', balance: '0.00', cryptoBalance: '0.00' } }),
      [`GET /api/bets/${betId}/details`]: () => (status === 200 ? { body } : { status, body: { error: 'Bet Not Found' } }),
    }).fetchFn,
  );
  return renderWithApp(<p>elsewhere</p>, { path: `/matches/${betId}`, routes: [{ path: '/matches/:id', element: <MatchDetailsRoute /> }] });
}

describe('MatchDetailsRoute', () => {
  it('shows both players, the history in order with evidence, the money and the chat link of a settled bet', async () => {
    render(200);
    expect(await screen.findByRole('heading', { name: 'Match Details' })).toBeInTheDocument();
    const players = screen.getAllByTestId('match-player');
    expect(players[0]).toHaveTextContent('ann');
    expect(players[0]).toHaveTextContent('PSN verified');
    expect(players[1]).toHaveTextContent('bob');
    const steps = within(screen.getByTestId('match-timeline')).getAllByTestId('timeline-step');
    expect(steps.map((s) => s.getAttribute('data-type'))).toEqual(['BetCreated', 'BetAccepted', 'BetResultReported', 'BetResultReported', 'BetSettled']);
    expect(steps[2]).toHaveTextContent('ann reported: Won');
    expect(within(steps[2]!).getByTestId('evidence-thumb')).toHaveTextContent('score.png');
    expect(steps[4]).toHaveTextContent('Settled: ann won');
    expect(steps[4]).toHaveTextContent(formatDateTime('2026-11-20T11:02:01.000Z'));
    expect(screen.getByTestId('money-escrow')).toHaveTextContent('₦200.00');
    expect(screen.getByTestId('money-payout')).toHaveTextContent('₦200.00');
    expect(screen.getByTestId('bet-money')).toHaveTextContent('Stake of bob');
    expect(screen.getByTestId('details-chat-link')).toHaveAttribute('href', `/chat/${betId}`);
  });

  it('shows a voided dispute: the decision, who resolved it and when, the admin’s notes, fees refunded, and the appeal slot', async () => {
    render(200, voided);
    const resolution = await screen.findByTestId('match-resolution');
    expect(resolution).toHaveTextContent('Bet voided: stakes and fees refunded to both players');
    expect(within(resolution).getByTestId('match-resolved-by')).toHaveTextContent(`Resolved by boss on ${formatDateTime('2026-11-20T12:00:00.000Z')}`);
    expect(within(resolution).getByTestId('match-admin-notes')).toHaveTextContent('Neither screenshot shows the final score');
    expect(screen.getByTestId('money-fees')).toHaveAttribute('data-status', 'refunded');
    expect(screen.getByTestId('money-fees')).toHaveTextContent('₦4.00 refunded');
    expect(screen.getByTestId('appeal-slot')).toHaveAttribute('data-bet-id', betId);
  });

  it('says fees were charged on a settled bet and shows no decision', async () => {
    render(200);
    expect(await screen.findByTestId('money-fees')).toHaveTextContent('₦4.00 charged');
    expect(screen.queryByTestId('match-resolution')).toBeNull();
  });

  it("says 'Bet Not Found' when the API refuses the viewer", async () => {
    render(404);
    expect(await screen.findByTestId('bet-not-found')).toHaveTextContent('Bet Not Found');
  });
});
