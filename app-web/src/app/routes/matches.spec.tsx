// Proves the Payouts tab says what each payout was for (the game and the opponent, linked to the match) in money format, never a bet id; a frozen account cannot accept; the Disputed tab says the reason in the player’s language.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { MatchesRoute } from './matches';

afterEach(() => vi.unstubAllGlobals());

describe('MatchesRoute, Payouts', () => {
  it('names the game and the opponent of each payout, with the amount in money format', async () => {
    const me = crypto.randomUUID();
    const betId = '27d3a886-0000-4000-8000-000000000001';
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const { fetchFn } = fakeFetch({
      'GET /api/user': () => ({ body: { id: me, username: 'ada', email: 'ada@example.com', balance: '2000.00' } }),
      'GET /api/bets': () => ({
        body: [{ id: betId, gameType: 'fc25', amount: '1000.00', currency: 'NGN', status: 'completed', challengerId: me, opponentId: 'o1', winnerId: me, challenger: { id: me, username: 'ada' }, opponent: { id: 'o1', username: 'kola' }, createdAt: new Date().toISOString() }],
      }),
      'GET /api/transactions': () => ({ body: [{ id: 't1', type: 'bet_payout', status: 'completed', amount: '2000.00', currency: 'NGN', betId, createdAt: new Date().toISOString() }] }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<MatchesRoute />, { path: '/matches' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));
    const payouts = await screen.findByTestId('payouts');
    const link = await within(payouts).findByRole('link', { name: 'EA Sports FC 25 vs kola' });
    expect(link).toHaveAttribute('href', `/matches/${betId}`);
    expect(payouts).toHaveTextContent('₦2,000.00');
    expect(payouts).not.toHaveTextContent('27d3a886');
  });
});

describe('MatchesRoute, Pending', () => {
  it('on a frozen account Accept is closed up front and the notice gives the freeze reason; Decline stays open', async () => {
    const me = crypto.randomUUID();
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const invited = { id: crypto.randomUUID(), gameType: 'fc25', amount: '1000.00', currency: 'NGN', status: 'pending', challengerId: 'c1', opponentId: me, inviteLinkId: crypto.randomUUID(), challenger: { id: 'c1', username: 'kola' }, opponent: { id: me, username: 'ada' }, createdAt: new Date().toISOString() };
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: { id: me, username: 'ada', email: 'ada@example.com', balance: '2000.00', freezeReason: 'Chargeback under review' } }),
      'GET /api/bets': () => ({ body: [invited] }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<MatchesRoute />, { path: '/matches' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending' }));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(screen.getByTestId('frozen-money-notice')).toHaveTextContent('Reason: Chargeback under review');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('MatchesRoute, Disputed', () => {
  it('says why each bet is disputed in the player’s language, from the reason’s code', async () => {
    const me = crypto.randomUUID();
    const { i18n } = await import('../../lib/i18n');
    window.localStorage.setItem(AUTH_TOKEN_KEY, `token-${crypto.randomUUID()}`);
    const disputed = {
      id: crypto.randomUUID(), gameType: 'fc25', amount: '1000.00', currency: 'NGN', status: 'disputed', challengerId: me, opponentId: 'o1', challenger: { id: me, username: 'ada' }, opponent: { id: 'o1', username: 'kola' },
      challengerResult: 'lost', opponentResult: 'lost', disputeReason: 'Both players reported a loss', disputeReasonCode: 'both_reported_loss', createdAt: new Date().toISOString(),
    };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/user': () => ({ body: { id: me, username: 'ada', email: 'ada@example.com', balance: '2000.00' } }), 'GET /api/bets': () => ({ body: [disputed] }), 'GET /api/transactions': () => ({ body: [] }) }).fetchFn);
    await i18n.changeLanguage('es');
    try {
      renderWithApp(<MatchesRoute />, { path: '/matches' });
      await userEvent.click(await screen.findByRole('tab', { name: 'En disputa' }));
      expect(await screen.findByTestId('dispute-reason')).toHaveTextContent('Motivo: Los dos jugadores declararon una derrota');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
