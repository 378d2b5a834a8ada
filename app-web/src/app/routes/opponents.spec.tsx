// Proves Find Opponents and the leaderboard panel: filters reach the API, a profile shows rating, record and badges, Challenge opens the create-challenge dialog with the opponent set and creates a direct challenge; the leaderboard shows ranks, the player's own rank, and switches game.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaderboardPanel } from '../../features/players/components/leaderboard-panel';
import { AUTH_TOKEN_KEY } from '../../lib/api-client';
import { fakeFetch, renderWithApp } from '../../testing/render';
import { OpponentsRoute } from './opponents';

afterEach(() => vi.unstubAllGlobals());

const me = { id: 'u-me', username: 'ann', email: 'ann@example.com', balance: '5000.00', cryptoBalance: '0.00', psnUsername: 'ann_psn', dailyLimit: '50000', dailySpent: '0' };
const bob = { id: '0b0b0b0b-0000-4000-8000-000000000000', username: 'bob', psnUsername: 'bob_psn', activisionId: null, isPsnVerified: true, isActivisionVerified: false, rating: 1016, wins: 3, losses: 1, online: true, lastSeenAt: new Date().toISOString() };

describe('OpponentsRoute', () => {
  it('filters, shows a profile, and challenges the player directly', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-x');
    const { fetchFn, calls } = fakeFetch({
      'GET /api/user': () => ({ body: me }),
      'GET /api/opponents': () => ({ body: { players: [bob], page: 1, totalPages: 1 } }),
      'POST /api/bets': () => ({ status: 201, body: { bet: { id: 'b1', status: 'pending' } } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<OpponentsRoute />, { path: '/opponents' });
    const card = await screen.findByTestId('opponent-card');
    expect(card).toHaveTextContent('bob');
    expect(card).toHaveTextContent('1016');
    expect(card).toHaveTextContent('3W-1L');
    expect(card).toHaveTextContent('PSN verified');
    expect(card).toHaveTextContent('Online');
    await userEvent.selectOptions(screen.getByLabelText('Game'), 'fc25');
    await userEvent.type(screen.getByLabelText('Minimum rating'), '900');
    await userEvent.click(screen.getByLabelText('Online recently'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('game=fc25') && c.url.includes('ratingMin=900') && c.url.includes('online=true'))).toBe(true));
    await userEvent.click(within(await screen.findByTestId('opponent-card')).getByRole('button', { name: 'Challenge bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('direct-opponent')).toHaveTextContent('Direct challenge to bob');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Challenge' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === '/api/bets')?.body).toMatchObject({ opponentId: bob.id, gameType: 'fc25' }));
  });
});

describe('LeaderboardPanel', () => {
  it('shows ranks with record, win rate and winnings, my rank, and switches game', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'token-x');
    const entry = (rank: number, id: string, username: string) => ({ rank, id, username, rating: 1100 - rank, wins: 4, losses: 1, winRate: 80, totalWinnings: '800.00' });
    const { fetchFn, calls } = fakeFetch({
      'GET /api/leaderboard': () => ({ body: { entries: [entry(1, 'u-x', 'xena'), entry(2, 'u-me', 'ann')], me: entry(2, 'u-me', 'ann'), currency: 'NGN', page: 1, totalPages: 1 } }),
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<LeaderboardPanel userId="u-me" />);
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows[0]).toHaveTextContent('#1');
    expect(rows[0]).toHaveTextContent('xena');
    expect(rows[0]).toHaveTextContent('4W-1L');
    expect(rows[0]).toHaveTextContent('80%');
    expect(rows[0]).toHaveTextContent('₦800.00');
    expect(rows[1]).toHaveClass('leaderboard-me');
    expect(screen.getByTestId('leaderboard-my-rank')).toHaveTextContent('Your rank: #2');
    expect(screen.getByTestId('leaderboard')).toHaveAttribute('id', 'leaderboard');
    await userEvent.click(screen.getByRole('button', { name: 'COD' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/leaderboard?game=cod&page=1')).toBe(true));
  });
});
